import { compare, measure } from './harness.js';
import { e1, e6 } from './http-bodies.js';
import { climesSchema, createOrderRequestSchema, createOrdersRequestSchema, flightRequestSchema, validate } from '../src/index.js';
import { validateRequest } from '../src/validation-fast.js';

export default async function run(): Promise<void> {
  const text = '12.345678';
  const baseline = await measure('JSON.parse + JSON.stringify of one climes value', () =>
    JSON.stringify(JSON.parse(text)),
  );
  const target = await measure('validate(climesSchema)', () => validate(climesSchema, 12.345678));
  compare('Validation of one climes value', baseline, target);

  // The request path: the hand-written acceptors of src/validation-fast.ts against zod/mini alone,
  // on the bodies of the HTTP benchmark (E6 with 10 flights, E1) and a batch of 100 orders (E2).
  const order = (JSON.parse(e1.body) as { order: Record<string, unknown> }).order;
  const bodies = [
    { name: 'E6, 10 flights', schema: flightRequestSchema, text: e6.body },
    { name: 'E1, one order', schema: createOrderRequestSchema, text: e1.body },
    {
      name: 'E2, 100 orders',
      schema: createOrdersRequestSchema,
      text: JSON.stringify({ orders: Array.from({ length: 100 }, (_, index) => ({ ...order, partner_order_id: `ORD-${index}` })) }),
    },
  ] as const;
  for (const { name, schema, text: body } of bodies) {
    const zodOnly = await measure(`validate (zod/mini): ${name}`, () => validate(schema, JSON.parse(body)));
    const fast = await measure(`validateRequest (acceptor first): ${name}`, () => validateRequest(schema, JSON.parse(body)));
    compare(`Validation of ${name}, JSON.parse included`, zodOnly, fast);
  }
}
