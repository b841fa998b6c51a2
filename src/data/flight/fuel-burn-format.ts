// The packed form of the EEA fuel table (./aircraft-performance.ts), written by
// scripts/generate-flight-data.ts. Every type's CCD points sit at the first distances of one grid,
// so the distances are written once. Fuel figures are whole numbers of hundredths of a kg (the EEA
// table's precision) in base 36: a type is `ICAO:lto,first,step,change,change,...`, types joined
// by `;`, where `first` is the fuel at the first distance, `step` the fuel added to the second, and
// each `change` how much the next step differs from the one before. Fuel grows almost linearly
// with distance, so the changes are short numbers; packed, the table is about 60 % of its size in a
// gzipped bundle.

/** Fuel of one type: LTO fuel in kg, then CCD points as a flat list of (distance in NM, fuel in kg). */
export type FuelBurnRow = readonly [ltoKg: number, ccdPoints: readonly number[]];

/** Base of the packed fuel figures. */
export const FUEL_RADIX = 36;
/** Packed fuel figures are in hundredths of a kg. */
export const FUEL_SCALE = 100;

/** `kg` in whole hundredths of a kg, the unit of the packed table's figures. */
export function hundredthsOf(kg: number): number {
  return Math.round(kg * FUEL_SCALE);
}

/** Hundredths of a kg in kg, divided once: the nearest double to the source's decimal. */
function kgOf(hundredths: number): number {
  return hundredths / FUEL_SCALE;
}

/** The figures of one type (LTO, then the CCD fuel at each distance), in hundredths, packed. */
export function packFuelFigures(ltoHundredths: number, ccdHundredths: readonly number[]): string {
  const steps = ccdHundredths.slice(1).map((value, at) => value - ccdHundredths[at]!);
  const changes = steps.slice(1).map((step, at) => step - steps[at]!);
  return [ltoHundredths, ...ccdHundredths.slice(0, 1), ...steps.slice(0, 1), ...changes].map((figure) => figure.toString(FUEL_RADIX)).join(',');
}

/** The rows of a packed fuel table: LTO fuel, then (distance, fuel) pairs at the first distances of `distancesNm`. */
/* @__NO_SIDE_EFFECTS__ */
export function unpackFuelBurn(distancesNm: readonly number[], packed: string): Readonly<Record<string, FuelBurnRow>> {
  const rows: Record<string, FuelBurnRow> = {};
  for (const entry of packed.split(';')) {
    const [icao = '', figures = ''] = entry.split(':');
    const [lto = 0, ...packedCcd] = figures.split(',').map((figure) => parseInt(figure, FUEL_RADIX));
    // Back from the first figure, the first step and the changes of step to the fuel at each distance.
    const ccd: number[] = [];
    let step = 0;
    packedCcd.forEach((figure, at) => {
      if (at > 0) step = at === 1 ? figure : step + figure;
      ccd.push(at === 0 ? figure : ccd[at - 1]! + step);
    });
    rows[icao] = [kgOf(lto), ccd.flatMap((hundredths, at) => [distancesNm[at] ?? Number.NaN, kgOf(hundredths)])];
  }
  return rows;
}
