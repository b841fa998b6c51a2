// The store contract's checks of recorded calculations (docs/api.md, "Recorded calculations"): a
// calculation comes back as recorded, within its scope only, an id records once, the listing pages
// newest first, the emissions statement sums whole UTC days of the per-day totals, the period's
// orders are counted beside it, and deleting removes calculations with their days' totals.
import fc from 'fast-check';
import { CALCULATION_ENDPOINTS, EMISSIONS_GROUPINGS, type CalculationRecord, type EmissionsGrouping, type EmissionsRollupRow, type EmissionsQuery } from '../../orders/calculations.js';
import { isIdempotencyClaimLost, type IdempotencyGuard } from '../../orders/idempotency.js';
import type { Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import { expectThat } from '../expect.js';
import { calculation, day, now, order, otherPartner, production, staging, type DefineCheck } from './fixtures.js';

/** An instant as ISO 8601 UTC, in milliseconds since the epoch. */
const at = (iso: string): number => Date.parse(iso);

/** The statement's rows in one order (stores may give them in any). */
const sorted = (rows: readonly EmissionsRollupRow[]): EmissionsRollupRow[] =>
  [...rows].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : a.methodologyVersion < b.methodologyVersion ? -1 : a.methodologyVersion > b.methodologyVersion ? 1 : 0));

async function rollup(store: Store, scope: Scope, query: EmissionsQuery): Promise<EmissionsRollupRow[]> {
  return sorted(await store.emissionsRollup(scope, query));
}

/** The ids of a listing's page, or undefined. */
async function listedIds(store: Store, scope: Scope, query: Parameters<Store['listCalculations']>[1]): Promise<[string[], boolean] | undefined> {
  const page = await store.listCalculations(scope, query);
  return page === undefined ? undefined : [page.items.map((record) => record.calculationId), page.hasMore];
}

/** A statement row of `count` calculations of the fixture's grams each. */
const rowOf = (group: string, count: number, methodologyVersion = '2026.1'): EmissionsRollupRow => ({
  group,
  methodologyVersion,
  count,
  wellToWheelGrams: 1200 * count,
  tankToWheelGrams: 1000 * count,
  wellToTankGrams: 200 * count,
  primaryGrams: 0,
});

/** A whole year around the fixtures' clock, as a statement period. */
const wholeYear = (groupBy: EmissionsGrouping): EmissionsQuery => ({ fromDay: '2026-07-01', toDay: '2027-07-01', groupBy });

