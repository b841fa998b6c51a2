// The names of the recordable calculators, apart from ./calculations.ts so that the job store can
// name a job's calculator without importing the calculation store (which imports the listings).

/** The calculators whose answers can be recorded, by the name the bulk route and the statement use. */
export const CALCULATION_ENDPOINTS = ['flight', 'cars', 'transportation', 'logistics', 'commute', 'freight', 'trip'] as const;

/** A calculator whose answers can be recorded: `'flight'`, `'cars'`, `'transportation'`, `'logistics'`, `'commute'`, `'freight'` or `'trip'`. */
export type CalculationEndpoint = (typeof CALCULATION_ENDPOINTS)[number];
