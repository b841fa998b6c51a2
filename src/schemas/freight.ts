import * as z from 'zod/mini';
import { roadAssumptions } from '../data/assumptions.js';
import { CONTAINER_TYPES, containerSpecs, type ContainerType } from '../data/containers.js';
import { indiaGhgTruckClassBounds } from '../data/india-ghg-2015.js';
import { ROAD_REGIONS, roadFactorSet } from '../data/road-regions.js';
import { addIssue, positiveNumberSchema, rule } from './common.js';
import { legData, legDataShape, TEMPERATURES, type LegData, type Temperature } from './leg-data.js';
import { legRoute, legRouteShape, type LegPlaces } from './places.js';
import { MAX_LEGS_PER_REQUEST } from './road-common.js';

/** Regions E13 supports: the road regions (India, Great Britain, the EU member states); rail and ship take DESNZ's factors in any. */
export const FREIGHT_REGIONS = ROAD_REGIONS;
/** One of {@link FREIGHT_REGIONS}. */
type FreightRegion = (typeof FREIGHT_REGIONS)[number];
/** Modes of E13, chosen once per request in `configs.transportation_type`. */
export const FREIGHT_TRANSPORTATION_TYPES = ['truck', 'rail', 'ship'] as const;
/** One of {@link FREIGHT_TRANSPORTATION_TYPES}. */
export type FreightTransportationType = (typeof FREIGHT_TRANSPORTATION_TYPES)[number];
/** How the goods travel on a leg. */
export const FREIGHT_SHIPPING_METHODS = ['container', 'loose'] as const;
/** Largest custom container tare accepted, in tonnes (catches a tare sent in kg by mistake). */
export const MAX_CONTAINER_TARE_TONNES = 10;

/**
 * Truck fields of a leg, in tonnes; `dry_run` adds the empty return trip; with the load or the
 * carrier's fuel when sent ({@link LegData}).
 */
export interface FreightTruckFields extends LegData, LegPlaces {
  /** The empty truck's mass, in tonnes. */
  readonly truck_unladen_weight?: number;
  /** The most the truck carries, in tonnes. */
  readonly truck_max_capacity?: number;
  readonly dry_run: boolean;
  /** `chilled`: a refrigerated truck (truck mode only, over 3.5 t gross); ambient when not sent. */
  readonly temperature?: Temperature;
  /** The leg's own road region, over `configs.region` (truck mode only; since 0.6.0). */
  readonly region?: FreightRegion;
  /**
   * The trucks' empty running without the containers, as a ratio: km driven empty per km of the
   * leg (0 to 1), on a dedicated truck in India; none when not sent (since 0.6.0). `dry_run` is
   * the whole return with the empty containers.
   */
  readonly empty_distance_factor?: number;
}

/** A parsed container leg: `weight` (cargo, tonnes) and `distance` (km). */
export interface FreightContainerLeg extends FreightTruckFields {
  readonly shipping_method: 'container';
  /** The cargo's mass, in tonnes. */
  readonly weight: number;
  /** The leg's distance, in km. */
  readonly distance: number;
  readonly container_type: ContainerType;
  /** The empty container's mass, in tonnes (at most {@link MAX_CONTAINER_TARE_TONNES}). */
  readonly container_tare_weight?: number;
}

/** A parsed loose leg: `weight` (tonnes) and `distance` (km). */
export interface FreightLooseLeg extends FreightTruckFields {
  readonly shipping_method: 'loose';
  /** The cargo's mass, in tonnes. */
  readonly weight: number;
  /** The leg's distance, in km. */
  readonly distance: number;
}

/** A parsed E13 leg. */
export type FreightLeg = FreightContainerLeg | FreightLooseLeg;

/**
 * A parsed E13 leg as sent: a leg given by its places (`origin`, `destination`) carries its `distance`
 * only when that was sent too (the calculators resolve it, docs/methodology.md, "Distances from places").
 *
 * @remarks Since 0.6.0
 */
export type SentFreightLeg =
  | FreightLeg
  | (Omit<FreightContainerLeg, 'distance'> & { readonly distance?: undefined })
  | (Omit<FreightLooseLeg, 'distance'> & { readonly distance?: undefined });

