/** Kilograms in a tonne. */
export const KG_PER_TONNE = 1000;

/** Rounds tonnes to 6 decimal places (one gram), as every tonnes output of the API. */
export function roundTonnes(tonnes: number): number {
  return roundTo(tonnes, 6);
}

/** Rounds kilograms to 3 decimal places (one gram), as the E9 and E10 outputs. */
export function roundKilograms(kilograms: number): number {
  return roundTo(kilograms, 3);
}

/** Tonnes as the string E6 and E7 answer: always 6 decimal places (one gram), e.g. `"0.154321"`. */
export function tonnesString(tonnes: number): string {
  return roundTonnes(tonnes).toFixed(6);
}

function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  // Number.EPSILON keeps values such as 1.0000005 from rounding down through binary error.
  return Math.round((value + Math.sign(value) * Number.EPSILON * Math.abs(value)) * scale) / scale;
}
