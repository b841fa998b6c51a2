// The memory store's recorded calculations and their per-day totals: maps written together inside
// one synchronous step, as the SQL stores write them in one transaction.
import {
  addedTotals,
  groupOf,
  NO_CALCULATIONS,
  totalsOf,
  type CalculationTotals,
  rollupKeyOf,
  startOfUtcDay,
  type CalculationRecord,
  type CalculationStore,
  type EmissionsRollupRow,
  type RollupKey,
} from '../../orders/calculations.js';
import type { IdempotencyGuard } from '../../orders/idempotency.js';
import type { OrderRecord, Scope } from '../../orders/types.js';
import { page } from './page.js';

const scopeKey = (scope: Scope): string => `${scope.partnerId}\u0000${scope.environment}`;

/**
 * The calculation methods of a memory store; `orders` lists the store's orders, for the credits.
 * `gramsOf` gives the well-to-wheel grams of the scope's calculations among some ids, at once, for
 * the order writes.
 */
export function memoryCalculations(
  guarded: <Outcome>(guard: IdempotencyGuard<Outcome> | undefined, write: () => Outcome) => Outcome,
  orders: () => Iterable<OrderRecord>,
): CalculationStore & { gramsOf(scope: Scope, ids: readonly string[]): Map<string, number> } {
  /** Each scope's calculations by id. */
  const calculations = new Map<string, Map<string, CalculationRecord>>();
  /** Each scope's per-day totals, by the JSON of their key. */
  const days = new Map<string, Map<string, { key: RollupKey; totals: CalculationTotals }>>();

  const scopeMap = <T>(maps: Map<string, Map<string, T>>, scope: Scope): Map<string, T> => {
    let map = maps.get(scopeKey(scope));
    if (map === undefined) maps.set(scopeKey(scope), (map = new Map()));
    return map;
  };

  function addToDay(record: CalculationRecord): void {
    const key = rollupKeyOf(record);
    const id = JSON.stringify([key.day, key.endpoint, key.scope3Category, key.client, key.methodologyVersion]);
    const scopeDays = scopeMap(days, record);
    scopeDays.set(id, { key, totals: addedTotals(scopeDays.get(id)?.totals ?? NO_CALCULATIONS, totalsOf(record)) });
  }

  return {
    gramsOf(scope, ids) {
      const stored = calculations.get(scopeKey(scope));
      return new Map(ids.flatMap((id) => {
        const record = stored?.get(id);
        return record === undefined ? [] : [[id, record.wellToWheelGrams] as const];
      }));
    },

    async recordCalculations(records, guard) {
      guarded(guard, () => {
        for (const record of records) {
          const stored = scopeMap(calculations, record);
          if (stored.has(record.calculationId)) continue;
          stored.set(record.calculationId, structuredClone(record));
          addToDay(record);
        }
      });
    },

    async getCalculation(scope, calculationId) {
      return structuredClone(calculations.get(scopeKey(scope))?.get(calculationId));
    },

    async listCalculations(scope, query) {
      const stored = calculations.get(scopeKey(scope)) ?? new Map<string, CalculationRecord>();
      const after = query.after === undefined ? undefined : stored.get(query.after);
      if (query.after !== undefined && after === undefined) return undefined;
      const matching = [...stored.values()].filter(
        (record) =>
          (query.from === undefined || record.occurredAt >= query.from) &&
          (query.to === undefined || record.occurredAt < query.to) &&
          (query.client === undefined || record.client === query.client) &&
          (query.reference === undefined || record.reference === query.reference),
      );
      return page(matching, (record) => ({ at: record.occurredAt, id: record.calculationId }), {
        limit: query.limit,
        ...(after === undefined ? {} : { after: { at: after.occurredAt, id: after.calculationId } }),
      });
    },

    async emissionsRollup(scope, query) {
      const rows = new Map<string, EmissionsRollupRow>();
      for (const { key, totals } of days.get(scopeKey(scope))?.values() ?? []) {
        if (key.day < query.fromDay || key.day >= query.toDay) continue;
        const group = groupOf(key, query.groupBy);
        const id = JSON.stringify([group, key.methodologyVersion]);
        rows.set(id, { group, methodologyVersion: key.methodologyVersion, ...addedTotals(rows.get(id) ?? NO_CALCULATIONS, totals) });
      }
      return [...rows.values()];
    },

    async orderCredits(scope, from, to) {
      let count = 0;
      let microClimes = 0;
      for (const order of orders()) {
        if (order.partnerId !== scope.partnerId || order.environment !== scope.environment) continue;
        if (order.createdAt < from || order.createdAt >= to) continue;
        count += 1;
        microClimes += order.microClimes;
      }
      return { orders: count, microClimes };
    },

    async deleteCalculations(partnerId, beforeDay, environment) {
      const before = startOfUtcDay(beforeDay);
      let deleted = 0;
      for (const env of environment === undefined ? (['staging', 'production'] as const) : [environment]) {
        const scope = { partnerId, environment: env };
        const stored = calculations.get(scopeKey(scope));
        for (const [id, record] of stored ?? []) {
          if (record.occurredAt >= before) continue;
          stored!.delete(id);
          deleted += 1;
        }
        const scopeDays = days.get(scopeKey(scope));
        for (const [id, { key }] of scopeDays ?? []) if (key.day < beforeDay) scopeDays!.delete(id);
      }
      return deleted;
    },
  };
}
