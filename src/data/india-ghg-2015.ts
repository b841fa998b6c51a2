import type { FactorUse } from './factor.js';

// India GHG Program (WRI India, CII, TERI), "India Specific Road Transport Emission Factors",
// Version 1.0 for stakeholder consultation, 2015. CO2 only, tank-to-wheel. Car and two-wheeler
// rows are the "with uplift factor" column (real-world allowance over rated fuel economy).
const ROAD_2015 = 'India GHG Program, India Specific Road Transport Emission Factors v1.0 (2015)';

/* @__NO_SIDE_EFFECTS__ */
function row(name: string, value: number, unit: string, locator: string): FactorUse {
  return { name, value, unit, source: `${ROAD_2015}, ${locator}`, tag: 'verified' };
}

const PER_KM = 'kg CO2/km';
const CARS = 'section 5.3.1 passenger cars, with uplift';

/** Passenger-car rows of the India GHG Program road factors (kg CO2 per vehicle-km, with uplift). */
export const indiaGhgCars = {
  hatchbackPetrol: row('Hatchback <1400 cc petrol', 0.14, PER_KM, CARS),
  sedanPetrol: row('Sedan <1600 cc petrol', 0.153, PER_KM, CARS),
  compactSuvPetrol: row('Compact SUV <1600 cc petrol', 0.166, PER_KM, CARS),
  premiumSedanPetrol: row('Premium sedan <3000 cc petrol', 0.209, PER_KM, CARS),
  premiumSuvPetrol: row('Premium SUV <3000 cc petrol', 0.279, PER_KM, CARS),
  hatchbackDiesel: row('Hatchback <1400 cc diesel', 0.126, PER_KM, CARS),
  sedanDiesel: row('Sedan <1600 cc diesel', 0.141, PER_KM, CARS),
  suvDiesel: row('SUV <2000 cc diesel', 0.201, PER_KM, CARS),
  premiumSedanDiesel: row('Premium sedan <3000 cc diesel', 0.248, PER_KM, CARS),
  premiumSuvDiesel: row('Premium SUV <3000 cc diesel', 0.24, PER_KM, CARS),
  muvDiesel: row('MUV <2500 cc diesel', 0.216, PER_KM, CARS),
  smallPetrolBase: row('Small car <800 cc petrol (base)', 0.103, PER_KM, 'section 5.3.1, base column'),
  smallCngBase: row('Small car <800 cc CNG (base)', 0.063, PER_KM, 'section 5.3.1, base column'),
} as const satisfies Record<string, FactorUse>;

/**
 * The real-world uplift the India GHG Program applies to rated fuel economy: the ratio of its
 * "with uplift" to its base column (0.140/0.130 = 1.077 ... 0.216/0.200 = 1.080 across the car rows).
 */
export const indiaGhgUplift: FactorUse = {
  name: 'Real-world uplift on rated mileage',
  value: 1.08,
  unit: 'ratio',
  source: `${ROAD_2015}, section 5.3.1: ratio of the "with uplift" to the base column (1.07 to 1.09 across rows)`,
  tag: 'derived',
};

const TWO_WHEELERS = 'section 5.3 two-wheelers, with uplift';

/** Two- and three-wheeler rows (kg CO2 per vehicle-km). */
export const indiaGhgTwoAndThreeWheelers = {
  motorcycleUpTo125: row('Motorcycle <125 cc petrol', 0.0319, PER_KM, TWO_WHEELERS),
  motorcycleUpTo200: row('Motorcycle <200 cc petrol', 0.0458, PER_KM, TWO_WHEELERS),
  motorcycleUpTo500: row('Motorcycle <500 cc petrol', 0.0597, PER_KM, TWO_WHEELERS),
  threeWheelerCng: row('Three-wheeler (auto) CNG', 0.10768, PER_KM, 'three-wheelers'),
} as const satisfies Record<string, FactorUse>;

/** Intracity bus, passenger-km weighted over state road transport undertakings. */
export const indiaGhgIntracityBus: FactorUse = row(
  'Intracity bus, diesel',
  0.015161,
  'kg CO2/passenger-km',
  'section 5.4.1 buses',
);

const FREIGHT = 'freight vehicles (p. 32)';

/** Goods vehicles by gross vehicle weight (kg CO2 per vehicle-km). */
export const indiaGhgTrucks = {
  ldv: row('LDV (<3.5 t GVW) diesel', 0.307, PER_KM, FREIGHT),
  mdv: row('MDV (3.5 to 12 t GVW) diesel', 0.5928, PER_KM, FREIGHT),
  hdv: row('HDV (>12 t GVW) diesel', 0.7375, PER_KM, FREIGHT),
} as const satisfies Record<string, FactorUse>;

/** Upper gross-vehicle-weight bounds of the India GHG Program's LDV and MDV classes, in tonnes. */
export const indiaGhgTruckClassBounds = {
  ldvMaxGrossTonnes: row('LDV upper gross vehicle weight', 3.5, 't', FREIGHT),
  mdvMaxGrossTonnes: row('MDV upper gross vehicle weight', 12, 't', FREIGHT),
} as const satisfies Record<string, FactorUse>;

/** Suburban electric rail, from the companion rail paper of the India GHG Program (2015). */
export const indiaGhgSuburbanRail: FactorUse = {
  name: 'Suburban electric rail',
  value: 0.00795,
  unit: 'kg CO2/passenger-km',
  source: 'India GHG Program, India Specific Rail Transport Emission Factors v1.0 (2015), suburban electric rail',
  tag: 'transcribed',
};
