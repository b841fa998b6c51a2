import type { FactorUse } from './factor.js';

// Values no published source gives directly: each is stated as truecost's assumption, with the
// reasoning, so that the explanation of a result can show it.
/* @__NO_SIDE_EFFECTS__ */
function assumed(name: string, value: number, unit: string, why: string): FactorUse {
  return { name, value, unit, source: `truecost assumption: ${why}`, tag: 'assumed' };
}

/** Assumptions of the road, rail and sea calculators. */
export const roadAssumptions = {
  seaterSeatEquivalents: assumed('Floor space of a seater seat', 1, 'seat equivalents', 'the unit of allocation'),
  sleeperSeatEquivalents: assumed(
    'Floor space of a sleeper berth',
    1.5,
    'seat equivalents',
    'a berth takes about 1.4 to 1.5 seats of floor space in Indian sleeper coaches',
  ),
  defaultCommuteDistance: assumed(
    'Default commute distance',
    10,
    'km',
    'a one-way urban commute of 10 km when the leg gives no distance',
  ),
  motorcyclePayload: assumed(
    'Courier motorcycle payload',
    0.1,
    't',
    'a courier motorcycle carries about 100 kg of parcels',
  ),
  truckUnladenShare: assumed(
    'Truck unladen weight as a share of its maximum capacity',
    0.6,
    'ratio',
    'used only to place a truck in a weight class when truck_unladen_weight is not given',
  ),
  looseFreightTruckCapacity: assumed(
    'Maximum capacity of a truck carrying loose freight',
    15,
    't',
    "the partner API's heavy truck (its default truck_capacity of TRUCK_HEAVY), used when a loose freight leg gives no truck_max_capacity",
  ),
} as const satisfies Record<string, FactorUse>;

/** Electric car consumption at the plug, by body type (kWh per 100 km). */
export const electricCarConsumption = {
  hatchback: assumed('Electric hatchback consumption', 13, 'kWh/100 km', 'typical Indian electric hatchback'),
  sedan: assumed('Electric sedan consumption', 14, 'kWh/100 km', 'typical Indian electric sedan'),
  suv: assumed('Electric SUV consumption', 16, 'kWh/100 km', 'typical Indian electric compact SUV'),
  luxury_sedan: assumed('Electric luxury sedan consumption', 18, 'kWh/100 km', 'typical large electric sedan'),
  luxury_suv: assumed('Electric luxury SUV consumption', 20, 'kWh/100 km', 'typical large electric SUV'),
} as const satisfies Record<string, FactorUse>;

/**
 * Mileage a car can plausibly reach, per fuel; outside it the calculator uses the body type's
 * per-km factor instead (a mileage of 0 included).
 */
export const plausibleMileage = {
  liquid: { min: 5, max: 40, unit: 'km/l' },
  gas: { min: 5, max: 45, unit: 'km/kg' },
  electric: { min: 3, max: 15, unit: 'km/kWh' },
} as const;
