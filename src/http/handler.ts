import { TruecostValidationError } from '../validation/checked-request.js';
import { METHODOLOGY_VERSION } from '../data/version.js';
import type { Mutable } from '../validation/mutable.js';
import { payloadTooLargeMessage } from '../errors.js';
import type { Scope } from '../orders/types.js';
import { validateRequest } from '../validation/fast-acceptors.js';
import { validateRecord } from '../schemas/record.js';
import { isJsonContentType, readBodyText } from './body.js';
import { IGNORED_FIELDS_HEADER, ignoredFieldsHeader } from './ignored-header.js';
import { notJson, notUtf8 } from './not-json.js';
import { strictBodyRefusal, strictQueryRefusal, strictRefusal } from './strict.js';
import { createKeyCache, type VerifiedKey } from './key-cache.js';
import { environmentOfKey, hashApiKey, sameHash } from './keys.js';
import { IDEMPOTENCY_KEY_HEADER, isValidIdempotencyKey, requestFingerprint, runIdempotent } from './idempotency.js';
import { buildOpenApiDocument } from './openapi.js';
import { createRateLimiter, rateLimitPolicy, type RateDecision } from './rate-limit.js';
import { failure, type Reply } from './reply.js';
import type { AnyRoute, RouteContext, RouteServices } from './route.js';
import { normalBasePath, pathUnder } from './mount.js';
import { requestPath, requestQuery } from './path.js';
import { createRouter } from './router.js';
import { routes as defaultRoutes } from './routes.js';
import { oncePerTurn } from './turn.js';
import { isStoreUnavailable, type StoreUnavailableError } from '../orders/unavailable.js';
import { createRecentKeys } from './recent-keys.js';
import type { FetchHandler, HandlerCore, HandlerOptions, IncomingCall, OutgoingAnswer, RequestLogEntry } from './handler-types.js';

export type { FetchHandler, HandlerCore, HandlerOptions, IncomingCall, OutgoingAnswer, RequestLogEntry } from './handler-types.js';

const coreKey = Symbol.for('truecost.handlerCore');
const mountKey = Symbol.for('truecost.handlerMount');

/** The core of a handler made by {@link createHandler}, or undefined for any other fetch handler. */
export function handlerCore(handler: FetchHandler): HandlerCore | undefined {
  return (handler as FetchHandler & { [coreKey]?: HandlerCore })[coreKey];
}

/** Where a handler made by {@link createHandler} is mounted: its route table and base path, for the framework adapters. */
export interface HandlerMount {
  readonly routes: readonly AnyRoute[];
  readonly basePath: string;
}

/** The mount of a handler made by {@link createHandler}, or undefined for any other fetch handler. */
export function handlerMount(handler: FetchHandler): HandlerMount | undefined {
  return (handler as FetchHandler & { [mountKey]?: HandlerMount })[mountKey];
}

/** The default {@link HandlerOptions.staleKeyWindowMs}: one minute. */
export const DEFAULT_STALE_KEY_WINDOW_MS = 60_000;
/**
 * After the store failed a key check, how long the handler answers from the keys it confirmed
 * lately without asking the store again, in milliseconds: during an outage one request a second
 * pays for a store that does not answer, not every one.
 */
const OUTAGE_PROBE_INTERVAL_MS = 1_000;

/** One mebibyte: the default body limit (docs/api.md). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Longest time a verified key is trusted without asking the store again, in milliseconds: the
 * backstop behind the store's key version (docs/http.md, "Revoking a key").
 */
export const KEY_CACHE_TTL_MS = 5000;
/** Most verified keys a handler remembers. */
const KEY_CACHE_ENTRIES = 10_000;

const JSON_TYPE = 'application/json; charset=utf-8';
const NO_SCOPE: Scope = { partnerId: '', environment: 'staging' };

/**
 * The partner API as one function from `Request` to `Response`: routing, authentication,
 * content-type and size checks, validation, the calculators and the order store, each failure
 * answered with the status and body of docs/api.md. Bad input never gets a 500,
 * and a 500 never carries the fault.
 *
 * @example
 * ```ts
 * import { createHandler } from 'truecost/http';
 * import { createMemoryStore } from 'truecost/stores/memory';
 *
 * const handler = createHandler({ store: createMemoryStore() });
 * const response = await handler(new Request('http://localhost/healthz'));
 * console.log(response.status, await response.json()); // 200 { status: 'ok' }
 * ```
 * @remarks Since 0.1.0
 */
