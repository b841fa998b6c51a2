import type { FactorUse } from './factor.js';
import { electricCarConsumption } from './assumptions.js';
import { indiaGridElectricity } from './grid.js';
import { indiaGhgCars } from './india-ghg-2015.js';

/** The car body types of the API. */
export const CAR_BODY_TYPES = ['hatchback', 'sedan', 'suv', 'luxury_suv', 'luxury_sedan'] as const;
/** One of {@link CAR_BODY_TYPES}. */
export type CarBodyType = (typeof CAR_BODY_TYPES)[number];
/** The power trains with a per-km factor. */
export type CarPowertrain = 'petrol' | 'diesel' | 'cng' | 'electric';

/**
 * CNG cars emit this share of a petrol car's CO2 per km: the India GHG Program's only CNG car row
 * over its petrol twin (small car <800 cc, 0.063 / 0.103).
 */
export const cngToPetrolRatio: FactorUse = {
  name: 'CNG to petrol car CO2 per km',
  value: indiaGhgCars.smallCngBase.value / indiaGhgCars.smallPetrolBase.value,
  unit: 'ratio',
  source: `${indiaGhgCars.smallCngBase.source}: small car <800 cc CNG base / petrol base`,
  tag: 'derived',
};

/* @__NO_SIDE_EFFECTS__ */
function cngRow(petrol: FactorUse, label: string): FactorUse {
  return {
    name: `${label} CNG`,
    value: petrol.value * cngToPetrolRatio.value,
    unit: 'kg CO2/km',
    source: `${petrol.name} (${petrol.value}) x CNG/petrol ratio ${cngToPetrolRatio.value.toFixed(4)}, India GHG Program 2015`,
    tag: 'derived',
  };
}

/* @__NO_SIDE_EFFECTS__ */
function electricRow(consumption: FactorUse, label: string): FactorUse {
  return {
    name: `${label} electric`,
    value: (consumption.value / 100) * indiaGridElectricity.value,
    unit: 'kg CO2/km',
    source: `${consumption.value} kWh/100 km (assumed) x ${indiaGridElectricity.value} kg CO2/kWh, ${indiaGridElectricity.source}`,
    tag: 'derived',
  };
}

/* @__NO_SIDE_EFFECTS__ */
function segment(label: string, petrol: FactorUse, diesel: FactorUse, consumption: FactorUse) {
  return { petrol, diesel, cng: cngRow(petrol, label), electric: electricRow(consumption, label) };
}

/** CO2 per vehicle-km of a car by body type and power train (with the real-world uplift). */
export const carPerKm: Readonly<Record<CarBodyType, Readonly<Record<CarPowertrain, FactorUse>>>> = {
  hatchback: segment('Hatchback', indiaGhgCars.hatchbackPetrol, indiaGhgCars.hatchbackDiesel, electricCarConsumption.hatchback),
  sedan: segment('Sedan', indiaGhgCars.sedanPetrol, indiaGhgCars.sedanDiesel, electricCarConsumption.sedan),
  suv: segment('SUV', indiaGhgCars.compactSuvPetrol, indiaGhgCars.suvDiesel, electricCarConsumption.suv),
  luxury_sedan: segment(
    'Luxury sedan',
    indiaGhgCars.premiumSedanPetrol,
    indiaGhgCars.premiumSedanDiesel,
    electricCarConsumption.luxury_sedan,
  ),
  luxury_suv: segment(
    'Luxury SUV',
    indiaGhgCars.premiumSuvPetrol,
    indiaGhgCars.premiumSuvDiesel,
    electricCarConsumption.luxury_suv,
  ),
};
