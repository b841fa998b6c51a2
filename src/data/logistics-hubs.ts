import type { FactorUse } from './factor.js';

// Hubs of a transport chain (ISO 14083:2023 hub operation categories): the places where goods are
// transhipped, stored or handled between legs, priced per tonne handled. truecost ships a default
// only where a published intensity could be read and cited; every other hub takes the hub's own
// figure (`intensity`). See docs/methodology.md, "Hubs".

/**
 * The hub types of ISO 14083's hub operation categories, as the iLEAP data model names them.
 *
 * @remarks Since 0.6.0
 */
export const HUB_TYPES = ['transhipment', 'storage_and_transhipment', 'warehouse', 'liquid_bulk_terminal', 'container_terminal'] as const;
/**
 * One of {@link HUB_TYPES}.
 *
 * @remarks Since 0.6.0
 */
export type HubType = (typeof HUB_TYPES)[number];

/**
 * The mean intensity of the European logistics sites with storage at ambient temperature in the
 * sample of Fraunhofer IML's "Guide for Greenhouse Gas Emissions Accounting at Logistics Sites"
 * (2019): 5.4 kg CO2e per tonne handled, the sites ranging from 0.4 to 45.0.
 */
export const ambientWarehouseIntensity: FactorUse = {
  name: 'Logistics site with storage, ambient: mean intensity',
  value: 5.4,
  unit: 'kg CO2e/t handled',
  source:
    'Fraunhofer IML, Guide for Greenhouse Gas Emissions Accounting at Logistics Sites (Dobers, Rüdiger, Jarmer, 2019): mean of the sample\'s ambient sites with storage (range 0.4 to 45.0), as reported in Fraunhofer IML\'s magazine "Logistik entdecken" no. 20, "CO2-Fußabdruck des Logistikstandortes"',
  tag: 'transcribed',
};

/** The cited default intensity of a hub type at a temperature, or undefined when none is published that truecost could cite. */
export function defaultHubIntensity(hubType: HubType, temperature: 'ambient' | 'chilled'): FactorUse | undefined {
  return hubType === 'warehouse' && temperature === 'ambient' ? ambientWarehouseIntensity : undefined;
}
