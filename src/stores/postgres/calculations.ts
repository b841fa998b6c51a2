// The PostgreSQL store's recorded calculations that write: recording (the batch's new calculations
// and their days' totals, two statements in one transaction, with the Idempotency-Key's answer when
// guarded) and deleting (the calculations and their days' totals in one transaction).
import type pg from 'pg';
import type { CalculationRecord, CalculationStore } from '../../orders/calculations.js';
import type { IdempotencyGuard } from '../../orders/idempotency.js';
import { calculationColumns, calculationDayColumns, deletionParameters } from '../sql/calculations.js';
import { postgresRunner } from './statements.js';
import { inTransaction, retrying, type PostgresDatabase } from './transactions.js';

/** The first record of each id: the rest would be the same calculation again, which records once. */
function firstOfEachId(records: readonly CalculationRecord[]): CalculationRecord[] {
  const seen = new Set<string>();
  return records.filter((record) => !seen.has(record.calculationId) && seen.add(record.calculationId));
}

/** `recordCalculations` and `deleteCalculations` of the PostgreSQL store. */
export function postgresCalculationWrites(
  database: PostgresDatabase,
  guarded: <Outcome>(guard: IdempotencyGuard<Outcome>, write: (client: pg.PoolClient) => Promise<Outcome>) => Promise<Outcome>,
): Pick<CalculationStore, 'recordCalculations' | 'deleteCalculations'> {
  /** Inserts the calculations not stored yet, then adds those it inserted to their days' totals. */
  async function record(client: pg.PoolClient, records: readonly CalculationRecord[]): Promise<void> {
    const tx = postgresRunner(client);
    const batch = firstOfEachId(records);
    if (batch.length === 0) return;
    const rows = await tx.all<{ calculation_id: string }>('insertCalculations', { calculations: JSON.stringify(batch.map(calculationColumns)) });
    const inserted = new Set(rows.map((row) => row.calculation_id));
    const days = calculationDayColumns(batch.filter((calculation) => inserted.has(calculation.calculationId)));
    if (days.length > 0) await tx.run('addToCalculationDays', { days: JSON.stringify(days) });
  }

  return {
    async recordCalculations(records, guard) {
      if (guard !== undefined) return guarded(guard, (client) => record(client, records));
      return retrying(() => inTransaction(database, (client) => record(client, records)));
    },

    async deleteCalculations(partnerId, beforeDay, environment) {
      return retrying(() =>
        inTransaction(database, async (client) => {
          const tx = postgresRunner(client);
          let deleted = 0;
          for (const parameters of deletionParameters(partnerId, beforeDay, environment)) {
            deleted += await tx.run('deleteCalculations', parameters);
            await tx.run('deleteCalculationDays', parameters);
          }
          return deleted;
        }),
      );
    },
  };
}
