import * as z from 'zod/mini';
import { HUB_TYPES } from '../data/logistics-hubs.js';
import { TEMPERATURES } from './leg-data.js';

// The ISO 14083 report of a shipment (E11, E13 with `?report=iso14083`; the library's
// logisticsReport and freightReport): its transport chain elements in order and the totals, in kg
// CO2e on both bases. Named after the terms of ISO 14083:2023. See docs/api.md, "ISO 14083 report".

const kg = (what: string) => z.number().check(z.describe(`${what}, kg CO2e, to the gram.`));

/** One source a transport chain element's figure used. */
export const reportSourceSchema = /* @__PURE__ */ z.object({
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  source: z.string().check(z.describe('The citation: publication, table or row id, edition.')),
});

/** One leg of the shipment: a transport chain element. */
export const transportChainElementSchema = /* @__PURE__ */ z
  .object({
    element: z.number().check(z.int(), z.describe("The leg's position in the request, from 0.")),
    mode: z.enum(['road', 'rail', 'sea', 'air']),
    transport_operation_category: z
      .string()
      .check(z.describe('The transport operation category whose intensity or model gave the figure, e.g. "Road: rigid HGV >17 t, diesel, average laden".')),
    distance_km: z.number(),
    mass_t: z.number().check(z.describe('The mass moved, tonnes (E13: the cargo with its containers\' tare).')),
    tonne_km: z.number().check(z.describe('Transport activity: mass_t x distance_km.')),
    tank_to_wheel_kg: kg('Vehicle operation (tank-to-wheel)'),
    well_to_tank_kg: kg('Energy provision (well-to-tank)'),
    well_to_wheel_kg: kg('tank_to_wheel_kg + well_to_tank_kg'),
    intensity_tank_to_wheel_kg_per_tonne_km: z.number(),
    intensity_well_to_wheel_kg_per_tonne_km: z.number(),
    data_type: z
      .enum(['default', 'modelled', 'primary'])
      .check(z.describe("primary: the carrier's fuel or energy; modelled: a vehicle model on the leg's inputs; default: a published average intensity.")),
    sources: z.array(reportSourceSchema),
  })
  .check(z.describe('One leg of the shipment, in request order.'));

/**
 * One hub of the shipment (E11): a hub chain element, priced per tonne handled.
 *
 * @remarks Since 0.6.0
 */
export const hubChainElementSchema = /* @__PURE__ */ z
  .object({
    element: z.number().check(z.int(), z.describe("The hub's position in the request, from 0.")),
    hub_type: z.enum(HUB_TYPES),
    temperature: z.enum(TEMPERATURES),
    hub_operation_category: z.string().check(z.describe('The hub operation category whose intensity gave the figure, e.g. "Hub: warehouse, ambient".')),
    mass_t: z.number().check(z.describe('The goods handled, tonnes.')),
    tank_to_wheel_kg: kg("The hub's operation (the published intensities are not split: all of the figure)"),
    well_to_tank_kg: kg('Energy provision (0: not split from the operation)'),
    well_to_wheel_kg: kg('tank_to_wheel_kg + well_to_tank_kg'),
    intensity_kg_per_tonne: z.number().check(z.describe('kg CO2e per tonne handled.')),
    data_type: z.enum(['default', 'primary']).check(z.describe("primary: the hub's own intensity; default: a published one.")),
    sources: z.array(reportSourceSchema),
  })
  .check(z.describe('One hub of the shipment, in request order.'));

/** The answer of E11 and E13 with `?report=iso14083`. */
export const iso14083ReportSchema = /* @__PURE__ */ z.object({
  report: z.object({
    standard: z.literal('ISO 14083:2023'),
    methodology_version: z.string(),
    transport_chain_elements: z.array(z.union([transportChainElementSchema, hubChainElementSchema])),
    totals: z.object({
      tonne_km: z.number().check(z.describe("The legs' transport activity (hubs have none).")),
      tank_to_wheel_kg: kg('The shipment\'s vehicle operation'),
      well_to_tank_kg: kg('The shipment\'s energy provision'),
      well_to_wheel_kg: kg('The shipment\'s total: tank_to_wheel_kg + well_to_tank_kg'),
      intensity_well_to_wheel_kg_per_tonne_km: z.number().check(z.describe("well_to_wheel_kg, hubs included, per tonne_km.")),
      primary_data_share: z.number().check(z.describe('The share of well_to_wheel_kg computed from primary data, 0 to 1.')),
    }),
  }),
});

/** The ISO 14083 report of a shipment. */
export type Iso14083Report = z.output<typeof iso14083ReportSchema>;
/** One transport chain element of {@link Iso14083Report}. */
export type TransportChainElement = z.output<typeof transportChainElementSchema>;
/**
 * One hub chain element of {@link Iso14083Report}.
 *
 * @remarks Since 0.6.0
 */
export type HubReportElement = z.output<typeof hubChainElementSchema>;
