// The order machine refuses, as values, every amount of climes the API refuses, with the path and
// reason of the API's 400: a caller of the library that skips validation cannot store what the API
// would not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChange,
  climesSchema,
  createOrdersRequestSchema,
  planCreate,
  updateClimesRequestSchema,
  validate,
  type Order,
  type OrderChange,
  type OrderRecord,
  type Scope,
} from '../../src/index.js';
import { climesProblem } from '../../src/schemas/limits.js';

const scope: Scope = { partnerId: 'p1', environment: 'staging' };
const now = 1_800_000_000_000;
const empty = { byId: new Map<string, OrderRecord>(), byCart: new Map<string, OrderRecord>() };
const order = (id: string, climes: number): Order => ({ climes, partner_order_id: id, customer_email: 'ada@example.com', customer_name: 'Ada' });

/** Amounts the API refuses: not above 0, over 10^9, more than 6 decimals, not finite. */
const refusedClimes = fc.oneof(
  fc.double({ max: 0, noNaN: true }),
  fc.double({ min: 1e9, minExcluded: true, noNaN: true }),
  fc.integer({ min: 1, max: 1e9 }).map((micro) => micro / 1e6 + 1e-7),
  fc.constantFrom(0, -0, -1, Number.NaN, Infinity, -Infinity, 1e9 + 1e-6, 0.0000001, 1.1234567),
);
const acceptedClimes = fc.integer({ min: 1, max: 1e15 }).map((micro) => micro / 1e6);
const anyClimes = fc.oneof(refusedClimes, acceptedClimes, fc.double());

/** The API's 400 for a body, or undefined when it accepts it. */
function apiProblem(schema: Parameters<typeof validate>[0], body: unknown) {
  const result = validate(schema, body);
  return result.ok ? undefined : result.error;
}

describe('the amounts of climes the order machine refuses', () => {
  it("are the schema's, with its reasons", () => {
    fc.assert(
      fc.property(anyClimes, (climes) => {
        expect(climesProblem(climes)).toBe(apiProblem(climesSchema, climes)?.reason);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse a whole batch at the first such order, with the path E2 answers', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(acceptedClimes, refusedClimes), { minLength: 1, maxLength: 8 }), (amounts) => {
        const orders = amounts.map((climes, index) => order(`o-${index}`, climes));
        const plan = planCreate(scope, 'calculated', orders, empty, now);
        const problem = apiProblem(createOrdersRequestSchema, { orders });
        if (problem === undefined) {
          expect(plan.ok).toBe(true);
          return;
        }
        const index = amounts.findIndex((climes) => climesProblem(climes) !== undefined);
        expect(plan).toEqual({ ok: false, index, refusal: { kind: 'invalid_climes', path: problem.path, reason: problem.reason } });
        expect(problem.path).toBe(`orders.${index}.climes`);
      }),
    );
  });

  it('refuse an addition or removal before the order is looked at, with the path E3 and E4 answer', () => {
    const stored = planCreate(scope, 'vote', [order('o-1', 10)], empty, now);
    if (!stored.ok) throw new Error('expected a created order');
    const records = [stored.inserts[0], undefined];
    fc.assert(
      fc.property(fc.constantFrom<'add' | 'remove'>('add', 'remove'), anyClimes, fc.constantFrom(...records), (kind, climes, record) => {
        const change: OrderChange = { kind, climes };
        const outcome = applyChange(record, 'vote', change, now);
        const problem = apiProblem(updateClimesRequestSchema, { climes, partner_order_id: 'o-1' });
        if (problem === undefined) expect(!outcome.ok && outcome.refusal.kind === 'invalid_climes').toBe(false);
        else expect(outcome).toEqual({ ok: false, refusal: { kind: 'invalid_climes', path: 'climes', reason: problem.reason } });
      }),
    );
  });

  it('leave the full cancellation alone: it carries no amount', () => {
    const stored = planCreate(scope, 'vote', [order('o-1', 10)], empty, now);
    if (!stored.ok) throw new Error('expected a created order');
    expect(applyChange(stored.inserts[0], 'vote', { kind: 'cancel' }, now).ok).toBe(true);
  });
});
