import * as z from 'zod/mini';
import { ROAD_REGIONS, roadFactorSet, type RoadRegion } from '../data/road-regions.js';
import { addIssue, positiveNumberSchema } from './common.js';
import { hubElementSchema } from './hub.js';
import { legData, legDataShape, TEMPERATURES, type LegData, type Temperature } from './leg-data.js';
import { legRoute, legRouteShape, type LegPlaces } from './places.js';
import { MAX_LEGS_PER_REQUEST, type DefaultedFields } from './road-common.js';

/** Shipping methods of E11. */
export const SHIPPING_METHODS = ['SHIP', 'TRUCK_LIGHT', 'TRUCK_MEDIUM', 'TRUCK_HEAVY', 'FLIGHT', 'TRAIN', 'MOTORCYCLE'] as const;
/** One of {@link SHIPPING_METHODS}. */
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
/** The three truck methods of E11. */
export type TruckMethod = 'TRUCK_LIGHT' | 'TRUCK_MEDIUM' | 'TRUCK_HEAVY';

/** The contract's default truck capacity per truck method, in tonnes. */
export const DEFAULT_TRUCK_CAPACITY: Readonly<Record<TruckMethod, number>> = {
  TRUCK_LIGHT: 1.75,
  TRUCK_MEDIUM: 7.75,
  TRUCK_HEAVY: 15,
};
/** The contract's default leg distance (km) and weight (tonnes) of E11. */
export const LOGISTICS_LEG_DEFAULTS = { shipping_distance: 100, shipping_weight: 20 } as const;

/** True for the three truck methods. */
export function isTruckMethod(method: ShippingMethod): method is TruckMethod {
  return method === 'TRUCK_LIGHT' || method === 'TRUCK_MEDIUM' || method === 'TRUCK_HEAVY';
}

/**
 * A parsed E11 leg: km, tonnes, the truck capacity in tonnes on truck legs only, and the load or
 * the carrier's fuel when sent ({@link LegData}).
 */
export interface LogisticsLeg extends LegData, LegPlaces {
  readonly shipping_method: ShippingMethod;
  /** The leg's distance, in km. */
  readonly shipping_distance: number;
  /** The cargo's mass, in tonnes. */
  readonly shipping_weight: number;
  /** The truck's capacity, in tonnes (truck legs only). */
  readonly truck_capacity?: number;
  /** The country whose road factors a truck leg takes (truck legs only; India's when not sent). */
  readonly region?: RoadRegion;
  /** `chilled`: a refrigerated truck (truck legs only, not TRUCK_LIGHT); ambient when not sent. */
  readonly temperature?: Temperature;
  /**
   * The trucks' empty running, as a ratio: km driven empty per km of the leg (0 to 1, `1` a full
   * empty return), on a dedicated truck leg of India's model only; none when not sent (since 0.6.0).
   */
  readonly empty_distance_factor?: number;
  readonly defaulted?: DefaultedFields;
}

/**
 * A parsed E11 leg as sent: a leg given by its places (`origin`, `destination`) carries its
 * `shipping_distance` only when that was sent too (the calculators resolve it, docs/methodology.md,
 * "Distances from places").
 *
 * @remarks Since 0.6.0
 */
export type SentLogisticsLeg =
  | LogisticsLeg
  | (Omit<LogisticsLeg, 'shipping_distance'> & { readonly shipping_distance?: undefined });

/**
 * Why an E11 leg cannot take its `region`, `temperature` or `empty_distance_factor` (the field and
 * the reason of the 400), or undefined: road factors only; GLEC's European one is a heavy truck's;
 * DESNZ publishes no refrigerated van; empty running is added to India's dedicated truck model
 * only. Checked again when a leg given by places takes its origin's country.
 *
 * @internal
 */
export function legRegionProblem(
  leg: {
    readonly shipping_method: ShippingMethod;
    readonly region?: RoadRegion | undefined;
    readonly temperature?: Temperature | undefined;
    readonly fuel_type?: LogisticsLeg['fuel_type'] | undefined;
    readonly load?: LogisticsLeg['load'] | undefined;
    readonly empty_distance_factor?: number | undefined;
  },
): readonly ['region' | 'temperature' | 'empty_distance_factor', string] | undefined {
  const truck = isTruckMethod(leg.shipping_method);
  const modelled = leg.fuel_type === undefined;
  const europe = leg.region !== undefined && roadFactorSet(leg.region) === 'glec-europe';
  const problems = [
    ['region', leg.region !== undefined && !truck, 'Allowed only on truck legs.'],
    ['empty_distance_factor', leg.empty_distance_factor !== undefined && !truck, 'Allowed only on truck legs.'],
    ['empty_distance_factor', leg.empty_distance_factor !== undefined && truck && !modelled, "The carrier's fuel already holds the empty running."],
    [
      'empty_distance_factor',
      leg.empty_distance_factor !== undefined && truck && modelled && (leg.load === 'shared' || (leg.region !== undefined && leg.region !== 'IN')),
      'A default intensity per tonne-km (a shared load, a region other than IN) already holds its class\'s average empty running.',
    ],
    ['temperature', leg.temperature !== undefined && !truck, 'Allowed only on truck legs.'],
    ['region', europe && truck && modelled && leg.shipping_method !== 'TRUCK_HEAVY', `No European factor for ${leg.shipping_method}: IN, GB.`],
    ['temperature', leg.temperature === 'chilled' && modelled && leg.shipping_method === 'TRUCK_LIGHT', 'No refrigerated factor for TRUCK_LIGHT.'],
  ] as const;
  const found = problems.find(([, refused]) => refused);
  return found === undefined ? undefined : [found[0], found[2]];
}

