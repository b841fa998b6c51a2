import type { FactorUse } from '../../data/factor.js';
import { CARGO_MASS_FRACTION_ROWS, T100_MONTHS, type CargoBandRow } from '../../data/flight/t100.js';

// Google TIM 3.0.0 gives belly cargo its share of a flight's fuel by mass: cargo mass / (cargo mass
// + passengers x 100 kg), averaged from US DOT T-100 data by 1 000 km great-circle band and body
// class, the band averages also used outside the United States. truecost's bands come from two
// months of T-100 (scripts/t100.ts, docs/methodology.md "Cargo").

/** Width of a distance band of the cargo table, km. */
const BAND_KM = 1000;

type Body = 'narrow' | 'wide';

const fractions: Record<Body, Float64Array> = {
  narrow: Float64Array.from(CARGO_MASS_FRACTION_ROWS.narrow, (row) => row[1]),
  wide: Float64Array.from(CARGO_MASS_FRACTION_ROWS.wide, (row) => row[1]),
};

/** The fractions of a body class, read by name (a read by a varying key costs a global cache look-up). */
function fractionsOf(body: Body): Float64Array {
  return body === 'wide' ? fractions.wide : fractions.narrow;
}

function bandIndex(body: Body, greatCircleKm: number): number {
  const index = Math.floor(greatCircleKm / BAND_KM);
  const last = fractionsOf(body).length - 1;
  return index < 0 ? 0 : index > last ? last : index;
}

/** The cargo mass fraction of a flight of this body class and great-circle distance (the fast path). */
export function cargoMassFraction(body: Body, greatCircleKm: number): number {
  return fractionsOf(body)[bandIndex(body, greatCircleKm)] as number;
}

/** The T-100 band row used for a flight. */
export function cargoBand(body: Body, greatCircleKm: number): CargoBandRow {
  return CARGO_MASS_FRACTION_ROWS[body][bandIndex(body, greatCircleKm)] as CargoBandRow;
}

function km(value: number): string {
  return value.toLocaleString('en-US').replace(/,/g, ' ');
}

/** The cargo mass fraction used for a flight, as a factor with its band and source. */
export function cargoMassFractionFactor(body: Body, greatCircleKm: number): FactorUse {
  const [fromKm, fraction, departures, fromBandKm] = cargoBand(body, greatCircleKm);
  const rows = CARGO_MASS_FRACTION_ROWS[body];
  const isLast = fromKm === rows[rows.length - 1]?.[0];
  const band = isLast ? `from ${km(fromKm)} km` : `${km(fromKm)} to ${km(fromKm + BAND_KM)} km`;
  const basis =
    fromBandKm === fromKm
      ? `${departures} departures`
      : `no ${body}-body departures in this band; the ${km(fromBandKm)} km band's value`;
  return {
    name: `Cargo mass fraction, ${body}-body, great-circle ${band}`,
    value: fraction,
    unit: 'cargo mass / (cargo mass + passengers x 100 kg)',
    source:
      `US DOT BTS T-100 International Segment (all carriers), ${T100_MONTHS.join(' and ')}, scheduled passenger flights (${basis}), ` +
      'as Google Travel Impact Model 3.0.0 defines it (README, "Cargo mass fraction"; ISO 14083 A.4.2); two months, where TIM averages six years',
    tag: 'derived',
  };
}
