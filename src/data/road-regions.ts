// The regions a road freight leg (E11 trucks, E13 truck legs) may name, ISO 3166-1 alpha-2, and the
// factor set each takes: India's own (India GHG Program, with the DESNZ load model), DESNZ 2025 for
// Great Britain, the GLEC Framework's European defaults for the EU member states. See
// docs/methodology.md, "Each road leg's region".

/** The EU member states (ISO 3166-1 alpha-2), which take the GLEC Framework's European road defaults. */
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/**
 * The regions a road leg may name: `IN` (the default), `GB` and the EU member states.
 *
 * @remarks Since 0.6.0
 */
export const ROAD_REGIONS = ['IN', 'GB', ...EU_MEMBER_STATES] as const;

/**
 * One of {@link ROAD_REGIONS}.
 *
 * @remarks Since 0.6.0
 */
export type RoadRegion = (typeof ROAD_REGIONS)[number];

/**
 * The factors a road leg takes: `india`, the India GHG Program's trucks under the DESNZ load model;
 * `desnz-2025`, DESNZ 2025's average-laden intensity of the truck's class (Great Britain);
 * `glec-europe`, the GLEC Framework's European default intensity (heavy trucks only).
 *
 * @remarks Since 0.6.0
 */
export type RoadFactorSet = 'india' | 'desnz-2025' | 'glec-europe';

/**
 * The road factor set of a country (ISO 3166-1 alpha-2, upper case), or undefined when truecost
 * holds no cited road freight factor for it (a leg naming it is refused, never given India's).
 *
 * @example
 * ```ts
 * roadFactorSet('NL'); // 'glec-europe'
 * roadFactorSet('US'); // undefined
 * ```
 * @remarks Since 0.6.0
 */
export function roadFactorSet(country: string): RoadFactorSet | undefined {
  if (country === 'IN') return 'india';
  if (country === 'GB') return 'desnz-2025';
  return (EU_MEMBER_STATES as readonly string[]).includes(country) ? 'glec-europe' : undefined;
}
