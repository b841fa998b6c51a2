import { checkedRequest } from '../validation/checked-request.js';
import type { FactorUse } from '../data/factor.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import type { FreightRequestInput } from '../schemas/freight.js';
import type { HubReportElement, Iso14083Report, TransportChainElement } from '../schemas/iso14083-report.js';
import { isHub, type HubElement } from '../schemas/hub.js';
import { hubChainElement, type HubChainElement } from './hub.js';
import { logisticsRequestSchema, type LogisticsRequestInput } from '../schemas/logistics.js';
import { sumParts } from './basis.js';
import { freightElements } from './freight.js';
import type { PlacesOption } from './leg-distance.js';
import { logisticsLegs } from './logistics.js';
import { logisticsElement } from './logistics-legs.js';
import { KG_PER_TONNE, roundKilograms, roundSixDecimals } from './rounding.js';
import { tonneKm, type ChainElement } from './transport-chain.js';

// The ISO 14083 report of a shipment: its legs as transport chain elements, in kg CO2e with both
// parts (well-to-wheel = tank-to-wheel + well-to-tank, whatever basis the figures are asked on).

type ReportedElement = ChainElement & { readonly factors: readonly FactorUse[] };

/**
 * Kilograms to the gram: the well-to-wheel figure rounded from the unrounded parts (so that it is
 * the calculator's figure), its well-to-tank part the rest after the rounded tank-to-wheel part (so
 * that the parts sum to it, as TIM's breakdowns do).
 */
function kilograms(tankToWheelTonnes: number, wellToTankTonnes: number) {
  const wellToWheel = roundKilograms((tankToWheelTonnes + wellToTankTonnes) * KG_PER_TONNE);
  const tankToWheel = roundKilograms(tankToWheelTonnes * KG_PER_TONNE);
  return { tank_to_wheel_kg: tankToWheel, well_to_tank_kg: roundKilograms(wellToWheel - tankToWheel), well_to_wheel_kg: wellToWheel };
}

/** A hub of the report, with what it was sent as. */
interface ReportedHub {
  readonly hub: HubElement;
  readonly element: HubChainElement;
}

function hubRow(index: number, { hub, element }: ReportedHub): HubReportElement {
  const { tankToWheel, wellToTank } = element.parts;
  return {
    element: index,
    hub_type: hub.hub_type,
    temperature: hub.temperature,
    hub_operation_category: element.operationCategory,
    mass_t: element.massTonnes,
    ...kilograms(tankToWheel, wellToTank),
    intensity_kg_per_tonne: element.intensityKgPerTonne,
    data_type: element.dataType,
    sources: element.factors.map(({ name, value, unit, source }) => ({ name, value, unit, source })),
  };
}

function reportOf(elements: readonly (ReportedElement | ReportedHub)[]): Iso14083Report {
  let activity = 0;
  let primary = 0;
  const rows = elements.map((element, index): TransportChainElement | HubReportElement => {
    if ('hub' in element) {
      if (element.element.dataType === 'primary') primary += element.element.parts.tankToWheel + element.element.parts.wellToTank;
      return hubRow(index, element);
    }
    const { tankToWheel, wellToTank } = element.parts;
    const legActivity = tonneKm(element);
    activity += legActivity;
    if (element.dataType === 'primary') primary += tankToWheel + wellToTank;
    return {
      element: index,
      mode: element.mode,
      transport_operation_category: element.operationCategory,
      distance_km: element.distanceKm,
      mass_t: element.massTonnes,
      tonne_km: roundSixDecimals(legActivity),
      ...kilograms(tankToWheel, wellToTank),
      intensity_tank_to_wheel_kg_per_tonne_km: roundSixDecimals((tankToWheel * KG_PER_TONNE) / legActivity),
      intensity_well_to_wheel_kg_per_tonne_km: roundSixDecimals(((tankToWheel + wellToTank) * KG_PER_TONNE) / legActivity),
      data_type: element.dataType,
      sources: [...new Set(element.factors)].map(({ name, value, unit, source }) => ({ name, value, unit, source })),
    };
  });
  const total = sumParts(elements.map((element) => ('hub' in element ? element.element.parts : element.parts)));
  const wellToWheel = total.tankToWheel + total.wellToTank;
  return {
    report: {
      standard: 'ISO 14083:2023',
      methodology_version: METHODOLOGY_VERSION,
      transport_chain_elements: rows,
      totals: {
        tonne_km: roundSixDecimals(activity),
        ...kilograms(total.tankToWheel, total.wellToTank),
        intensity_well_to_wheel_kg_per_tonne_km: roundSixDecimals((wellToWheel * KG_PER_TONNE) / activity),
        primary_data_share: roundSixDecimals(primary / wellToWheel),
      },
    },
  };
}

/**
 * The ISO 14083 report of an E11 shipment: each leg as a transport chain element (mode, transport
 * operation category, distance, mass, tonne-km, tank-to-wheel, well-to-tank and well-to-wheel kg
 * CO2e, intensities, data type and sources), in request order, and the totals. The figures are
 * those of `logisticsTruecost`, in kg.
 *
 * @example
 * ```ts
 * logisticsReport({ queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 800, shipping_weight: 0.002, load: 'shared' }] } })
 *   .report.totals.well_to_wheel_kg; // 0.334
 * ```
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.4.0
 */
export function logisticsReport(input: LogisticsRequestInput, options?: PlacesOption): Iso14083Report {
  const request = checkedRequest(logisticsRequestSchema, input);
  return reportOf(logisticsLegs(request, options).map(({ leg }) => (isHub(leg) ? { hub: leg, element: hubChainElement(leg) } : logisticsElement(leg))));
}

/**
 * The ISO 14083 report of E13 freight legs, as {@link logisticsReport} gives E11's; the mass of a
 * container leg is the cargo with the containers' tare on a dedicated truck, the cargo alone on an
 * intensity per tonne-km (rail, ship, a shared or regional truck). The figures are those of
 * `freightTruecost`, in kg.
 *
 * @throws TruecostValidationError when the schema refuses the request (the `path` and `reason` of the API's 400).
 * @remarks Since 0.4.0
 */
export function freightReport(input: FreightRequestInput, options?: PlacesOption): Iso14083Report {
  return reportOf(freightElements(input, options));
}
