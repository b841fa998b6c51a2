import type { EnergyChain } from '../data/energy-chain.js';
import type { FactorUse } from '../data/factor.js';
import { dieselFuel, petrolFuel, cngFuel, type FuelFactors } from '../data/well-to-tank.js';
import { indiaGridElectricity } from '../data/grid.js';
import { gridChain } from '../data/road-energy-chains.js';
import { FUEL_UNITS, type LegData, type LegFuelType } from '../schemas/leg-data.js';
import { partsAlong, type EmissionParts } from './basis.js';
import { KG_PER_TONNE } from './rounding.js';

// One leg of a shipment as ISO 14083 sees it: a transport chain element, with its mode, transport
// operation category, transport activity (tonne-km), emissions in two parts and the kind of data
// they come from. E11 and E13 build these for their explanations and their ISO 14083 report.

/**
 * Where a leg's figure comes from (ISO 14083): `primary`, the carrier's own fuel or energy;
 * `modelled`, a vehicle model on the leg's own inputs (a dedicated truck's load model); `default`,
 * a published average intensity per tonne-km.
 */
export type DataType = 'default' | 'modelled' | 'primary';

/** The mode of a transport chain element. */
export type TransportMode = 'road' | 'rail' | 'sea' | 'air';

/** One leg of a shipment: a transport chain element. */
export interface ChainElement {
  readonly mode: TransportMode;
  /** The transport operation category, e.g. `Road: rigid HGV >17 t, diesel, average laden`. */
  readonly operationCategory: string;
  readonly distanceKm: number;
  /** The mass the leg counts, tonnes: the goods (E13's dedicated trucks: with the containers' tare). */
  readonly massTonnes: number;
  /** Tonnes CO2e in two parts. */
  readonly parts: EmissionParts;
  readonly dataType: DataType;
}

/** Tonne-kilometres of an element: its mass times its distance. */
export function tonneKm(element: Pick<ChainElement, 'distanceKm' | 'massTonnes'>): number {
  return element.massTonnes * element.distanceKm;
}

/**
 * The quantities every freight leg's explanation gains: tonne-km, the intensity per tonne-km in
 * kg CO2e tank-to-wheel, well-to-tank and well-to-wheel (whatever the basis answered), the
 * operation category and the data type.
 */
export function elementQuantities(element: ChainElement): Record<string, number | string> {
  const activity = tonneKm(element);
  const perTonneKm = KG_PER_TONNE / activity;
  const { tankToWheel, wellToTank } = element.parts;
  return {
    tonne_km: activity,
    intensity_tank_to_wheel_kg_per_tonne_km: tankToWheel * perTonneKm,
    intensity_well_to_tank_kg_per_tonne_km: wellToTank * perTonneKm,
    intensity_well_to_wheel_kg_per_tonne_km: (tankToWheel + wellToTank) * perTonneKm,
    operation_category: element.operationCategory,
    data_type: element.dataType,
  };
}

/** Tonnes CO2e of `massTonnes` over `distanceKm` at a DESNZ intensity per tonne-km along its chain. */
export function perTonneKmParts(intensity: FactorUse, chain: EnergyChain, massTonnes: number, distanceKm: number): EmissionParts {
  return partsAlong((massTonnes * distanceKm * intensity.value) / KG_PER_TONNE, chain);
}

const LIQUID_AND_GAS_FUELS: Readonly<Record<Exclude<LegFuelType, 'electricity'>, FuelFactors>> = {
  diesel: dieselFuel,
  petrol: petrolFuel,
  cng: cngFuel,
};

/** The carrier's fuel of a leg: its tonnes CO2e in two parts, the factors used and how. */
export interface CarrierFuel {
  readonly parts: EmissionParts;
  readonly factors: readonly FactorUse[];
  readonly note: string;
  /** E.g. `100 l diesel`. */
  readonly label: string;
}

/**
 * The figure of a leg from the carrier's own fuel or electricity (primary data), or undefined when
 * the leg carries none. Fuels: DESNZ 2025 tank-to-wheel and well-to-tank CO2e per litre or kg;
 * electricity: the grid's CO2 at generation along the grid's chain (losses before the plug).
 */
export function carrierFuel(leg: LegData): CarrierFuel | undefined {
  const { fuel_type: type, fuel_amount: amount } = leg;
  if (type === undefined || amount === undefined) return undefined;
  const unit = FUEL_UNITS[type];
  const label = `${amount} ${unit} ${type}`;
  if (type === 'electricity') {
    // The schema allows only the Indian grid (grid: IN).
    return {
      parts: partsAlong((amount * indiaGridElectricity.value) / KG_PER_TONNE, gridChain),
      factors: gridChain.factors,
      note: `The carrier's ${label} from the grid (IN): ${gridChain.note}`,
      label,
    };
  }
  const fuel = LIQUID_AND_GAS_FUELS[type];
  return {
    parts: {
      tankToWheel: (amount * fuel.tankToWheel.value) / KG_PER_TONNE,
      wellToTank: (amount * fuel.wellToTank.value) / KG_PER_TONNE,
    },
    factors: [fuel.tankToWheel, fuel.wellToTank],
    note: `The carrier's ${label} for this leg, times the DESNZ 2025 CO2e per ${unit} burnt (tank-to-wheel) and per ${unit} supplied (well-to-tank).`,
    label,
  };
}
