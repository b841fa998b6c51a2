// The types the modules of `truecost serve` share (the command, its cluster, its listeners and the
// bulk worker), in a module of their own so that none of them imports another in a circle.
import type { LogLevel } from './log.js';

/** Where the command writes: one line at a time. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** What `truecost serve` was asked for. */
export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly db: string;
  readonly rateLimit?: number;
  readonly logLevel: LogLevel;
  /** Whether each request gets a line on the log. */
  readonly requestLog: boolean;
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  /** Whether bulk results may go to loopback and private addresses (local testing). */
  readonly allowPrivateEndpoints: boolean;
  /** Whether the dashboard's cookies carry `Secure` (when served over https). */
  readonly secureCookies: boolean;
  /** The service's public address, under which order certificates are (and the OpenAPI document's server). */
  readonly publicUrl?: string;
  /** How many server processes share the port (1: this process serves, without a cluster). */
  readonly workers: number;
  /** Where `GET /metrics` is served instead of the main port, when given. */
  readonly metricsPort?: number;
  readonly metricsHost: string;
  /** How long `/readyz` answers 503 after SIGTERM before the server stops accepting, in milliseconds. */
  readonly drainDelayMs: number;
  /** The bound of each store call (PostgreSQL statement, SQLite lock wait), in milliseconds; the store's default when absent. */
  readonly dbTimeoutMs?: number;
  /** The bound of the wait for a PostgreSQL connection, in milliseconds; the store's default when absent. */
  readonly dbConnectTimeoutMs?: number;
  /** PostgreSQL: a direct URL on which to LISTEN for key changes (`--db-listen-url`); without it the store polls. */
  readonly dbListenUrl?: string;
  /** How long a confirmed key is still accepted while the store cannot answer, in milliseconds. */
  readonly staleKeyWindowMs: number;
  /** How long an Idempotency-Key replays its answer, in milliseconds (docs/api.md, "Safe retries"). */
  readonly idempotencyRetentionMs: number;
}