/**
 * The truck of a leg: its capacity (by default one full container, or the heavy truck for loose
 * goods) and gross vehicle weight (the unladen mass by default a share of the capacity), in tonnes.
 */
export function legTruck(leg: SentFreightLeg): { readonly capacity: number; readonly grossTonnes: number } {
  const fallback = leg.shipping_method === 'container' ? containerSpecs[leg.container_type].maxGross.value : roadAssumptions.looseFreightTruckCapacity.value;
  const capacity = leg.truck_max_capacity ?? fallback;
  return { capacity, grossTonnes: (leg.truck_unladen_weight ?? capacity * roadAssumptions.truckUnladenShare.value) + capacity };
}

const TRUCK_ONLY_FIELDS = ['truck_unladen_weight', 'truck_max_capacity', 'empty_distance_factor'] as const;

/** One leg of E13; `container_type` is required on container legs and ignored on loose ones. */
export const freightLegSchema = /* @__PURE__ */ z.pipe(
  z.object({
    shipping_method: z.enum(FREIGHT_SHIPPING_METHODS),
    weight: positiveNumberSchema,
    distance: z.optional(positiveNumberSchema),
    container_type: z.optional(z.enum(CONTAINER_TYPES)),
    container_tare_weight: z.optional(z.number().check(z.gt(0), z.lte(MAX_CONTAINER_TARE_TONNES))),
    truck_unladen_weight: z.optional(positiveNumberSchema),
    truck_max_capacity: z.optional(positiveNumberSchema),
    dry_run: z.optional(z.boolean()),
    temperature: z.optional(z.enum(TEMPERATURES)),
    region: z.optional(z.enum(FREIGHT_REGIONS)),
    empty_distance_factor: z.optional(z.number().check(z.gte(0), z.lte(1))),
    ...legDataShape,
    ...legRouteShape,
  }),
  z.transform((leg, ctx): SentFreightLeg => {
    const data = legData(leg, ctx);
    if (data === undefined) return z.NEVER;
    const route = legRoute(leg, (path, message) => addIssue(ctx, path, message));
    if (route === 'refused') return z.NEVER;
    if (leg.distance === undefined && route === undefined) {
      addIssue(ctx, ['distance'], 'Required, or origin and destination.');
      return z.NEVER;
    }
    if (leg.dry_run === true && (data.load === 'shared' || data.fuel_type !== undefined)) {
      addIssue(
        ctx,
        ['dry_run'],
        "Not with load shared or fuel_type: a shared load's intensity includes empty running, and the carrier's fuel is the whole leg's.",
      );
      return z.NEVER;
    }
    if (leg.empty_distance_factor !== undefined) {
      const refused =
        leg.dry_run === true
          ? 'Not with dry_run, which is the whole return with the empty containers: send one or the other.'
          : data.load === 'shared' || data.fuel_type !== undefined
            ? "Not with load shared or fuel_type: a shared load's intensity holds its empty running, and the carrier's fuel is the whole leg's."
            : undefined;
      if (refused !== undefined) {
        addIssue(ctx, ['empty_distance_factor'], refused);
        return z.NEVER;
      }
    }
    let truck = { dry_run: leg.dry_run ?? false, ...data, ...route } as FreightTruckFields;
    if (leg.truck_unladen_weight !== undefined) truck = { ...truck, truck_unladen_weight: leg.truck_unladen_weight };
    if (leg.truck_max_capacity !== undefined) truck = { ...truck, truck_max_capacity: leg.truck_max_capacity };
    if (leg.temperature !== undefined) truck = { ...truck, temperature: leg.temperature };
    if (leg.region !== undefined) truck = { ...truck, region: leg.region };
    if (leg.empty_distance_factor !== undefined) truck = { ...truck, empty_distance_factor: leg.empty_distance_factor };
    if (leg.shipping_method === 'loose') {
      return { shipping_method: 'loose', weight: leg.weight, distance: leg.distance, ...truck } as SentFreightLeg;
    }
    if (leg.container_type === undefined) {
      addIssue(ctx, ['container_type'], 'Required on container legs.');
      return z.NEVER;
    }
    const container = {
      shipping_method: 'container',
      weight: leg.weight,
      distance: leg.distance,
      container_type: leg.container_type,
      ...truck,
    } as SentFreightLeg & { readonly shipping_method: 'container' };
    return leg.container_tare_weight === undefined
      ? container
      : { ...container, container_tare_weight: leg.container_tare_weight };
  }),
);

