// Helpers for the operations tests: requests on fresh connections (so that a cluster spreads them
// over its workers), a parser of the Prometheus text format, waiting, and PostgreSQL schemas.
import { request as httpRequest } from 'node:http';
export { dropSchema } from '../setup/pg-schema.js';

/** An answer read to its end. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request on a connection of its own (`Connection: close`). */
export function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: init.method ?? 'GET', headers: { connection: 'close', ...init.headers }, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** A JSON POST (or another method) with a key, on a connection of its own. */
export function sendJson(url: string, key: string, body: unknown, method = 'POST'): Promise<Answer> {
  return send(url, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The samples of a Prometheus text exposition, keyed `name{label="value",...}` with the labels sorted by name. */
export type Samples = ReadonlyMap<string, number>;

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

/** Parses the Prometheus text format (version 0.0.4); throws on a line that is not a comment or a sample. */
export function parsePrometheus(text: string): Samples {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a sample line: ${line}`);
    const labels: [string, string][] = [];
    const body = match[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const label = LABEL.exec(body);
      if (label === null) throw new Error(`bad labels in: ${line}`);
      labels.push([label[1]!, label[2]!]);
    }
    const raw = match[3]!;
    const lower = raw.toLowerCase();
    const value = lower === '+inf' || lower === 'inf' ? Infinity : lower === '-inf' ? -Infinity : lower === 'nan' ? NaN : Number(raw);
    if (Number.isNaN(value) && lower !== 'nan') throw new Error(`bad value in: ${line}`);
    samples.set(sampleKey(match[1]!, Object.fromEntries(labels)), value);
  }
  return samples;
}

/** The key of a sample in {@link Samples}. */
export function sampleKey(name: string, labels: Readonly<Record<string, string>> = {}): string {
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? name : `${name}{${entries.map(([label, value]) => `${label}="${value}"`).join(',')}}`;
}

/** A sample's value, 0 when absent (a counter not yet incremented for those labels). */
export function valueOf(samples: Samples, name: string, labels: Readonly<Record<string, string>> = {}): number {
  return samples.get(sampleKey(name, labels)) ?? 0;
}

/** Scrapes and parses `/metrics`. */
export async function scrape(url: string): Promise<Samples> {
  const answer = await send(url);
  if (answer.status !== 200) throw new Error(`scrape answered ${answer.status}: ${answer.body}`);
  return parsePrometheus(answer.body);
}

/** Polls `check` every 50 ms until it returns a value other than undefined; throws after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a process with this id exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The process ids of a service's log lines (request lines and worker-listening lines). */
export function pidsOf(lines: readonly string[], filter: (line: Record<string, unknown>) => boolean): Set<number> {
  const pids = new Set<number>();
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    const parsed = JSON.parse(line) as Record<string, unknown>;
    if (typeof parsed['pid'] === 'number' && filter(parsed)) pids.add(parsed['pid']);
  }
  return pids;
}

/** The PostgreSQL URL with a schema of its own, so that runs never share rows. */
export function withSchema(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('schema', name);
  return parsed.toString();
}
