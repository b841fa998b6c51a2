import { compare, measure } from './harness.js';
import { e1, e6 } from './http-bodies.js';
import {
  climesSchema,
  createOrderRequestSchema,
  createOrdersRequestSchema,
  flightRequestSchema,
  flightTruecost,
  validate,
} from '../src/index.js';
import { validateRequest } from '../src/validation/fast-acceptors.js';

export default async function run(): Promise<void> {
  const text = '12.345678';
  const baseline = await measure('JSON.parse + JSON.stringify of one climes value', () =>
    JSON.stringify(JSON.parse(text)),
  );
  const target = await measure('validate(climesSchema)', () => validate(climesSchema, 12.345678));
  compare('Validation of one climes value', baseline, target);

  // The request path: the hand-written acceptors of src/validation/fast-acceptors.ts against zod/mini alone,
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

  // The E6 body of the HTTP benchmark (10 flights): validation with its ignored-fields list, and a
  // calculator given validate's value (not checked again) or the plain object (checked inside).
  const parseOnly = await measure('JSON.parse of the E6 body', () => JSON.parse(e6.body));
  const validated = await measure('JSON.parse + validate(flightRequestSchema)', () => validate(flightRequestSchema, JSON.parse(e6.body)));
  const once = await measure('JSON.parse + validate + flightTruecost(value)', () => {
    const parsed = validate(flightRequestSchema, JSON.parse(e6.body));
    return parsed.ok ? flightTruecost(parsed.value) : undefined;
  });
  const inside = await measure('JSON.parse + flightTruecost(plain object)', () => flightTruecost(JSON.parse(e6.body)));
  compare('Validation of the E6 body (10 flights)', parseOnly, validated, once, inside);
}