/** One leg of E11; `truck_capacity` is kept only on truck legs, where it gets its default. */
export const logisticsLegSchema = /* @__PURE__ */ z.pipe(
  z.object({
    shipping_method: z.enum(SHIPPING_METHODS),
    shipping_distance: z.optional(positiveNumberSchema),
    shipping_weight: z.optional(positiveNumberSchema),
    truck_capacity: z.optional(positiveNumberSchema),
    region: z.optional(z.enum(ROAD_REGIONS)),
    temperature: z.optional(z.enum(TEMPERATURES)),
    empty_distance_factor: z.optional(z.number().check(z.gte(0), z.lte(1))),
    ...legDataShape,
    ...legRouteShape,
  }),
  z.transform((leg, payload): SentLogisticsLeg => {
    const data = legData(leg, payload);
    if (data === undefined) return z.NEVER;
    const route = legRoute(leg, (path, message) => addIssue(payload, path, message));
    if (route === 'refused') return z.NEVER;
    const problem = legRegionProblem(leg);
    if (problem !== undefined) {
      addIssue(payload, [problem[0]], problem[1]);
      return z.NEVER;
    }
    const defaulted: string[] = [];
    // A leg given by places has its distance from them, not the contract's default.
    if (leg.shipping_distance === undefined && route === undefined) defaulted.push('shipping_distance');
    if (leg.shipping_weight === undefined) defaulted.push('shipping_weight');
    const distance = leg.shipping_distance ?? (route === undefined ? LOGISTICS_LEG_DEFAULTS.shipping_distance : undefined);
    const base = {
      shipping_method: leg.shipping_method,
      shipping_distance: distance,
      shipping_weight: leg.shipping_weight ?? LOGISTICS_LEG_DEFAULTS.shipping_weight,
      ...data,
      ...route,
    } as SentLogisticsLeg;
    let parsed: SentLogisticsLeg = leg.region === undefined ? base : { ...base, region: leg.region };
    if (leg.temperature !== undefined) parsed = { ...parsed, temperature: leg.temperature };
    if (leg.empty_distance_factor !== undefined) parsed = { ...parsed, empty_distance_factor: leg.empty_distance_factor };
    if (isTruckMethod(leg.shipping_method)) {
      if (leg.truck_capacity === undefined) defaulted.push('truck_capacity');
      parsed = { ...parsed, truck_capacity: leg.truck_capacity ?? DEFAULT_TRUCK_CAPACITY[leg.shipping_method] };
    }
    return defaulted.length > 0 ? { ...parsed, defaulted } : parsed;
  }),
);

/**
 * One element of an E11 shipment: a leg, or (since 0.6.0) a hub between legs, told apart by
 * `hub_type` ({@link hubElementSchema}).
 *
 * @remarks Since 0.6.0
 */
export const logisticsChainElementSchema = /* @__PURE__ */ z.union([logisticsLegSchema, hubElementSchema]);

/**
 * The body of E11 `POST /v3/logistics`: 1 to 100 elements of one shipment, each a leg or a hub.
 *
 * @example
 * ```ts
 * validate(logisticsRequestSchema, { queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 350 }] } });
 * ```
 * @remarks Since 0.1.0
 */
export const logisticsRequestSchema = /* @__PURE__ */ z.object({
  queries: z.object({ legs: z.array(logisticsChainElementSchema).check(z.minLength(1), z.maxLength(MAX_LEGS_PER_REQUEST)) }),
});

/** The equivalents of a tonnes total, as strings with 3 decimals. */
export const equivalentsSchema = /* @__PURE__ */ z.object({
  trash_collected: z.string(),
  trees_planted: z.string(),
  lamps_collected: z.string(),
});

/** The success body of E11 and E13, in tonnes CO2e. */
export const logisticsResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  truecost: z.object({ total_truecost: z.number(), legs: z.array(z.number()), equivalents: equivalentsSchema }),
});

/** A parsed E11 request. */
export type LogisticsRequest = z.output<typeof logisticsRequestSchema>;
/** An E11 request as sent. */
export type LogisticsRequestInput = z.input<typeof logisticsRequestSchema>;
/** The E11 (and E13) success body. */
export type LogisticsResponse = z.output<typeof logisticsResponseSchema>;
/** Trash bags, tree seedlings and lamps equivalent to a total. */
export type Equivalents = z.output<typeof equivalentsSchema>;