/**
 * The body of E13 `POST /v3/logistics/freight`: a road region ({@link FREIGHT_REGIONS}), one mode
 * for all legs, 1 to 100 legs. Truck fields, `load` and `dry_run: true` are allowed only when the
 * mode is truck; outside India a truck leg takes its region's default intensity, so `dry_run` is
 * refused there, and an EU truck must be heavy (over 12 t gross).
 *
 * @example
 * ```ts
 * validate(freightRequestSchema, {
 *   configs: { region: 'IN', transportation_type: 'truck' },
 *   queries: { legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400, dry_run: true }] },
 * });
 * ```
 * @remarks Since 0.1.0
 */
export const freightRequestSchema = /* @__PURE__ */ z
  .object({
    configs: z.object({
      region: z.enum(FREIGHT_REGIONS),
      transportation_type: z.enum(FREIGHT_TRANSPORTATION_TYPES),
    }),
    queries: z.object({ legs: z.array(freightLegSchema).check(z.minLength(1), z.maxLength(MAX_LEGS_PER_REQUEST)) }),
  })
  .check(
    rule((request, report) => {
      if (request.configs.transportation_type === 'truck') {
        request.queries.legs.forEach((leg, index) => {
          const problem = freightRegionProblem(leg, leg.region ?? request.configs.region);
          if (problem !== undefined) report(['queries', 'legs', index, problem[0]], problem[1]);
        });
        return;
      }
      request.queries.legs.forEach((leg, index) => {
        const path = ['queries', 'legs', index];
        for (const field of TRUCK_ONLY_FIELDS) {
          if (leg[field] !== undefined) report([...path, field], 'Allowed only when configs.transportation_type is truck.');
        }
        if (leg.dry_run) report([...path, 'dry_run'], 'Can be true only when configs.transportation_type is truck.');
        if (leg.load !== undefined) report([...path, 'load'], 'Allowed only when configs.transportation_type is truck.');
        if (leg.temperature !== undefined) report([...path, 'temperature'], 'Allowed only when configs.transportation_type is truck.');
        if (leg.region !== undefined) report([...path, 'region'], 'Allowed only when configs.transportation_type is truck.');
      });
    }),
  );

/**
 * Why an E13 truck leg cannot be priced in `region` (the field and the reason of the 400), or
 * undefined: outside India a default intensity holds the empty running (`dry_run` refused); GLEC's
 * European one is a heavy truck's; DESNZ publishes no refrigerated van. Checked again when a leg
 * given by places takes its origin's country.
 *
 * @internal
 */
export function freightRegionProblem(
  leg: SentFreightLeg,
  region: FreightRegion,
): readonly ['dry_run' | 'empty_distance_factor' | 'region' | 'temperature', string] | undefined {
  const gross = leg.fuel_type === undefined ? legTruck(leg).grossTonnes : Infinity;
  if (leg.dry_run && region !== 'IN') return ['dry_run', `Not in region ${region}.`];
  if (leg.empty_distance_factor !== undefined && region !== 'IN') return ['empty_distance_factor', `Not in region ${region}, whose default intensity holds the empty running.`];
  if (roadFactorSet(region) === 'glec-europe' && gross <= indiaGhgTruckClassBounds.mdvMaxGrossTonnes.value) return ['region', 'No European factor at 12 t gross or less: IN, GB.'];
  if (leg.temperature === 'chilled' && gross <= indiaGhgTruckClassBounds.ldvMaxGrossTonnes.value) return ['temperature', 'No refrigerated factor at 3.5 t gross or less.'];
  return undefined;
}

/** A parsed E13 request. */
export type FreightRequest = z.output<typeof freightRequestSchema>;
/** An E13 request as sent. */
export type FreightRequestInput = z.input<typeof freightRequestSchema>;
