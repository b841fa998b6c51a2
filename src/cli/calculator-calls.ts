// The calculators from the shell: a request through the same handler that serves HTTP, called
// without a socket, so that the shell and the API cannot disagree.
import { createHandler, handlerCore } from '../http/handler.js';
import { IGNORED_FIELDS_HEADER } from '../http/ignored-header.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import { createMemoryStore } from '../stores/memory.js';

/** What a calculation printed and how the command ends. */
export interface CalcOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** What the command line asks of a calculator: the query parameters of the API. */
export interface CalcQuery {
  /** Adds the explanations, as `?explain=true` does. */
  readonly explain?: boolean;
  /** `wtw` or `ttw`, as `?basis=` takes it; the API's default when absent. */
  readonly basis?: string | undefined;
  /** Asks for the ISO 14083 report, as `?report=iso14083` does (logistics and freight). */
  readonly report?: boolean;
}

/** An answer of the API: its status, its body, and the fields it ignored (the header's value, or null). */
export interface CalcAnswer {
  readonly status: number;
  readonly body: any;
  readonly ignored: string | null;
}

/** One calculator request through the API's handler: its path, body, and the query parameters asked for. */
export type CalculatorCall = (path: string, body: unknown, query?: CalcQuery) => Promise<CalcAnswer>;

/**
 * A handler that serves HTTP (validation, calculator, messages), on a throw-away memory store with
 * one staging key, called without a socket: the shell and the API cannot disagree. One of them
 * answers every row of a CSV file, so that a row costs its calculation, not a new store.
 */
export async function calculatorCalls(): Promise<CalculatorCall> {
  const store = createMemoryStore();
  const key = generateApiKey('staging');
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'cli', environment: 'staging', createdAt: 0 });
  // A leg given by places loads the place tables, as `truecost serve` does.
  const core = handlerCore(createHandler({ store, places: () => import('../places/index.js').then((module) => module.places) }))!;
  const headers: Readonly<Record<string, string>> = { 'x-api-key': key, 'content-type': 'application/json' };
  return async (path, body, query = {}) => {
    const params = new URLSearchParams();
    if (query.explain === true) params.set('explain', 'true');
    if (query.basis !== undefined) params.set('basis', query.basis);
    if (query.report === true) params.set('report', 'iso14083');
    const text = JSON.stringify(body);
    const answer = await core({
      method: 'POST',
      path,
      query: params.toString(),
      header: (name) => headers[name] ?? null,
      // The body limit holds here as on a socket.
      readBody: async (maxBytes) => (utf8.encode(text).byteLength > maxBytes ? { ok: false, reason: 'too_large' } : { ok: true, text }),
    });
    return { status: answer.status, body: JSON.parse(answer.body), ignored: answer.headers[IGNORED_FIELDS_HEADER] ?? null };
  };
}

const utf8 = new TextEncoder();

/**
 * Runs one calculator body through the API's handler (see {@link calculatorCalls}). `query` carries
 * `--explain` and `--basis` as the API's query parameters.
 */
export async function calculate(path: string, body: unknown, query: CalcQuery = {}): Promise<CalcAnswer> {
  return (await calculatorCalls())(path, body, query);
}
