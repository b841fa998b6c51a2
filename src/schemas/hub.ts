import * as z from 'zod/mini';
import { defaultHubIntensity, HUB_TYPES, type HubType } from '../data/logistics-hubs.js';
import { addIssue, positiveNumberSchema } from './common.js';
import { TEMPERATURES, type Temperature } from './leg-data.js';

// A hub between the legs of a shipment (E11 `queries.legs`): the goods handled there, priced per
// tonne from a cited default intensity or from the hub's own figure. See docs/api.md, "Hubs".

/**
 * A parsed hub element: its type, temperature (ambient when not sent), the tonnes handled, and
 * the hub's own intensity when sent.
 *
 * @remarks Since 0.6.0
 */
export interface HubElement {
  readonly hub_type: HubType;
  readonly temperature: Temperature;
  /** The goods handled at the hub, in tonnes. */
  readonly shipping_weight: number;
  /** The hub's own intensity, in kg CO2e per tonne handled (primary data); the cited default when not sent. */
  readonly intensity?: number;
}

/**
 * One hub of a shipment: `hub_type`, `temperature` (`ambient` when not sent), `shipping_weight`
 * (tonnes handled) and `intensity` (the hub's own kg CO2e per tonne). A hub without a cited default
 * intensity for its type and temperature must send `intensity`.
 *
 * @remarks Since 0.6.0
 */
export const hubElementSchema = /* @__PURE__ */ z.pipe(
  z.object({
    hub_type: z.enum(HUB_TYPES),
    temperature: z.optional(z.enum(TEMPERATURES)),
    shipping_weight: z.optional(positiveNumberSchema),
    intensity: z.optional(positiveNumberSchema),
  }),
  z.transform((hub, payload): HubElement => {
    if (hub.shipping_weight === undefined) {
      addIssue(payload, ['shipping_weight'], 'Required: the tonnes handled at the hub.');
      return z.NEVER;
    }
    const temperature = hub.temperature ?? 'ambient';
    if (hub.intensity === undefined && defaultHubIntensity(hub.hub_type, temperature) === undefined) {
      addIssue(
        payload,
        ['intensity'],
        `Required: no cited default intensity for a ${hub.hub_type} hub at ${temperature} temperature (only an ambient warehouse has one); send the hub's own kg CO2e per tonne handled.`,
      );
      return z.NEVER;
    }
    const parsed = { hub_type: hub.hub_type, temperature, shipping_weight: hub.shipping_weight };
    return hub.intensity === undefined ? parsed : { ...parsed, intensity: hub.intensity };
  }),
);

/**
 * True when an element of a shipment's legs is a hub.
 *
 * @remarks Since 0.6.0
 */
export function isHub(element: object): element is HubElement {
  return 'hub_type' in element;
}
