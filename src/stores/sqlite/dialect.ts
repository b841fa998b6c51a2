// SQLite's spelling of the shared schema and statements (see ../sql/dialect.ts).
import type { Order } from '../../schemas/order.js';
import type { SqlDialect } from '../sql/dialect.js';

/** Integers are INTEGER (64-bit, read as numbers), booleans 0 or 1, JSON text; lists travel as JSON arrays. */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  types: { text: 'TEXT', integer: 'INTEGER', bigint: 'INTEGER', json: 'TEXT', boolean: 'INTEGER', serial: 'INTEGER' },
  placeholder: (name) => `@${name}`,
  keepsCasts: false,
  jobSequence: 'rowid',
  decode: {
    integer: (value) => value as number,
    boolean: (value) => value === 1,
    json: (value) => JSON.parse(value as string) as unknown,
    sentOrder: (value) => JSON.parse(value as string) as Order,
  },
  encodeBoolean: (value) => (value ? 1 : 0),
  textList: (name) => `json_each(:${name})`,
  encodeTextList: (values) => JSON.stringify(values),
};
