// The statements of recorded calculations both SQL stores run (./calculations.ts runs them): a
// listing per filter and page, and the statement's sums per grouping, read from the per-day totals.
import { EMISSIONS_GROUPINGS, UNCLASSIFIED_GROUP, type EmissionsGrouping } from '../../orders/calculations.js';
import type { DialectName } from './dialect.js';
import { keyset, listingSelect, type Bound } from './listings.js';

/** Which filters a calculations listing has: both client and reference read the reference's index. */
export type CalculationFilter = 'any' | 'client' | 'reference' | 'both';
const FILTERS: readonly CalculationFilter[] = ['any', 'client', 'reference', 'both'];
const FILTER_TERMS: Readonly<Record<CalculationFilter, string[]>> = {
  any: [],
  client: ['client = :client'],
  reference: ['reference = :reference'],
  both: ['reference = :reference', 'client = :client'],
};
/** A listing reads forward only: the first page, or the page after a calculation. */
const CALCULATION_BOUNDS = ['first', 'after'] as const satisfies readonly Bound[];
export type CalculationBound = (typeof CALCULATION_BOUNDS)[number];

export const listingName = (filter: CalculationFilter, bound: CalculationBound) => `listing calculations ${filter} ${bound}` as const;
export const rollupName = (groupBy: EmissionsGrouping) => `emissionsRollup ${groupBy}` as const;

/**
 * The statement group of a `calculation_days` row, as SQL: the same as `groupOf` (src/orders/calculations.ts).
 * A client named like the unclassified group joins it, as it does there.
 */
const GROUP_SQL: Readonly<Record<EmissionsGrouping, string>> = {
  scope3_category: `CASE WHEN scope3_category = 0 THEN '${UNCLASSIFIED_GROUP}' ELSE CAST(scope3_category AS TEXT) END`,
  endpoint: 'endpoint',
  month: 'substr(day, 1, 7)',
  client: `CASE WHEN client = '' THEN '${UNCLASSIFIED_GROUP}' ELSE client END`,
};

/** The statements of recorded calculations both stores run. */
export function calculationStatements(dialect: DialectName) {
  const listings = {} as Record<ReturnType<typeof listingName>, string>;
  for (const filter of FILTERS) {
    for (const bound of CALCULATION_BOUNDS) {
      const { where, order } = keyset(dialect, 'occurred_at', 'calculation_id', bound);
      // A listing without a period reads from the earliest to the latest safe integer, so that one
      // statement per filter serves every period and each reads its index as a range.
      const period = ['occurred_at >= :from', 'occurred_at < :to'];
      listings[listingName(filter, bound)] = listingSelect('calculations', [...FILTER_TERMS[filter], ...period, ...where], order);
    }
  }
  const rollups = {} as Record<ReturnType<typeof rollupName>, string>;
  for (const groupBy of EMISSIONS_GROUPINGS) {
    const group = GROUP_SQL[groupBy];
    // Reads the per-day totals only, by their primary key's range of days.
    rollups[rollupName(groupBy)] = `SELECT ${group} AS statement_group, methodology_version,
    SUM(calculation_count) AS calculation_count, SUM(well_to_wheel_g) AS well_to_wheel_g, SUM(tank_to_wheel_g) AS tank_to_wheel_g,
    SUM(well_to_tank_g) AS well_to_tank_g, SUM(primary_g) AS primary_g FROM calculation_days
    WHERE partner_id = :partnerId AND environment = :environment AND day >= :fromDay AND day < :toDay
    GROUP BY ${group}, methodology_version ORDER BY statement_group, methodology_version`;
  }
  return {
    calculation: `SELECT * FROM calculations WHERE calculation_id = :calculationId AND partner_id = :partnerId AND environment = :environment`,
    calculationPosition: `SELECT occurred_at FROM calculations WHERE calculation_id = :calculationId
    AND partner_id = :partnerId AND environment = :environment`,
    orderCredits: `SELECT COUNT(*) AS orders, COALESCE(SUM(micro_climes), 0) AS micro_climes FROM orders
    WHERE partner_id = :partnerId AND environment = :environment AND created_at >= :from AND created_at < :to`,
    deleteCalculations: `DELETE FROM calculations WHERE partner_id = :partnerId AND environment = :environment AND occurred_at < :before`,
    deleteCalculationDays: `DELETE FROM calculation_days WHERE partner_id = :partnerId AND environment = :environment AND day < :beforeDay`,
    ...rollups,
    ...listings,
  };
}
