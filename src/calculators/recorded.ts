// What a recorded calculation keeps of a calculator's answer (docs/api.md, "Recorded calculations"):
// its figure in grams of CO2e, well-to-wheel whatever the unit and basis the answer used, with its
// parts, the share from primary data and the data type. Pure: the id and the times are arguments.
import type { CalculationDataType, CalculationEndpoint, CalculationRecord } from '../orders/calculations.js';
import type { Scope } from '../orders/types.js';
import { occurredAtOf, type RecordRequest } from '../schemas/record.js';
import type { Iso14083Report } from '../schemas/iso14083-report.js';
import type { CalculatorOptions } from './basis.js';
import { carTruecost, explainCarTruecost } from './car.js';
import { EQUIVALENTS_ITEM } from './equivalents.js';
import { commuteTruecost, explainCommuteTruecost } from './commute.js';
import type { Explained } from './explanation.js';
import { explainFlightTruecost, flightTruecost } from './flight/index.js';
import { explainFreightTruecost, freightTruecost } from './freight.js';
import { freightReport, logisticsReport } from './iso14083.js';
import { explainLogisticsTruecost, logisticsTruecost } from './logistics.js';
import { explainTripTruecost, tripTruecost } from './trip/index.js';
import { explainTransportationTruecost, transportationTruecost } from './transportation.js';
import { METHODOLOGY_VERSION } from '../data/version.js';

/** One calculator as recording and the bulk routes use it: its functions on a validated body, and its unit. */
export interface RecordableCalculator {
  readonly calculate: (body: any, options?: CalculatorOptions) => unknown;
  readonly explain: (body: any, options?: CalculatorOptions) => Explained<unknown>;
  /** Kilograms in one unit of the answer: 1000 where it answers tonnes, 1 where kilograms. */
  readonly kgPerUnit: number;
  /** The ISO 14083 report of a shipment (E11, E13), whose elements give the data type and the primary share. */
  readonly report?: (body: any) => Iso14083Report;
}

/** Every recordable calculator, by the name the bulk route and the statement use (docs/api.md). */
export const recordableCalculators: Readonly<Record<CalculationEndpoint, RecordableCalculator>> = {
  flight: { calculate: flightTruecost, explain: explainFlightTruecost, kgPerUnit: 1000 },
  cars: { calculate: carTruecost, explain: explainCarTruecost, kgPerUnit: 1000 },
  transportation: { calculate: transportationTruecost, explain: explainTransportationTruecost, kgPerUnit: 1 },
  logistics: { calculate: logisticsTruecost, explain: explainLogisticsTruecost, kgPerUnit: 1000, report: logisticsReport },
  commute: { calculate: commuteTruecost, explain: explainCommuteTruecost, kgPerUnit: 1000 },
  freight: { calculate: freightTruecost, explain: explainFreightTruecost, kgPerUnit: 1000, report: freightReport },
  trip: { calculate: tripTruecost, explain: explainTripTruecost, kgPerUnit: 1 },
};

/** The figures of a recorded calculation, in whole grams of CO2e. */
export interface RecordedFigures {
  readonly wellToWheelGrams: number;
  readonly tankToWheelGrams: number;
  readonly wellToTankGrams: number;
  readonly primaryGrams: number;
  readonly dataType: CalculationDataType;
}

/**
 * The options a recorded figure is computed with: those of the request, on the well-to-wheel basis
 * whatever basis the answer was given on, so that every recorded figure adds up with every other.
 */
function wellToWheel(options: CalculatorOptions | undefined): CalculatorOptions {
  const { desnzWellToTank: _left, ...rest } = (options ?? {}) as CalculatorOptions & { readonly desnzWellToTank?: boolean };
  return { ...rest, basis: 'wtw' };
}

/** Where a calculator's figures come from when no ISO 14083 element says (docs/api.md, "Recorded calculations"). */
function dataTypeOf(endpoint: CalculationEndpoint, body: any, options: CalculatorOptions | undefined, report: Iso14083Report | undefined): CalculationDataType {
  const types = new Set<CalculationDataType>();
  if (report !== undefined) for (const element of report.report.transport_chain_elements) types.add(element.data_type);
  else if (endpoint === 'flight') types.add((options as { readonly method?: string } | undefined)?.method === 'desnz-2025' ? 'default' : 'modelled');
  else if (endpoint === 'trip') for (const leg of body.trip.legs as readonly { readonly mode: string }[]) types.add(leg.mode === 'flight' ? 'modelled' : 'default');
  else types.add('default');
  return types.size === 1 ? [...types][0]! : 'mixed';
}

/**
 * The figures of a calculation: well-to-wheel grams (the sum of its elements before rounding, on the
 * well-to-wheel basis; an SUV commute's is the whole vehicle's, E10's `entire_suv_truecost`), the tank-to-wheel and well-to-tank parts (a hotel stay counts in neither),
 * the grams computed from primary data, and the data type.
 */
export function recordedFigures(endpoint: CalculationEndpoint, body: unknown, options?: CalculatorOptions): RecordedFigures {
  const calculator = recordableCalculators[endpoint];
  const explained = calculator.explain(body, wellToWheel(options));
  let total = 0;
  let tankToWheel = 0;
  let wellToTank = 0;
  for (const item of explained.items) {
    if (item.item === EQUIVALENTS_ITEM) continue;
    total += item.unrounded;
    tankToWheel += item.basis.tank_to_wheel;
    wellToTank += item.basis.well_to_tank;
  }
  const grams = (amount: number): number => Math.round(amount * calculator.kgPerUnit * 1000);
  const report = calculator.report?.(body);
  const wellToWheelGrams = grams(total);
  const primaryShare = report === undefined ? 0 : report.report.totals.primary_data_share;
  return {
    wellToWheelGrams,
    tankToWheelGrams: grams(tankToWheel),
    wellToTankGrams: grams(wellToTank),
    primaryGrams: Math.round(wellToWheelGrams * primaryShare),
    dataType: dataTypeOf(endpoint, body, options, report),
  };
}

/** What a recorded calculation is made of, besides its figures. */
export interface CalculationInput extends Scope {
  readonly calculationId: string;
  readonly endpoint: CalculationEndpoint;
  readonly record: RecordRequest;
  /** The validated body the calculator computed. */
  readonly body: unknown;
  readonly options?: CalculatorOptions | undefined;
  /** The query string of the request ('' when none). */
  readonly query: string;
  /** The body as the partner sent it. */
  readonly sent: unknown;
  /** The answer, without `calculation_id`. */
  readonly response: unknown;
  /** When the calculation is recorded, in milliseconds since the epoch. */
  readonly now: number;
}

/**
 * The record of a calculation: its figures (see {@link recordedFigures}), the partner's labels,
 * `occurred_at` (the time of the request when absent) and the methodology version of this build.
 */
export function recordedCalculation(input: CalculationInput): CalculationRecord {
  const { record } = input;
  return {
    partnerId: input.partnerId,
    environment: input.environment,
    calculationId: input.calculationId,
    endpoint: input.endpoint,
    reference: record.reference ?? null,
    client: record.client ?? null,
    occurredAt: record.occurred_at === undefined ? input.now : occurredAtOf(record.occurred_at)!,
    recordedAt: input.now,
    scope3Category: record.scope3_category ?? null,
    methodologyVersion: METHODOLOGY_VERSION,
    ...recordedFigures(input.endpoint, input.body, input.options),
    query: input.query,
    request: input.sent,
    response: input.response,
  };
}
