import { defaultHubIntensity } from '../data/logistics-hubs.js';
import type { FactorUse } from '../data/factor.js';
import type { HubElement } from '../schemas/hub.js';
import type { EmissionParts } from './basis.js';
import { KG_PER_TONNE } from './rounding.js';
import type { DataType } from './transport-chain.js';

// A hub of a shipment as ISO 14083 sees it: a hub chain element, its figure the tonnes handled
// times an intensity per tonne (docs/methodology.md, "Hubs").

const HUB_NAMES: Readonly<Record<HubElement['hub_type'], string>> = {
  transhipment: 'transhipment',
  storage_and_transhipment: 'storage and transhipment',
  warehouse: 'warehouse',
  liquid_bulk_terminal: 'liquid bulk terminal',
  container_terminal: 'maritime container terminal',
};

/** One hub of a shipment: a hub chain element, with what its explanation lists. */
export interface HubChainElement {
  /** The hub operation category, e.g. `Hub: warehouse, ambient`. */
  readonly operationCategory: string;
  /** The goods handled, tonnes. */
  readonly massTonnes: number;
  /** The intensity used, kg CO2e per tonne handled. */
  readonly intensityKgPerTonne: number;
  /** Tonnes CO2e; the published intensities are not split, so all of it is the operation's part. */
  readonly parts: EmissionParts;
  /** `primary` for the hub's own intensity, `default` for the cited one. */
  readonly dataType: Exclude<DataType, 'modelled'>;
  readonly factors: readonly FactorUse[];
  readonly assumptions: readonly string[];
}

/** The intensity a hub is priced at, kg CO2e per tonne handled: its own, else its cited default (the schema refuses a hub with neither). */
function hubIntensity(hub: HubElement): number {
  return hub.intensity ?? defaultHubIntensity(hub.hub_type, hub.temperature)?.value ?? Number.NaN;
}

/** A hub's tonnes CO2e: tonnes handled times its intensity, all of it the operation's part (the published intensities are not split). */
export function hubParts(hub: HubElement): EmissionParts {
  return { tankToWheel: (hub.shipping_weight * hubIntensity(hub)) / KG_PER_TONNE, wellToTank: 0 };
}

/**
 * A hub's figure and what its explanation lists: its tonnes handled times its own `intensity`
 * (primary data) or, when it sent none, the cited default of its type and temperature.
 */
export function hubChainElement(hub: HubElement): HubChainElement {
  const own = hub.intensity !== undefined;
  const factor = own ? undefined : defaultHubIntensity(hub.hub_type, hub.temperature);
  const name = HUB_NAMES[hub.hub_type];
  return {
    operationCategory: `Hub: ${name}, ${hub.temperature}`,
    massTonnes: hub.shipping_weight,
    intensityKgPerTonne: hubIntensity(hub),
    parts: hubParts(hub),
    dataType: own ? 'primary' : 'default',
    factors: factor === undefined ? [] : [factor],
    assumptions: [
      own
        ? `The hub's own intensity, ${hub.intensity} kg CO2e per tonne handled, as sent.`
        : `intensity was not sent: the cited default of an ${hub.temperature} ${name}, a sample mean of European sites (docs/methodology.md, "Hubs"); a hub's own figure may differ several-fold.`,
      "The intensity is not split into the hub's operation and its energy provision: all of it is counted as the operation, on either basis.",
    ],
  };
}
