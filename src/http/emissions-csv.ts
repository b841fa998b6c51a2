// The emissions statement as CSV (`Accept: text/csv`, the dashboard's download, `truecost report
// emissions`): cells as the dashboard's exports write them (src/dashboard/csv.ts).
import { csvCell } from '../dashboard/csv.js';
import type { EmissionsFigures, EmissionsReport } from '../orders/emissions-report.js';

const CSV_COLUMNS = ['group', 'count', 'kg', 'tank_to_wheel_kg', 'well_to_tank_kg', 'primary_share'] as const;

/**
 * The statement as CSV: `#` header lines with the period, the grouping, the methodology versions,
 * the basis and the credits, then a header row, a row per group and a `total` row; lines end in LF.
 */
export function emissionsReportCsv(report: EmissionsReport): string {
  const line = (cells: readonly (string | number)[]): string => cells.map(csvCell).join(',');
  const figures = (figures: EmissionsFigures): (string | number)[] => [
    figures.count,
    figures.kg,
    figures.tank_to_wheel_kg,
    figures.well_to_tank_kg,
    figures.primary_share,
  ];
  return [
    `# truecost emissions statement, from ${report.from} (included) to ${report.to} (excluded), UTC days, grouped by ${report.group_by}`,
    `# kg CO2e, well-to-wheel; methodology versions: ${report.methodology_versions.length === 0 ? 'none' : report.methodology_versions.join(' ')}`,
    `# credits (shown apart, never subtracted): ${report.credits.orders} orders holding ${report.credits.climes} climes`,
    line(CSV_COLUMNS),
    ...report.rows.map((row) => line([row.group, ...figures(row)])),
    line(['total', ...figures(report.total)]),
  ].join('\n') + '\n';
}
