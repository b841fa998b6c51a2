// The statements only the PostgreSQL store's recorded calculations run (./calculations.ts): each
// writes a whole batch in one round trip, its rows in key order, so that two transactions recording
// the same ids or days take their locks in the same order and never deadlock.
import { ADD_TO_DAY_TOTALS, CALCULATION_COLUMNS, CALCULATION_DAY_COLUMNS } from '../sql/calculations.js';
import type { Column } from '../sql/tables.js';
import { postgresDialect } from './dialect.js';

/** An INSERT into `table` of the rows of the JSON array parameter `parameter`, each an object of its columns by name. */
function insertRecordset(table: string, columns: readonly Column[], parameter: string): string {
  const names = columns.map((column) => column.name).join(', ');
  const typed = columns.map((column) => `${column.name} ${postgresDialect.types[column.type]}`).join(', ');
  return `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset(:${parameter}::jsonb) AS r(${typed})`;
}

/** The statements only the PostgreSQL store's recorded calculations run. */
export const postgresCalculationStatements = {
  // The calculations whose ids are not stored yet; returns the ids it inserted.
  insertCalculations: `${insertRecordset('calculations', CALCULATION_COLUMNS, 'calculations')} ORDER BY calculation_id
    ON CONFLICT (calculation_id) DO NOTHING RETURNING calculation_id`,
  addToCalculationDays: `${insertRecordset('calculation_days', CALCULATION_DAY_COLUMNS, 'days')}
    ORDER BY partner_id, environment, day, endpoint, scope3_category, client, methodology_version ${ADD_TO_DAY_TOTALS}`,
} as const;
