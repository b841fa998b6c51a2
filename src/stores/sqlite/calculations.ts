// The SQLite store's recorded calculations that write: recording (the calculations, their days'
// totals and the Idempotency-Key's answer in one transaction, committed with the turn's other
// writes) and deleting (the calculations and their days' totals in one transaction).
import type Database from 'better-sqlite3';
import type { CalculationRecord, CalculationStore } from '../../orders/calculations.js';
import type { IdempotencyGuard } from '../../orders/idempotency.js';
import type { Environment } from '../../orders/types.js';
import { calculationColumns, calculationDayColumns, deletionParameters } from '../sql/calculations.js';
import type { GroupCommit } from './group-commit.js';
import type { SqliteRunner } from './statements.js';
import { answerKey } from './transactions.js';

/** `recordCalculations` and `deleteCalculations` of the SQLite store; recordings commit in `orderWrites`'s groups. */
export function sqliteCalculationWrites(
  db: Database.Database,
  runner: SqliteRunner,
  orderWrites: GroupCommit,
): Pick<CalculationStore, 'recordCalculations' | 'deleteCalculations'> {
  const recordCalculations = db.transaction((records: readonly CalculationRecord[], guard?: IdempotencyGuard<void>): void => {
    // An id already stored (by an earlier try, or earlier in the batch) inserts nothing and adds to no day.
    const inserted = records.filter((record) => runner.run('insertCalculation', calculationColumns(record)) > 0);
    for (const day of calculationDayColumns(inserted)) runner.run('addToCalculationDay', day);
    answerKey(runner, guard, undefined);
  });

  const deleteCalculations = db.transaction((partnerId: string, beforeDay: string, environment?: Environment): number => {
    let deleted = 0;
    for (const parameters of deletionParameters(partnerId, beforeDay, environment)) {
      deleted += runner.run('deleteCalculations', parameters);
      runner.run('deleteCalculationDays', parameters);
    }
    return deleted;
  });

  return {
    recordCalculations: (records, guard) => orderWrites.run(() => recordCalculations.immediate(records, guard)),
    deleteCalculations: async (partnerId, beforeDay, environment) => deleteCalculations.immediate(partnerId, beforeDay, environment),
  };
}
