// What differs between the SQL databases the stores run on, as data: the shared tables, statements
// and row mappers (this folder) are written once and rendered or decoded through a dialect.
import type { Order } from '../../schemas/order.js';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The kinds of column the tables use. `integer` is 32-bit in both; `bigint` holds times (ms since
 * the epoch) and micro-climes; `serial` numbers rows in insertion order.
 */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'json' | 'boolean' | 'serial';

/** An integer column as the driver returns it: a number (SQLite), or a string (PostgreSQL BIGINT). */
export type SqlInteger = number | string;

/** How a dialect's driver returns values, turned into the records' types. */
export interface Decoders {
  integer(value: SqlInteger): number;
  boolean(value: number | boolean): boolean;
  /** A JSON column: text to parse (SQLite), or the value the driver parsed (PostgreSQL JSONB). */
  json(value: unknown): unknown;
  /** The `sent_order` column, with its fields in the order the partner's order had them. */
  sentOrder(value: unknown): Order;
}

/** One SQL database's spelling of the shared schema and statements. */
export interface SqlDialect {
  readonly name: DialectName;
  readonly types: Readonly<Record<ColumnType, string>>;
  /** How a statement writes its `index`-th (from 0) distinct parameter, named `name`. */
  placeholder(name: string, index: number): string;
  /** Whether a `::type` cast after a parameter stays in the text (PostgreSQL) or is dropped (SQLite). */
  readonly keepsCasts: boolean;
  /** The column that orders jobs created in the same millisecond: SQLite's rowid, PostgreSQL's identity. */
  readonly jobSequence: string;
  readonly decode: Decoders;
  /** How a boolean is written: SQLite has no boolean type and stores 0 or 1. */
  encodeBoolean(value: boolean): number | boolean;
  /**
   * A table of the texts of the list parameter `name`, one row each in a `value` column, for a
   * FROM clause: SQLite's `json_each` of a JSON array, PostgreSQL's `unnest` of an array.
   */
  textList(name: string): string;
  /** The value of a list parameter that {@link SqlDialect.textList} reads. */
  encodeTextList(values: readonly string[]): string | readonly string[];
}

/** A nullable integer column, decoded. */
export function integerOrNull(decode: Decoders, value: SqlInteger | null): number | null {
  return value === null ? null : decode.integer(value);
}
