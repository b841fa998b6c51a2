import type { FactorUse } from './factor.js';

// DESNZ 2025 "Hotel stay" factors, kg CO2e per room per night (rows 29_600_<code>_13_1). The table
// is the same in the 2022 to 2025 sets; it has no well-to-tank row and no split by gas, and its
// boundary is the hotel's own (the Cornell Hotel Sustainability Benchmarking index: the hotel's fuel
// and electricity, outsourced laundry, refrigerants), not transport's. The countries DESNZ lists
// with a blank value are left out. Keys are ISO 3166-1 alpha-2 codes. See docs/methodology.md, "Trips".

const HOTEL_2025 = 'DESNZ, UK Government GHG Conversion Factors for Company Reporting 2025, Hotel stay';

/** [DESNZ label, row code, kg CO2e per room-night], by ISO 3166-1 alpha-2 code. */
const ROWS: Readonly<Record<string, readonly [string, number, number]>> = {
  GB: ['UK', 4000, 10.4],
  AU: ['Australia', 4003, 35],
  BE: ['Belgium', 4005, 12.2],
  BR: ['Brazil', 4006, 8.7],
  CA: ['Canada', 4007, 7.4],
  CL: ['Chile', 4008, 27.6],
  CN: ['China', 4009, 53.5],
  CO: ['Colombia', 4010, 14.7],
  CR: ['Costa Rica', 4011, 4.7],
  EG: ['Egypt', 4013, 44.2],
  FR: ['France', 4016, 6.7],
  DE: ['Germany', 4017, 13.2],
  HK: ['Hong Kong, China', 4019, 51.5],
  IN: ['India', 4020, 58.9],
  ID: ['Indonesia', 4021, 62.7],
  IT: ['Italy', 4024, 14.3],
  JP: ['Japan', 4025, 39],
  JO: ['Jordan', 4026, 68.9],
  KR: ['Korea', 4028, 55.8],
  MY: ['Malaysia', 4030, 61.5],
  MV: ['Maldives', 4031, 152.2],
  MX: ['Mexico', 4032, 19.3],
  NL: ['Netherlands', 4033, 14.8],
  OM: ['Oman', 4035, 90.3],
  PH: ['Philippines', 4038, 54.3],
  PT: ['Portugal', 4040, 19],
  QA: ['Qatar', 4041, 86.2],
  RU: ['Russian Federation', 4043, 24.2],
  SA: ['Saudi Arabia', 4044, 106.4],
  SG: ['Singapore', 4045, 24.5],
  ZA: ['South Africa', 4046, 51.4],
  ES: ['Spain', 4047, 7],
  CH: ['Switzerland', 4048, 6.6],
  TH: ['Thailand', 4050, 43.4],
  TR: ['Turkey', 4051, 32.1],
  AE: ['United Arab Emirates', 4052, 63.8],
  US: ['United States', 4053, 16.1],
  VN: ['Vietnam', 4054, 38.5],
};

/** The ISO codes of the countries with a DESNZ hotel factor. */
export const HOTEL_COUNTRIES: readonly string[] = /* @__PURE__ */ Object.keys(ROWS);

/** The DESNZ hotel factor of a country (ISO 3166-1 alpha-2), undefined when DESNZ gives none. */
export function desnzHotelFactor(country: string): FactorUse | undefined {
  if (!Object.hasOwn(ROWS, country)) return undefined;
  const [label, code, value] = ROWS[country] as readonly [string, number, number];
  return {
    name: `Hotel stay, ${label}`,
    value,
    unit: 'kg CO2e/room-night',
    source: `${HOTEL_2025}, ${label} (29_600_${code}_13_1)`,
    tag: 'verified',
  };
}

let fallback: FactorUse | undefined;

/**
 * The factor of a country DESNZ does not list: the median of the countries it lists with a value
 * (the UK once, not London as well), computed from the table above.
 */
export function hotelFallbackFactor(): FactorUse {
  if (fallback !== undefined) return fallback;
  const values = Object.values(ROWS)
    .map((entry) => entry[2])
    .sort((a, b) => a - b);
  const middle = values.length / 2;
  const median = values.length % 2 === 0 ? ((values[middle - 1] ?? 0) + (values[middle] ?? 0)) / 2 : (values[Math.floor(middle)] ?? 0);
  fallback = {
    name: 'Hotel stay, country not listed by DESNZ: median of the listed countries',
    value: median,
    unit: 'kg CO2e/room-night',
    source: `${HOTEL_2025}: median of the ${values.length} countries listed with a value`,
    tag: 'derived',
  };
  return fallback;
}
