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

/**
 * A hub's figure: its tonnes handled times its own `intensity` (primary data) or, when it sent
 * none, the cited default of its type and temperature (the schema refuses a hub with neither).
 */
export function hubChainElement(hub: HubElement): HubChainElement {
  const operationCategory = `Hub: ${HUB_NAMES[hub.hub_type]}, ${hub.temperature}`;
  const whole = 'The intensity is not split into the hub\'s operation and its energy provision: all of it is counted as the operation, on either basis.';
  const massTonnes = hub.shipping_weight;
  if (hub.intensity !== undefined) {
    return {
      operationCategory,
      massTonnes,
      intensityKgPerTonne: hub.intensity,
      parts: { tankToWheel: (massTonnes * hub.intensity) / KG_PER_TONNE, wellToTank: 0 },
      dataType: 'primary',
      factors: [],
      assumptions: [`The hub's own intensity, ${hub.intensity} kg CO2e per tonne handled, as sent.`, whole],
    };
  }
  const factor = defaultHubIntensity(hub.hub_type, hub.temperature);
  // The schema refuses a hub without its own intensity when there is no default.
  const value = factor?.value ?? Number.NaN;
  return {
    operationCategory,
    massTonnes,
    intensityKgPerTonne: value,
    parts: { tankToWheel: (massTonnes * value) / KG_PER_TONNE, wellToTank: 0 },
    dataType: 'default',
    factors: factor === undefined ? [] : [factor],
    assumptions: [
      `intensity was not sent: the cited default of an ${hub.temperature} ${HUB_NAMES[hub.hub_type]}, a sample mean of European sites (docs/methodology.md, "Hubs"); a hub's own figure may differ several-fold.`,
      whole,
    ],
  };
}
