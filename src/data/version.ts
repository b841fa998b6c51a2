/**
 * The version of truecost's methodology data: every factor table, the airport and aircraft data.
 * It changes whenever any factor or table changes, so a stored result can always say which data
 * produced it. The HTTP answer carries it in the `x-truecost-methodology` header.
 *
 * @remarks Since 0.1.0
 */
export const METHODOLOGY_VERSION = '2026.7';
