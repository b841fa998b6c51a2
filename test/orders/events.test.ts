import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChange, planCreate, type OrderChange } from '../../src/orders/machine.js';
import { changeEventType, eventBody, type OrderEventType } from '../../src/orders/events.js';
import type { OrderRecord, Scope } from '../../src/orders/types.js';
import { createMemoryStore } from '../../src/stores/memory.js';

// The outbox against the order machine: for any sequence of E3, E4 and cancellations, the events
// a store writes are exactly the machine's accepted transitions, in order, each body holding the
// order as the machine left it, and never a customer field.
const scope: Scope = { partnerId: 'p', environment: 'staging' };
const start = 1_800_000_000_000;

const change: fc.Arbitrary<OrderChange> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), climes: fc.integer({ min: 1, max: 5_000_000 }).map((micro) => micro / 1e6) }),
  fc.record({ kind: fc.constant('remove' as const), climes: fc.integer({ min: 1, max: 12_000_000 }).map((micro) => micro / 1e6) }),
  fc.constant({ kind: 'cancel' as const }),
);

describe('the events of an order', () => {
  it('are the accepted transitions of the machine, in order, with the order as each left it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000_000 }).map((micro) => micro / 1e6),
        fc.array(fc.tuple(change, fc.integer({ min: 0, max: 3_000 })), { maxLength: 12 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        async (climes, steps, name) => {
          const store = createMemoryStore();
          const sent = { partner_order_id: 'o', climes, customer_email: 'c@example.com', customer_name: `N${name}`, unlock_date: start + 10_000 };
          await store.createOrders(scope, 'vote', [sent], start);
          const plan = planCreate(scope, 'vote', [sent], { byId: new Map(), byCart: new Map() }, start);
          if (!plan.ok) throw new Error('the create must be planned');
          let model: OrderRecord = plan.inserts[0]!;
          const expected: [OrderEventType, number, string][] = [['order.created', model.microClimes, 'locked']];
          let at = start;
          for (const [command, pause] of steps) {
            at += pause;
            await store.changeOrder(scope, 'vote', 'o', command, at);
            const outcome = applyChange(model, 'vote', command, at);
            if (!outcome.ok) continue;
            model = outcome.record;
            expected.push([changeEventType(command.kind, model), model.microClimes, model.cancelledAt === null ? 'locked' : 'cancelled']);
          }
          const events = (await store.listEvents(scope, { limit: 100 }))!.items;
          const bodies = events.map((event) => eventBody(event, event.order));
          expect(events.map((event, index) => [event.type, event.microClimes, bodies[index]!.data.order.state])).toEqual(expected);
          for (const body of bodies) {
            expect(Object.keys(body.data.order).filter((field) => field.startsWith('customer_'))).toEqual([]);
            expect(body.data.order.climes * 1e6).toBeCloseTo(events.find((event) => event.eventId === body.id)!.microClimes, 3);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
