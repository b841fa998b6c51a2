import * as z from 'zod/mini';
import { addIssue, positiveNumberSchema } from './common.js';

// What a freight leg (E11, E13) may say beyond its mass and distance: how the vehicle is loaded,
// and the carrier's own fuel or electricity for the leg (primary data, ISO 14083). See docs/api.md.

/** `dedicated` (default): the shipment fills its own vehicles; `shared`: it shares them, allocated by tonne-km. */
export const LOADS = ['dedicated', 'shared'] as const;
/** One of {@link LOADS}. */
export type Load = (typeof LOADS)[number];

/** The temperature goods travel at on a road leg: `ambient` (default) or `chilled` (a refrigerated truck). */
export const TEMPERATURES = ['ambient', 'chilled'] as const;
/** One of {@link TEMPERATURES}. */
export type Temperature = (typeof TEMPERATURES)[number];

/** The carrier's energy a leg may carry, each in its own unit ({@link FUEL_UNITS}). */
export const LEG_FUEL_TYPES = ['diesel', 'petrol', 'cng', 'electricity'] as const;
/** One of {@link LEG_FUEL_TYPES}. */
export type LegFuelType = (typeof LEG_FUEL_TYPES)[number];

/** The unit of `fuel_amount` for each fuel type: litres, kilograms, kilowatt-hours. */
export const FUEL_UNITS: Readonly<Record<LegFuelType, 'l' | 'kg' | 'kWh'>> = {
  diesel: 'l',
  petrol: 'l',
  cng: 'kg',
  electricity: 'kWh',
};

/** Grids an electric leg may draw from: India's (CEA). */
export const LEG_GRIDS = ['IN'] as const;

/** The leg fields of this module, as parsed: the fuel fields come together, the unit filled in. */
export interface LegData {
  readonly load?: Load;
  readonly fuel_type?: LegFuelType;
  /** In `fuel_unit`: the leg's share of the carrier's fuel (l, kg) or electricity (kWh). */
  readonly fuel_amount?: number;
  readonly fuel_unit?: 'l' | 'kg' | 'kWh';
  readonly grid?: (typeof LEG_GRIDS)[number];
}

/** The fields of {@link LegData}, to add to a leg's object schema. */
export const legDataShape = {
  load: /* @__PURE__ */ z.optional(z.enum(LOADS)),
  fuel_type: /* @__PURE__ */ z.optional(z.enum(LEG_FUEL_TYPES)),
  fuel_amount: /* @__PURE__ */ z.optional(positiveNumberSchema),
  fuel_unit: /* @__PURE__ */ z.optional(z.enum(['l', 'kg', 'kWh'])),
  grid: /* @__PURE__ */ z.optional(z.enum(LEG_GRIDS)),
};

/** The input of {@link legData}: the fields of {@link legDataShape} as zod parsed them. */
type LegDataInput = { [K in keyof LegData]?: LegData[K] | undefined };

/**
 * The leg's {@link LegData}, or undefined after adding an issue to `payload` (the transform's
 * payload): the fuel type and amount come together, with the unit of the type when one is sent,
 * a grid with electricity only, and no `load` beside the carrier's fuel.
 */
export function legData(leg: LegDataInput, payload: z.core.ParsePayload): LegData | undefined {
  const { load, fuel_type: type, fuel_amount: amount, fuel_unit: unit, grid } = leg;
  if (type === undefined) {
    for (const field of ['fuel_amount', 'fuel_unit', 'grid'] as const) {
      if (leg[field] !== undefined) {
        addIssue(payload, [field], 'Allowed only with fuel_type.');
        return undefined;
      }
    }
    return load === undefined ? {} : { load };
  }
  if (amount === undefined) {
    addIssue(payload, ['fuel_amount'], `Required with fuel_type, in ${FUEL_UNITS[type]}.`);
    return undefined;
  }
  if (unit !== undefined && unit !== FUEL_UNITS[type]) {
    addIssue(payload, ['fuel_unit'], `Must be ${FUEL_UNITS[type]} for ${type}.`);
    return undefined;
  }
  if (load !== undefined) {
    addIssue(payload, ['load'], "Not with fuel_type: a leg with the carrier's fuel is computed from it.");
    return undefined;
  }
  if (type === 'electricity') {
    if (grid === undefined) {
      addIssue(payload, ['grid'], 'Required with electricity: the grid the energy came from (IN).');
      return undefined;
    }
    return { fuel_type: type, fuel_amount: amount, fuel_unit: FUEL_UNITS[type], grid };
  }
  if (grid !== undefined) {
    addIssue(payload, ['grid'], 'Allowed only with electricity.');
    return undefined;
  }
  return { fuel_type: type, fuel_amount: amount, fuel_unit: FUEL_UNITS[type] };
}
