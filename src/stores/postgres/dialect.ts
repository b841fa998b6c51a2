// PostgreSQL's spelling of the shared schema and statements (see ../sql/dialect.ts).
import { orderSchema, type Order } from '../../schemas/order.js';
import type { SqlDialect } from '../sql/dialect.js';

const sentFieldOrder = Object.keys(orderSchema.shape);

/** JSONB sorts an object's keys; this puts the sent order's fields back in the schema's order. */
function inSentFieldOrder(order: Order): Order {
  const ordered: Record<string, unknown> = {};
  for (const key of sentFieldOrder) if (key in order) ordered[key] = order[key as keyof Order];
  return Object.assign(ordered, order) as Order;
}

/**
 * Times and micro-climes are BIGINT, which `pg` returns as strings (every value the store writes
 * is a safe integer); booleans are BOOLEAN; JSON is JSONB, which `pg` parses; lists are arrays.
 */
export const postgresDialect: SqlDialect = {
  name: 'postgres',
  types: { text: 'TEXT', integer: 'INTEGER', bigint: 'BIGINT', json: 'JSONB', boolean: 'BOOLEAN', serial: 'BIGINT GENERATED ALWAYS AS IDENTITY' },
  placeholder: (_name, index) => `$${index + 1}`,
  keepsCasts: true,
  jobSequence: 'seq',
  decode: {
    integer: (value) => Number(value),
    boolean: (value) => value as boolean,
    json: (value) => value,
    sentOrder: (value) => inSentFieldOrder(value as Order),
  },
  encodeBoolean: (value) => value,
  textList: (name) => `unnest(:${name}::text[]) AS texts (value)`,
  encodeTextList: (values) => values,
};