/** Registers the checks of recorded calculations, in order. */
export function defineCalculationChecks(check: DefineCheck): void {
  check('recorded calculations: a calculation comes back with every field as recorded, what was asked and answered in its key order', async (store) => {
    const full = calculation({
      calculationId: 'calc-full',
      endpoint: 'freight',
      reference: 'shipment 7',
      client: 'Acme AG',
      occurredAt: now - 3 * day,
      recordedAt: now,
      scope3Category: 4,
      methodologyVersion: '2026.2',
      wellToWheelGrams: 987_654_321,
      tankToWheelGrams: 900_000_000,
      wellToTankGrams: 87_654_321,
      primaryGrams: 450_000_000,
      dataType: 'mixed',
      query: 'detail=full&units=t',
      // Keys out of alphabetical order, nested, with text JSON escapes and numbers that are not whole.
      request: { zeta: 1, alpha: { y: [3, 1.5, { b: null, a: true }], x: 'Zürich → London "quoted" \n' }, mid: -0.25, emoji: '✈️🚚' },
      response: { total: { co2e_t: 0.987654, parts: [{ wtw: 0.9 }, { ttw: 0.08 }] }, id: 'x', a: [] },
    });
    const bare = calculation({ calculationId: 'calc-bare', request: [], response: 'plain' });
    await store.recordCalculations([full, bare]);
    for (const recorded of [full, bare]) {
      const read = await store.getCalculation(staging, recorded.calculationId);
      expectThat(read, `the calculation ${recorded.calculationId}`).toEqual(recorded);
      expectThat(JSON.stringify(read?.request), 'the request as read').toBe(JSON.stringify(recorded.request));
      expectThat(JSON.stringify(read?.response), 'the response as read').toBe(JSON.stringify(recorded.response));
    }
    expectThat(await store.getCalculation(staging, 'calc-unknown')).toBeUndefined();
  });

  check('recorded calculations: another partner or environment sees none of them, in reads, listings, the statement or the credits', async (store) => {
    await store.recordCalculations([calculation({ calculationId: 'calc-a', reference: 'r', client: 'c' })]);
    await store.recordCalculations([calculation({ ...production, calculationId: 'calc-p' })]);
    await store.createOrders(staging, 'vote', [order()], now);
    for (const scope of [production, otherPartner]) {
      expectThat(await store.getCalculation(scope, 'calc-a'), `calc-a in ${JSON.stringify(scope)}`).toBeUndefined();
      expectThat(await store.listCalculations(scope, { limit: 10, after: 'calc-a' })).toBeUndefined();
      expectThat(await listedIds(store, scope, { limit: 10, client: 'c' })).toEqual([[], false]);
      expectThat(await listedIds(store, scope, { limit: 10, reference: 'r' })).toEqual([[], false]);
      expectThat(await store.orderCredits(scope, now - day, now + day)).toEqual({ orders: 0, microClimes: 0 });
    }
    expectThat(await listedIds(store, production, { limit: 10 })).toEqual([['calc-p'], false]);
    expectThat(await listedIds(store, otherPartner, { limit: 10 })).toEqual([[], false]);
    expectThat(await store.getCalculation(staging, 'calc-p')).toBeUndefined();
    for (const groupBy of EMISSIONS_GROUPINGS) {
      expectThat(await rollup(store, otherPartner, wholeYear(groupBy)), `the other partner's statement by ${groupBy}`).toEqual([]);
      expectThat((await rollup(store, production, wholeYear(groupBy))).map((row) => row.count), `production's statement by ${groupBy}`).toEqual([1]);
      expectThat((await rollup(store, staging, wholeYear(groupBy))).map((row) => row.count), `staging's statement by ${groupBy}`).toEqual([1]);
    }
  });

  check('recorded calculations: an id recorded again changes nothing, so a retried write is counted once', async (store) => {
    const [a, b, c] = ['calc-a', 'calc-b', 'calc-c'].map((calculationId) => calculation({ calculationId }));
    await store.recordCalculations([a!, b!]);
    // The retry of the batch with one more, and a repeated id whose figures differ: the first one stays.
    await store.recordCalculations([{ ...a!, wellToWheelGrams: 5, tankToWheelGrams: 5, wellToTankGrams: 0 }, b!, c!]);
    await store.recordCalculations([calculation({ calculationId: 'calc-d' }), calculation({ calculationId: 'calc-d', client: 'twice', wellToWheelGrams: 7 })]);
    await store.recordCalculations([]);
    expectThat(await rollup(store, staging, wholeYear('endpoint'))).toEqual([rowOf('flight', 4)]);
    expectThat(await store.getCalculation(staging, 'calc-a')).toEqual(a);
    expectThat((await store.getCalculation(staging, 'calc-d'))?.client).toBeNull();
    expectThat(await listedIds(store, staging, { limit: 10 })).toEqual([['calc-d', 'calc-c', 'calc-b', 'calc-a'], false]);
  });

  check('recorded calculations: a guarded recording stores its answer with it, and one whose claim was lost records nothing', async (store) => {
    const guardOf = (token: string): IdempotencyGuard<void> => ({
      claim: { ...staging, key: 'k', fingerprint: 'f', token },
      expiresAt: now + 1000,
      answer: () => ({ status: 201, body: JSON.stringify({ token }) }),
    });
    await store.startIdempotent(guardOf('mine').claim, now, now + 10);
    // The lease ended and another request took the key over.
    await store.startIdempotent(guardOf('theirs').claim, now + 10, now + 20);
    const lost = await store.recordCalculations([calculation()], guardOf('mine')).then(() => 'written', (error: unknown) => error);
    expectThat(isIdempotencyClaimLost(lost), 'the lost claim refused').toBe(true);
    expectThat(await store.getCalculation(staging, 'calc-1')).toBeUndefined();
    expectThat(await rollup(store, staging, wholeYear('endpoint'))).toEqual([]);
    await store.recordCalculations([calculation()], guardOf('theirs'));
    expectThat(await rollup(store, staging, wholeYear('endpoint'))).toEqual([rowOf('flight', 1)]);
    expectThat((await store.getIdempotencyKey(staging, 'k'))?.answer).toEqual({ status: 201, body: '{"token":"theirs"}' });
  });

  check('recorded calculations: the listing pages newest first, ids by code point, by client, reference and period; an unknown `after` is undefined', async (store) => {
    // [id, minutes after now, client, reference]: ids that share a time differ in case, so that an order other than by code point shows.
    const planned: [string, number, string | null, string | null][] = [
      ['a', 0, 'acme', 'r1'],
      ['B', 0, null, 'r1'],
      ['b', 0, 'acme', null],
      ['c', 1, 'zeta', 'r2'],
      ['A', 2, 'acme', 'r1'],
      ['d', -1, 'acme', 'r2'],
    ];
    await store.recordCalculations(
      planned.map(([calculationId, minutes, client, reference]) => calculation({ calculationId, occurredAt: now + minutes * 60_000, client, reference })),
    );
    await store.recordCalculations([calculation({ ...production, calculationId: 'prod' })]);
    expectThat(await listedIds(store, staging, { limit: 10 })).toEqual([['A', 'c', 'b', 'a', 'B', 'd'], false]);
    expectThat(await listedIds(store, staging, { limit: 2 })).toEqual([['A', 'c'], true]);
    expectThat(await listedIds(store, staging, { limit: 2, after: 'c' })).toEqual([['b', 'a'], true]);
    expectThat(await listedIds(store, staging, { limit: 2, after: 'a' })).toEqual([['B', 'd'], false]);
    expectThat(await listedIds(store, staging, { limit: 2, after: 'd' })).toEqual([[], false]);
    expectThat(await listedIds(store, staging, { limit: 10, client: 'acme' })).toEqual([['A', 'b', 'a', 'd'], false]);
    expectThat(await listedIds(store, staging, { limit: 10, reference: 'r1' })).toEqual([['A', 'a', 'B'], false]);
    expectThat(await listedIds(store, staging, { limit: 10, reference: 'r1', client: 'acme' })).toEqual([['A', 'a'], false]);
    expectThat(await listedIds(store, staging, { limit: 1, client: 'acme', after: 'A' })).toEqual([['b'], true]);
    // `after` is a position: a calculation the filter leaves out still says where the page starts.
    expectThat(await listedIds(store, staging, { limit: 10, client: 'acme', after: 'c' })).toEqual([['b', 'a', 'd'], false]);
    // From included, to excluded.
    expectThat(await listedIds(store, staging, { limit: 10, from: now, to: now + 2 * 60_000 })).toEqual([['c', 'b', 'a', 'B'], false]);
    expectThat(await listedIds(store, staging, { limit: 10, from: now + 1, to: now + 2 * 60_000 + 1 })).toEqual([['A', 'c'], false]);
    expectThat(await listedIds(store, staging, { limit: 2, from: now - 60_000, to: now + 60_000, after: 'b' })).toEqual([['a', 'B'], true]);
    expectThat(await listedIds(store, staging, { limit: 10, to: now })).toEqual([['d'], false]);
    expectThat(await store.listCalculations(staging, { limit: 10, after: 'unknown' })).toBeUndefined();
    expectThat(await store.listCalculations(staging, { limit: 10, after: 'prod' })).toBeUndefined();
  });

  check('recorded calculations: the statement sums whole UTC days, from fromDay to before toDay, by each grouping', async (store) => {
    const period = { fromDay: '2027-01-10', toDay: '2027-02-03' };
    await store.recordCalculations([
      // Outside the period by a millisecond on either side.
      calculation({ calculationId: 'before', occurredAt: at('2027-01-09T23:59:59.999Z'), scope3Category: 6, client: 'acme' }),
      calculation({ calculationId: 'after', occurredAt: at('2027-02-03T00:00:00.000Z'), scope3Category: 6, client: 'acme' }),
      calculation({ calculationId: 'first', occurredAt: at('2027-01-10T00:00:00.000Z'), scope3Category: 6, client: 'acme' }),
      calculation({ calculationId: 'january', occurredAt: at('2027-01-31T23:59:59.999Z'), endpoint: 'cars', client: 'acme' }),
      calculation({ calculationId: 'february', occurredAt: at('2027-02-01T00:00:00.000Z'), scope3Category: 6, methodologyVersion: '2026.2' }),
      calculation({ calculationId: 'last', occurredAt: at('2027-02-02T23:59:59.999Z'), scope3Category: 7, endpoint: 'cars', wellToWheelGrams: 5, tankToWheelGrams: 4, wellToTankGrams: 1, primaryGrams: 5 }),
    ]);
    const last = { count: 1, wellToWheelGrams: 5, tankToWheelGrams: 4, wellToTankGrams: 1, primaryGrams: 5 };
    const plus = (row: EmissionsRollupRow): EmissionsRollupRow => ({
      ...row,
      count: row.count + last.count,
      wellToWheelGrams: row.wellToWheelGrams + last.wellToWheelGrams,
      tankToWheelGrams: row.tankToWheelGrams + last.tankToWheelGrams,
      wellToTankGrams: row.wellToTankGrams + last.wellToTankGrams,
      primaryGrams: row.primaryGrams + last.primaryGrams,
    });
    const expected: Record<EmissionsGrouping, EmissionsRollupRow[]> = {
      scope3_category: [rowOf('6', 1), rowOf('6', 1, '2026.2'), { group: '7', methodologyVersion: '2026.1', ...last }, rowOf('unclassified', 1)],
      endpoint: [plus(rowOf('cars', 1)), rowOf('flight', 1), rowOf('flight', 1, '2026.2')],
      month: [rowOf('2027-01', 2), plus(rowOf('2027-02', 0)), rowOf('2027-02', 1, '2026.2')],
      client: [rowOf('acme', 2), plus(rowOf('unclassified', 0)), rowOf('unclassified', 1, '2026.2')],
    };
    for (const groupBy of EMISSIONS_GROUPINGS) {
      expectThat(await rollup(store, staging, { ...period, groupBy }), `the statement by ${groupBy}`).toEqual(sorted(expected[groupBy]));
    }
    // One day, and an empty period.
    expectThat(await rollup(store, staging, { fromDay: '2027-02-02', toDay: '2027-02-03', groupBy: 'endpoint' })).toEqual([{ group: 'cars', methodologyVersion: '2026.1', ...last }]);
    expectThat(await rollup(store, staging, { fromDay: '2027-01-11', toDay: '2027-01-31', groupBy: 'endpoint' })).toEqual([]);
  });

  check('recorded calculations: the credits are the orders created in the period and the climes they hold now', async (store) => {
    const made: [string, number][] = [['early', now - 1], ['first', now], ['cancelled', now + 5], ['last', now + day - 1], ['late', now + day]];
    for (const [partnerOrderId, createdAt] of made) await store.createOrders(staging, 'calculated', [order({ partner_order_id: partnerOrderId, climes: 2 })], createdAt);
    await store.changeOrder(staging, 'calculated', 'first', { kind: 'add', climes: 0.5 }, now + 10);
    await store.changeOrder(staging, 'calculated', 'cancelled', { kind: 'cancel' }, now + 10);
    await store.createOrders(production, 'calculated', [order({ partner_order_id: 'prod' })], now);
    expectThat(await store.orderCredits(staging, now, now + day)).toEqual({ orders: 3, microClimes: 4_500_000 });
    expectThat(await store.orderCredits(staging, now + day, now + 2 * day)).toEqual({ orders: 1, microClimes: 2_000_000 });
    expectThat(await store.orderCredits(staging, now + 2 * day, now + 3 * day)).toEqual({ orders: 0, microClimes: 0 });
    expectThat(await store.orderCredits(production, now, now + day)).toEqual({ orders: 1, microClimes: 10_000_000 });
  });

  check('recorded calculations: deleting before a day removes the partner\'s calculations and their days\' totals, in one environment or both', async (store) => {
    const planned: [string, Scope, string][] = [
      ['s-old', staging, '2027-01-09T23:59:59.999Z'],
      ['s-new', staging, '2027-01-10T00:00:00.000Z'],
      ['s-later', staging, '2027-01-20T12:00:00.000Z'],
      ['p-old', production, '2027-01-01T00:00:00.000Z'],
      ['p-new', production, '2027-01-15T00:00:00.000Z'],
      ['o-old', otherPartner, '2027-01-01T00:00:00.000Z'],
    ];
    await store.recordCalculations(planned.map(([calculationId, scope, iso]) => calculation({ ...scope, calculationId, occurredAt: at(iso) })));
    const days = async (scope: Scope): Promise<string[]> => (await rollup(store, scope, { fromDay: '2026-01-01', toDay: '2028-01-01', groupBy: 'month' })).map((row) => `${row.group}:${row.count}`);
    const stored = async (): Promise<string[]> =>
      (await Promise.all(planned.map(async ([id, scope]) => ((await store.getCalculation(scope, id)) === undefined ? [] : [id])))).flat();

    expectThat(await store.deleteCalculations('p1', '2027-01-10', 'staging')).toBe(1);
    expectThat(await stored()).toEqual(['s-new', 's-later', 'p-old', 'p-new', 'o-old']);
    expectThat(await listedIds(store, staging, { limit: 10 })).toEqual([['s-later', 's-new'], false]);
    expectThat(await rollup(store, staging, { fromDay: '2027-01-09', toDay: '2027-01-11', groupBy: 'endpoint' })).toEqual([rowOf('flight', 1)]);
    expectThat(await days(production)).toEqual(['2027-01:2']);

    expectThat(await store.deleteCalculations('p1', '2027-01-16')).toBe(3);
    expectThat(await stored()).toEqual(['s-later', 'o-old']);
    expectThat(await days(staging)).toEqual(['2027-01:1']);
    expectThat(await days(production)).toEqual([]);
    expectThat(await days(otherPartner)).toEqual(['2027-01:1']);
    expectThat(await store.deleteCalculations('p1', '2027-01-16')).toBe(0);
  });

  // Each run records for a partner of its own, with ids of its own, so that runs share one store.
  let run = 0;
  check('recorded calculations: the statement by every grouping holds the sums of the calculations recorded, however batched and retried', async (store) => {
    const DAY_MS = 86_400_000;
    const start = at('2027-01-30T00:00:00.000Z');
    const planned = fc.record({
      endpoint: fc.constantFrom(...CALCULATION_ENDPOINTS),
      // Times across a month's end, and often on the edge of a day.
      occurredAt: fc.oneof(fc.integer({ min: 0, max: 5 * DAY_MS - 1 }), fc.integer({ min: 0, max: 5 }).map((days) => days * DAY_MS - (days % 2))).map((ms) => start + ms),
      scope3Category: fc.option(fc.integer({ min: 1, max: 15 }), { nil: null }),
      client: fc.option(fc.constantFrom('acme', 'Acme', 'b'), { nil: null }),
      methodologyVersion: fc.constantFrom('2026.1', '2026.2'),
      wellToWheelGrams: fc.integer({ min: 0, max: 2_000_000_000 }),
      primaryShare: fc.integer({ min: 0, max: 4 }),
      tankShare: fc.integer({ min: 0, max: 4 }),
      // Recorded again in a later batch, as a retry would.
      retried: fc.boolean(),
    });
    const statementPeriod = fc.tuple(fc.integer({ min: -1, max: 6 }), fc.integer({ min: -1, max: 6 }), fc.constantFrom(...EMISSIONS_GROUPINGS));
    await fc.assert(
      fc.asyncProperty(fc.array(planned, { maxLength: 25 }), fc.integer({ min: 1, max: 6 }), statementPeriod, async (plans, batchSize, [from, to, groupBy]) => {
        run += 1;
        const scope: Scope = { partnerId: `sums-${run}`, environment: 'staging' };
        const records = plans.map((plan, index): CalculationRecord => {
          const tankToWheelGrams = Math.floor((plan.wellToWheelGrams * plan.tankShare) / 4);
          return calculation({
            ...scope,
            // Ids of their own too: calculation ids are unique across scopes, and a store may key calculations by id alone.
            calculationId: `calc-${run}-${index}`,
            endpoint: plan.endpoint,
            occurredAt: plan.occurredAt,
            scope3Category: plan.scope3Category,
            client: plan.client,
            methodologyVersion: plan.methodologyVersion,
            wellToWheelGrams: plan.wellToWheelGrams,
            tankToWheelGrams,
            wellToTankGrams: plan.wellToWheelGrams - tankToWheelGrams,
            primaryGrams: Math.floor((plan.wellToWheelGrams * plan.primaryShare) / 4),
          });
        });
        for (let first = 0; first < records.length; first += batchSize) {
          const batch = records.slice(first, first + batchSize);
          const retries = records.slice(0, first).filter((_, index) => plans[index]!.retried);
          await store.recordCalculations([...retries, ...batch]);
        }
        const dayOf = (offset: number): string => new Date(start + offset * DAY_MS).toISOString().slice(0, 10);
        const query = { fromDay: dayOf(from), toDay: dayOf(to), groupBy };
        // The sums straight from the records, grouped as the statement groups.
        const expected = new Map<string, EmissionsRollupRow>();
        for (const record of records) {
          const recordDay = new Date(record.occurredAt).toISOString().slice(0, 10);
          if (recordDay < query.fromDay || recordDay >= query.toDay) continue;
          const group = {
            scope3_category: record.scope3Category === null ? 'unclassified' : String(record.scope3Category),
            endpoint: record.endpoint,
            month: recordDay.slice(0, 7),
            client: record.client ?? 'unclassified',
          }[groupBy];
          const id = `${group} ${record.methodologyVersion}`;
          const row = expected.get(id) ?? { group, methodologyVersion: record.methodologyVersion, count: 0, wellToWheelGrams: 0, tankToWheelGrams: 0, wellToTankGrams: 0, primaryGrams: 0 };
          expected.set(id, {
            ...row,
            count: row.count + 1,
            wellToWheelGrams: row.wellToWheelGrams + record.wellToWheelGrams,
            tankToWheelGrams: row.tankToWheelGrams + record.tankToWheelGrams,
            wellToTankGrams: row.wellToTankGrams + record.wellToTankGrams,
            primaryGrams: row.primaryGrams + record.primaryGrams,
          });
        }
        expectThat(await rollup(store, scope, query), `the statement ${JSON.stringify(query)}`).toEqual(sorted([...expected.values()]));
      }),
      { numRuns: 25 },
    );
  });
}
