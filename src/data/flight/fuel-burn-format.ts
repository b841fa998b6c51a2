// The packed form of the EEA fuel table (./aircraft-performance.ts), written by
// scripts/generate-flight-data.ts. Every type's CCD points sit at the first distances of one grid,
// so the distances are written once; each fuel figure is a whole number of hundredths of a kg
// (the EEA table's precision) in base 36. A type is `ICAO:lto,ccd,ccd,...`, types joined by `;`.
// Packed, the table is about two thirds of its size in a gzipped bundle.

/** Fuel of one type: LTO fuel in kg, then CCD points as a flat list of (distance in NM, fuel in kg). */
export type FuelBurnRow = readonly [ltoKg: number, ccdPoints: readonly number[]];

/** Base of the packed fuel figures. */
export const FUEL_RADIX = 36;
/** Packed fuel figures are in hundredths of a kg. */
export const FUEL_SCALE = 100;

/** A packed fuel figure in kg: whole hundredths divided once, so the nearest double to the source's decimal. */
export function fuelKgOf(packed: string): number {
  return parseInt(packed, FUEL_RADIX) / FUEL_SCALE;
}

/** The rows of a packed fuel table: LTO fuel, then (distance, fuel) pairs at the first distances of `distancesNm`. */
/* @__NO_SIDE_EFFECTS__ */
export function unpackFuelBurn(distancesNm: readonly number[], packed: string): Readonly<Record<string, FuelBurnRow>> {
  const rows: Record<string, FuelBurnRow> = {};
  for (const entry of packed.split(';')) {
    const [icao = '', figures = ''] = entry.split(':');
    const [lto = '', ...ccd] = figures.split(',');
    rows[icao] = [fuelKgOf(lto), ccd.flatMap((kg, at) => [distancesNm[at] ?? Number.NaN, fuelKgOf(kg)])];
  }
  return rows;
}
