import {
  articulatedMinGrossTonnes,
  desnzHgvPerKm,
  emptyArticulatedRatio,
  emptyTruckRatio,
} from '../data/desnz-2025-freight.js';
import {
  articOver33Average,
  rigid7to17Average,
  rigidOver17Average,
  vanAverageDiesel,
  type RoadOperationCategory,
} from '../data/desnz-2025-road-tonne-km.js';
import type { EnergyChain } from '../data/energy-chain.js';
import { desnzDieselTruckChain } from '../data/freight-energy-chains.js';
import { dieselTruckChain } from '../data/road-energy-chains.js';
import { indiaGhgTruckClassBounds, indiaGhgTrucks } from '../data/india-ghg-2015.js';
import type { FactorUse } from './explanation.js';

// The truck classes of E13 by gross vehicle weight: the India GHG Program's LDV, MDV and HDV, and
// DESNZ's articulated truck over 33 t; each with the DESNZ 2025 class a shared load is allocated in
// (docs/methodology.md, "Shared loads").

/** A truck class: its full-load factor and empty ratio (dedicated trucks) and its shared category. */
export interface TruckClass {
  readonly full: FactorUse;
  readonly emptyRatio: FactorUse;
  /** India classes give combustion CO2; the DESNZ articulated class CO2e. */
  readonly chain: EnergyChain;
  /** The vehicle, e.g. `heavy diesel truck (India HDV, 12-33 t gross)`. */
  readonly name: string;
  /** The DESNZ class a shared load is allocated in (docs/methodology.md, "Shared loads"). */
  readonly shared: RoadOperationCategory;
}

export function truckClass(grossTonnes: number): TruckClass {
  if (grossTonnes <= indiaGhgTruckClassBounds.ldvMaxGrossTonnes.value) {
    const name = 'light diesel truck (India LDV, <3.5 t gross)';
    return { full: indiaGhgTrucks.ldv, emptyRatio: emptyTruckRatio, chain: dieselTruckChain, name, shared: vanAverageDiesel };
  }
  if (grossTonnes <= indiaGhgTruckClassBounds.mdvMaxGrossTonnes.value) {
    const name = 'medium diesel truck (India MDV, 3.5-12 t gross)';
    return { full: indiaGhgTrucks.mdv, emptyRatio: emptyTruckRatio, chain: dieselTruckChain, name, shared: rigid7to17Average };
  }
  if (grossTonnes <= articulatedMinGrossTonnes.value) {
    const name = 'heavy diesel truck (India HDV, 12-33 t gross)';
    return { full: indiaGhgTrucks.hdv, emptyRatio: emptyTruckRatio, chain: dieselTruckChain, name, shared: rigidOver17Average };
  }
  const name = 'articulated diesel truck (>33 t gross)';
  return { full: desnzHgvPerKm.articOver33Full, emptyRatio: emptyArticulatedRatio, chain: desnzDieselTruckChain, name, shared: articOver33Average };
}

