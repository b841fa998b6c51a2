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

/** Rounds an intensity (kg CO2e per tonne-km) or a share to 6 decimal places. */
export function roundSixDecimals(value: number): number {
  return roundTo(value, 6);
}

/** Tonnes as the string E6 and E7 answer: always 6 decimal places (one gram), e.g. `"0.154321"`. */
export function tonnesString(tonnes: number): string {
  const millionths = Math.round(nudged(tonnes) * 1e6);
  // Below 1e9 tonnes the double nearest to millionths / 1e6 is within half a millionth of it, so
  // its `toFixed(6)` writes exactly these digits: they are written straight from the integer,
  // which is several times cheaper than `toFixed` (a property test holds the two together).
  if (!(Math.abs(millionths) < MAX_DIRECT_MILLIONTHS)) return (millionths / 1e6).toFixed(6);
  const digits = String(millionths < 0 ? -millionths : millionths);
  const padded = digits.length > 6 ? digits : '0000000'.slice(digits.length) + digits;
  const text = `${padded.slice(0, -6)}.${padded.slice(-6)}`;
  return millionths < 0 ? `-${text}` : text;
}

/** Where {@link tonnesString} stops writing digits itself: 1e9 tonnes, in millionths. */
const MAX_DIRECT_MILLIONTHS = 1e15;

function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(nudged(value) * scale) / scale;
}

/** The value moved away from zero by its own binary error, so that 1.0000005 does not round down. */
function nudged(value: number): number {
  return value + Math.sign(value) * Number.EPSILON * Math.abs(value);
}
