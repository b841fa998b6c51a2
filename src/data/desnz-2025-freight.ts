import type { FactorUse } from './factor.js';

// UK Government GHG Conversion Factors for Company Reporting 2025 (DESNZ), flat file, level 1
// "Freighting goods". kg CO2e, direct (no well-to-tank). Open Government Licence v3.0.
const FREIGHTING_2025 = 'DESNZ, UK Government GHG Conversion Factors for Company Reporting 2025, Freighting goods';

/* @__NO_SIDE_EFFECTS__ */
function row(name: string, value: number, unit: string, locator: string): FactorUse {
  return { name, value, unit, source: `${FREIGHTING_2025}, ${locator}`, tag: 'verified' };
}

/** Heavy goods vehicles per vehicle-km at 0 % and 100 % load (diesel). */
export const desnzHgvPerKm = {
  allHgvEmpty: row('All HGVs, 0 % laden', 0.65975, 'kg CO2e/km', 'HGV (all diesel), All HGVs, 0 % laden, km'),
  allHgvFull: row('All HGVs, 100 % laden', 1.01203, 'kg CO2e/km', 'HGV (all diesel), All HGVs, 100 % laden, km'),
  articOver33Empty: row('Articulated >33 t, 0 % laden', 0.64734, 'kg CO2e/km', 'HGV (all diesel), Articulated (>33 t), 0 % laden, km'),
  articOver33Full: row('Articulated >33 t, 100 % laden', 1.06921, 'kg CO2e/km', 'HGV (all diesel), Articulated (>33 t), 100 % laden, km'),
} as const satisfies Record<string, FactorUse>;

/**
 * Fuel of an empty truck as a share of a full one: DESNZ's all-HGV 0 % over 100 % laden
 * per-km factors (0.65975 / 1.01203). DESNZ's per-km factors are linear in load, so
 * `EF(load) = EF_full x (ratio + (1 - ratio) x load)`.
 */
export const emptyTruckRatio: FactorUse = {
  name: 'Empty-to-full fuel ratio of a truck',
  value: desnzHgvPerKm.allHgvEmpty.value / desnzHgvPerKm.allHgvFull.value,
  unit: 'ratio',
  source: `${FREIGHTING_2025}, HGV (all diesel), All HGVs: 0 % laden km factor / 100 % laden km factor`,
  tag: 'derived',
};

/** Empty-to-full ratio of an articulated truck over 33 t (0.64734 / 1.06921). */
export const emptyArticulatedRatio: FactorUse = {
  name: 'Empty-to-full fuel ratio of an articulated truck >33 t',
  value: desnzHgvPerKm.articOver33Empty.value / desnzHgvPerKm.articOver33Full.value,
  unit: 'ratio',
  source: `${FREIGHTING_2025}, HGV (all diesel), Articulated (>33 t): 0 % laden km factor / 100 % laden km factor`,
  tag: 'derived',
};

/** Gross vehicle weight above which a truck is an articulated >33 t combination, in tonnes. */
export const articulatedMinGrossTonnes: FactorUse = row(
  'Articulated class lower gross vehicle weight',
  33,
  't',
  'HGV (all diesel), class Articulated (>33 t)',
);

/** Per tonne-km intensities of rail, sea and air freight (kg CO2e per tonne-km). */
export const desnzFreightPerTonneKm = {
  rail: row('Freight train', 0.02779, 'kg CO2e/t-km', 'Rail, freight train, tonne.km'),
  containerShip: row('Container ship, average', 0.01612, 'kg CO2e/t-km', 'Cargo ship, container ship, average, tonne.km'),
  generalCargoShip: row('General cargo ship, average', 0.01321, 'kg CO2e/t-km', 'Cargo ship, general cargo, average, tonne.km'),
  airShortHaul: row('Air freight, short-haul, without RF', 0.75539, 'kg CO2e/t-km', 'Freight flights, short-haul to/from UK, without RF, tonne.km'),
  airLongHaul: row('Air freight, long-haul, without RF', 0.5313, 'kg CO2e/t-km', 'Freight flights, long-haul to/from UK, without RF, tonne.km'),
} as const satisfies Record<string, FactorUse>;

/** Great-circle distance up to which a flight is short-haul in the DESNZ factors, in km. */
export const desnzShortHaulMaxKm: FactorUse = {
  name: 'Short-haul flight upper distance',
  value: 3700,
  unit: 'km',
  source: 'DESNZ, UK Government GHG Conversion Factors 2025, methodology paper: short-haul flights are under 3,700 km',
  tag: 'transcribed',
};