export function createHandler(options: HandlerOptions): FetchHandler {
  return createHandlerFor(defaultRoutes, options);
}

/** {@link createHandler} over a given route table (the table is what the document describes). */
export function createHandlerFor(routes: readonly AnyRoute[], options: HandlerOptions): FetchHandler {
  const { store } = options;
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const { rateLimit } = options;
  const limiter = rateLimit && (rateLimit.limiter ?? createRateLimiter(rateLimit));
  const policy = rateLimit && rateLimitPolicy(rateLimit);
  const route = createRouter(routes);
  const basePath = normalBasePath(options.basePath);
  // Under a base path, and without an address of its own, the service is reached at that path.
  const publicUrl = options.publicUrl ?? (basePath === '' ? undefined : basePath);
  // The 413 names the limit this handler applies, which may not be the default's 1 MiB.
  const tooLarge = tooLargeFor(maxBodyBytes);
  let document: unknown;
  const services: RouteServices = {
    newJobId: () => crypto.randomUUID(),
    jobQueued: (jobId) => options.onJobQueued?.(jobId),
    openApiDocument: () => (document ??= buildOpenApiDocument(routes, publicUrl === undefined ? {} : { serverUrl: publicUrl })),
    apiReferenceScript: options.apiReferenceScript,
    draining: () => options.draining?.() === true,
    publicUrl,
    places: options.places,
  };

  const keys = createKeyCache({ maxEntries: KEY_CACHE_ENTRIES, ttlMs: KEY_CACHE_TTL_MS });
  const recentKeys = createRecentKeys({ maxEntries: KEY_CACHE_ENTRIES, windowMs: options.staleKeyWindowMs ?? DEFAULT_STALE_KEY_WINDOW_MS });
  // While set, the store failed a key check at most a probe interval ago: recent keys answer, the store is not asked.
  let outage: { readonly until: number; readonly error: StoreUnavailableError } | undefined;
  // Asked once per turn for all the requests of the turn, after each of them arrived (docs/http.md, "Revoking a key").
  const keysVersion = store.apiKeysVersion === undefined ? undefined : oncePerTurn(() => store.apiKeysVersion!());

  /** The caller's key as the store knows it: from the cache while the store's key version holds, else read. */
  function authenticate(call: IncomingCall): VerifiedKey | Promise<VerifiedKey | undefined> | undefined {
    const key = call.header('x-api-key');
    if (key === null) return undefined;
    const at = now();
    // Read before the store is asked, so that a revocation racing the read moves the version past it.
    let version: ReturnType<NonNullable<typeof keysVersion>> | undefined;
    try {
      version = keysVersion?.();
    } catch (error) {
      return recentOrThrow(key, at, error);
    }
    if (typeof version === 'object') {
      return version.then(
        (settled) => rememberedOrVerified(key, settled, at),
        (error: unknown) => recentOrThrow(key, at, error),
      );
    }
    return rememberedOrVerified(key, version, at);
  }

  function rememberedOrVerified(key: string, version: number | undefined, at: number): VerifiedKey | Promise<VerifiedKey | undefined> {
    const remembered = keys.get(key, version, at);
    if (remembered !== undefined) return remembered;
    if (outage !== undefined && at < outage.until) return recentOrThrow(key, at, outage.error);
    return verify(key, version, at).catch((error: unknown) => recentOrThrow(key, at, error));
  }

  /** During a store outage: the key when the store confirmed it within the stale window, else the outage's error. */
  function recentOrThrow(key: string, at: number, error: unknown): VerifiedKey {
    if (!isStoreUnavailable(error)) throw error;
    if (outage === undefined || at >= outage.until) outage = { until: at + OUTAGE_PROBE_INTERVAL_MS, error };
    const recent = recentKeys.get(key, at);
    if (recent === undefined) throw error;
    return recent;
  }

  async function verify(key: string, version: number | undefined, at: number): Promise<VerifiedKey | undefined> {
    const environment = environmentOfKey(key);
    if (environment === undefined) return undefined;
    const keyHash = await hashApiKey(key);
    const record = await store.findApiKey(keyHash);
    outage = undefined;
    if (record === undefined || record.revokedAt !== null || record.environment !== environment || !sameHash(record.keyHash, keyHash)) {
      recentKeys.refused(key);
      return undefined;
    }
    const verified: VerifiedKey = { partnerId: record.partnerId, environment, keyHash };
    keys.set(key, verified, version, at);
    recentKeys.confirmed(key, verified, at);
    return verified;
  }

  async function dispatch(call: IncomingCall, trace: Trace): Promise<Reply> {
    const path = pathUnder(basePath, call.path);
    if (path === undefined) return failure('notFound');
    const match = route(call.method, path);
    if (match.kind === 'not_found') return failure('notFound');
    if (match.kind === 'method_not_allowed') return failure('methodNotAllowed', undefined, { allow: match.allow.join(', ') });
    const matched = match.route;
    trace.route = matched;
    let scope = NO_SCOPE;
    if (matched.auth) {
      const known = authenticate(call);
      const caller = known instanceof Promise ? await known : known;
      if (caller === undefined) return failure('unauthorized');
      scope = { partnerId: caller.partnerId, environment: caller.environment };
      trace.scope = scope;
      if (limiter !== undefined) {
        const taken = limiter.take(caller.keyHash, now());
        const decision = (trace.rate = taken instanceof Promise ? await taken : taken);
        if (!decision.allowed) return failure('rateLimited', undefined, { 'retry-after': String(decision.resetSeconds) });
      }
    }
    // Only the write routes take an Idempotency-Key; any other ignores the header.
    let idempotencyKey = matched.idempotent === true ? call.header(IDEMPOTENCY_KEY_HEADER) : null;
    if (idempotencyKey !== null && !isValidIdempotencyKey(idempotencyKey)) return failure('idempotencyKeyInvalid');
    let body: unknown;
    let bodyText = '';
    let recording: RouteContext['recording'];
    if (matched.body !== undefined) {
      if (!isJsonContentType(call.header('content-type'))) return failure('unsupportedMediaType');
      const limit = matched.maxBodyBytes ?? maxBodyBytes;
      const read = await call.readBody(limit);
      if (!read.ok) return read.reason === 'too_large' ? (limit === maxBodyBytes ? tooLarge : tooLargeFor(limit)) : failure('invalidJson', notUtf8);
      let parsed: unknown;
      try {
        parsed = JSON.parse(read.text);
      } catch (error) {
        return failure('invalidJson', notJson(error));
      }
      // A calculator body's `record` is the service's, not the calculator's: checked on its own.
      // Checked once the body is valid, so that the body's own problems come first.
      const sent = parsed;
      const carried = matched.records !== undefined && carriesRecord(parsed) ? parsed : undefined;
      if (carried !== undefined) {
        const { record: _record, ...calculatorBody } = carried;
        parsed = calculatorBody;
      }
      const validated = validateRequest(matched.body, parsed);
      if (!validated.ok) return failure('badRequest', validated.error);
      body = validated.value;
      if (carried !== undefined) {
        const record = validateRecord(carried.record);
        if (!record.ok) return failure('badRequest', record.error);
        recording = { record: record.value, sent };
        // A recorded calculation is a write: it takes an Idempotency-Key.
        idempotencyKey = call.header(IDEMPOTENCY_KEY_HEADER);
        if (idempotencyKey !== null && !isValidIdempotencyKey(idempotencyKey)) return failure('idempotencyKeyInvalid');
      }
      if (validated.ignored.length > 0) {
        const refused = matched.strictBody === undefined ? strictRefusal(call.query, validated.ignored) : strictBodyRefusal(matched.strictBody, validated.ignored);
        if (refused) return failure('badRequest', refused);
        trace.ignored = validated.ignored;
      }
      const unknownQuery = strictQueryRefusal(call.query, (matched.queryParameters ?? []).map((parameter) => parameter.name));
      if (unknownQuery) return failure('badRequest', unknownQuery);
      bodyText = read.text;
    }
    const context = {
      body,
      params: match.params,
      query: call.query ?? '',
      header: (name: string) => call.header(name),
      scope,
      now: now(),
      store,
      services,
      ...(recording === undefined ? {} : { recording }),
    };
    if (idempotencyKey === null) return matched.handle(context);
    const fingerprint = await requestFingerprint(call.method, path, bodyText);
    const request = { scope, key: idempotencyKey, fingerprint, now: context.now };
    return runIdempotent(store, request, options.idempotency ?? {}, (idempotency) => matched.handle({ ...context, idempotency }));
  }

  const { onRequest } = options;
  function answer(call: IncomingCall, trace: Trace, started: number, reply: Reply): OutgoingAnswer {
    const outgoing = toAnswer(reply, trace.route?.methodology === true);
    if (trace.ignored !== undefined) {
      const listed = ignoredFieldsHeader(trace.ignored);
      if (listed !== '') outgoing.headers[IGNORED_FIELDS_HEADER] = listed;
    }
    if (trace.rate !== undefined) {
      outgoing.headers['ratelimit-policy'] = policy!;
      outgoing.headers['ratelimit'] = `"default";r=${trace.rate.remaining};t=${trace.rate.resetSeconds}`;
    }
    if (onRequest !== undefined) {
      // Filled field by field rather than by spreads: this runs once per request.
      const entry: Mutable<RequestLogEntry> = { method: call.method, path: call.path, status: reply.status, durationMs: performance.now() - started };
      if (trace.scope !== undefined) {
        entry.partnerId = trace.scope.partnerId;
        entry.environment = trace.scope.environment;
      }
      if (trace.route !== undefined) entry.route = trace.route.path;
      if (reply.error !== undefined) entry.error = reply.error;
      onRequest(entry);
    }
    return outgoing;
  }

  const core: HandlerCore = (call) => {
    const started = onRequest === undefined ? 0 : performance.now();
    const trace: Trace = {};
    return dispatch(call, trace).then(
      (reply) => answer(call, trace, started, reply),
      (error: unknown) => {
        if (isStoreUnavailable(error)) return answer(call, trace, started, unavailable(error));
        // A calculator's refusal past the schema (an unknown place): a 400 naming the field, as the schema's.
        if (error instanceof TruecostValidationError) return answer(call, trace, started, failure('badRequest', error.problem));
        options.onError?.(error, { method: call.method, path: call.path });
        return answer(call, trace, started, failure(trace.route?.serverError ?? 'serverError'));
      },
    );
  };

  const handler: FetchHandler = async (request) => {
    const answer = await core({
      method: request.method,
      path: requestPath(request.url),
      query: requestQuery(request.url),
      header: (name) => request.headers.get(name),
      readBody: (maxBytes) => readBodyText(request, maxBytes),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  const mount: HandlerMount = { routes, basePath };
  return Object.assign(handler, { [coreKey]: core, [mountKey]: mount });
}

/** Whether a parsed body is an object that carries `record`. */
function carriesRecord(parsed: unknown): parsed is { readonly record: unknown } {
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.hasOwn(parsed, 'record');
}

/** The 413 of a body over `limit` bytes, naming the limit. */
function tooLargeFor(limit: number): Reply {
  return { ...failure('payloadTooLarge'), body: { message: payloadTooLargeMessage(limit) } };
}

/** The answer to a store that cannot answer now: 503 (507 for a full disk) with `Retry-After`. */
function unavailable(error: StoreUnavailableError): Reply {
  return failure(error.reason === 'disk_full' ? 'storeFull' : 'storeUnavailable', undefined, { 'retry-after': String(error.retryAfterSeconds) });
}

interface Trace {
  route?: AnyRoute;
  scope?: Scope;
  /** The body fields validation ignored, when there were any. */
  ignored?: readonly string[];
  /** The rate limiter's decision, when a limit is set and the route takes a key. */
  rate?: RateDecision;
}

function toAnswer(reply: Reply, methodology: boolean): OutgoingAnswer {
  const headers: Record<string, string> = reply.headers === undefined ? {} : { ...reply.headers };
  if (methodology) {
    // Both name the version of the methodology data: `x-truecost-methodology` as before, and
    // `Truecost-Methodology-Version`, the name to store beside each figure (docs/api.md).
    headers['x-truecost-methodology'] = METHODOLOGY_VERSION;
    headers['truecost-methodology-version'] = METHODOLOGY_VERSION;
  }
  if (reply.text !== undefined) {
    headers['content-type'] = reply.text.contentType;
    return { status: reply.status, headers, body: reply.text.content };
  }
  headers['content-type'] = JSON_TYPE;
  return { status: reply.status, headers, body: reply.json ?? JSON.stringify(reply.body) };
}
