/**
 * The partner dashboard: server-rendered pages under `/dashboard` where a partner signs in and
 * manages their keys and result endpoint, and reads their orders, opt-ins, bulk jobs and emissions.
 * One fetch handler, served by `truecost serve` beside the API. Session, CSRF and password rules:
 * docs/dashboard.md.
 */
import { generateSigningSecret } from '../bulk/signing.js';
import { readBodyText } from '../http/body.js';
import type { FetchHandler, RequestLogEntry } from '../http/handler.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import { isFeedOnly, resendRefusal, type ResendRefusal } from '../orders/events.js';
import type { Store } from '../orders/store.js';
import { ENVIRONMENTS, type Environment, type Scope } from '../orders/types.js';
import type { EndpointPolicy, LookupFunction } from '../bulk/endpoint-policy.js';
import { endpointRefusal, sendTestDelivery, type TestDeliveryResult } from './endpoint.js';
import { keyPrefix } from './keys.js';
import { emissionsCsvResponse, emissionsResponse } from './emissions.js';
import { exportEvents, exportOrders } from './export.js';
import { jobsResponse, optInsResponse, orderResponse, ordersResponse, viewedOrder } from './listings.js';
import { eraseCustomerPage, jobPage } from './listing-pages.js';
import { BASE, endpointPage, invitePage, keysPage, messagePage, path, signInPage, type EndpointView, type EventRow, type Viewer } from './pages.js';
import { hashPassword, passwordProblem, verifyPassword } from './password.js';
import type { SafeHtml } from './html.js';
import { profileFromForm, profilePage, projectFromForm, type ProfileView } from './profile.js';
import { assetResponse, cookieOf, oneOf, PageError, redirect, respond, segment } from './responses.js';
import { couldBePartnerId, signInLimits } from './sign-in-limit.js';
import { dashboardLogEntry, loggedDashboardPath, type DashboardTrace } from './request-log.js';
import { csrfMatches, csrfToken, newToken, tokenHash } from './tokens.js';

/** How long a session lasts from sign-in: 12 hours (docs/dashboard.md). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** The session cookie; `Path=/dashboard`, `HttpOnly`, `SameSite=Lax`, `Secure` over https. */
export const SESSION_COOKIE = 'truecost_session';
/** The cookie the sign-in and invitation forms' CSRF tokens are derived from, before any session. */
export const PRE_SESSION_COOKIE = 'truecost_presession';
/** Largest form body accepted, in bytes. */
const MAX_FORM_BYTES = 16 * 1024;

/** Why an event was not sent again, as the partner reads it. */
const RESEND_REFUSALS: Readonly<Record<ResendRefusal, string>> = {
  unknown: 'No such event.',
  'no-endpoint': 'This environment has no events endpoint: save a URL first.',
  delivered: 'This event was delivered: your receiver would drop the same webhook-id again.',
  'on-its-way': 'This event is still on its way: it is queued for a retry or being delivered.',
};

/** What {@link createDashboardHandler} needs and what it can be tuned with. */
export interface DashboardOptions {
  readonly store: Store;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
  /** Whether cookies carry `Secure`. Default: when the request URL is https. */
  readonly secureCookies?: boolean;
  /** The client's address, for the sign-in limit per address. Default: one shared bucket. */
  readonly clientAddress?: (request: Request) => string;
  /** Where bulk results may be delivered: the same policy as `truecost partners set-endpoint`. */
  readonly endpointPolicy?: EndpointPolicy;
  /** Resolves a result URL's host name for the test delivery, whose addresses the policy checks (default the system's resolver). */
  readonly lookup?: LookupFunction;
  /** Called after a job is queued again, e.g. to wake the bulk worker. */
  readonly onJobQueued?: (jobId: string) => void;
  /** Called after an order event is queued to be sent again, e.g. to wake the events worker. */
  readonly onEventQueued?: () => void;
  /** Called once per request with its line for the request log (src/dashboard/request-log.ts). */
  readonly onRequest?: (entry: RequestLogEntry) => void;
  /** Called with every fault that became a 500. */
  readonly onError?: (error: unknown, request: { readonly method: string; readonly path: string }) => void;
}

/**
 * The partner dashboard as one function from `Request` to `Response`, for paths under
 * `/dashboard`. Partners sign in with the password they set through an invitation
 * (`truecost partners invite`); every page shows only the signed-in partner's data.
 */
export function createDashboardHandler(options: DashboardOptions): FetchHandler {
  const { store } = options;
  const now = options.now ?? Date.now;
  const limits = signInLimits(store);
  const addressOf = options.clientAddress ?? (() => 'unknown');

  function cookie(request: Request, name: string, value: string, maxAgeSeconds?: number): string {
    const secure = options.secureCookies ?? request.url.startsWith('https:');
    const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
    return `${name}=${value}; Path=${BASE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}${age}`;
  }

  async function viewerOf(request: Request): Promise<(Viewer & { token: string }) | undefined> {
    const token = cookieOf(request, SESSION_COOKIE);
    if (token === undefined || token === '') return undefined;
    const session = await store.findSession(tokenHash(token));
    if (session === undefined || session.revokedAt !== null || session.expiresAt <= now()) return undefined;
    return { partnerId: session.partnerId, csrf: csrfToken(token), token };
  }

  async function startSession(request: Request, partnerId: string): Promise<Response> {
    const token = newToken();
    const at = now();
    await store.createSession({ tokenHash: tokenHash(token), partnerId, createdAt: at, expiresAt: at + SESSION_TTL_MS });
    return redirect(`${BASE}/keys`, [cookie(request, SESSION_COOKIE, token, SESSION_TTL_MS / 1000), cookie(request, PRE_SESSION_COOKIE, '', 0)]);
  }

  /** The form of a POST, after checking its origin and CSRF token against the cookie's token. */
  async function formOf(request: Request, cookieToken: string | undefined): Promise<URLSearchParams> {
    const origin = request.headers.get('origin');
    if (origin !== null && (!URL.canParse(origin) || new URL(origin).host !== new URL(request.url).host)) {
      throw new PageError(403, 'Refused', 'This form was sent from another site.');
    }
    const read = await readBodyText(request, MAX_FORM_BYTES);
    if (!read.ok) throw new PageError(read.reason === 'too_large' ? 413 : 400, 'Bad request', 'The form could not be read.');
    const form = new URLSearchParams(read.text);
    if (cookieToken === undefined || cookieToken === '' || !csrfMatches(cookieToken, form.get('csrf'))) {
      throw new PageError(403, 'Refused', 'The form has expired or did not come from this dashboard. Go back, reload the page and try again.');
    }
    return form;
  }

  /** The pre-session token of a sign-in or invitation form: the cookie's, or a new one to set. */
  function preSession(request: Request): { token: string; cookies: string[] } {
    const existing = cookieOf(request, PRE_SESSION_COOKIE);
    if (existing !== undefined && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, cookies: [] };
    const token = newToken();
    return { token, cookies: [cookie(request, PRE_SESSION_COOKIE, token)] };
  }

  async function signIn(request: Request, trace: DashboardTrace): Promise<Response> {
    if (request.method === 'GET') {
      if ((await viewerOf(request)) !== undefined) return redirect(`${BASE}/keys`);
      const pre = preSession(request);
      return respond(200, signInPage(csrfToken(pre.token)), {}, pre.cookies);
    }
    const pre = cookieOf(request, PRE_SESSION_COOKIE);
    const form = await formOf(request, pre);
    const partnerId = (form.get('partner') ?? '').trim();
    trace.partnerId = partnerId;
    const password = form.get('password') ?? '';
    const csrf = csrfToken(pre!);
    const address = addressOf(request);
    return limits.exclusive(partnerId, address, async () => {
      const wait = await limits.retryAfterSeconds(partnerId, address, now());
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        return respond(429, signInPage(csrf, `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, partnerId), {
          'retry-after': String(wait),
        });
      }
      const stored = couldBePartnerId(partnerId) ? await store.getPasswordHash(partnerId) : undefined;
      if (!(await verifyPassword(password, stored))) {
        await limits.recordFailure(partnerId, address, now());
        return respond(401, signInPage(csrf, 'The partner ID or the password is wrong.', partnerId));
      }
      await limits.recordSuccess(partnerId);
      return startSession(request, partnerId);
    });
  }

  const linkGone = (): Response =>
    respond(410, messagePage('Sign-in link used or expired', 'This sign-in link was already used or has expired. Ask your truecost operator for a new one.'));

  async function invite(request: Request, token: string, trace: DashboardTrace): Promise<Response> {
    const record = await store.findInvite(tokenHash(token));
    if (record === undefined || record.usedAt !== null || record.expiresAt <= now()) {
      return linkGone();
    }
    trace.partnerId = record.partnerId;
    if (request.method === 'GET') {
      const pre = preSession(request);
      return respond(200, invitePage(record.partnerId, token, csrfToken(pre.token)), {}, pre.cookies);
    }
    const pre = cookieOf(request, PRE_SESSION_COOKIE);
    const form = await formOf(request, pre);
    const password = form.get('password') ?? '';
    const refusal = passwordProblem(password) ?? (password === form.get('confirm') ? undefined : 'The two passwords differ.');
    if (refusal !== undefined) return respond(400, invitePage(record.partnerId, token, csrfToken(pre!), refusal));
    const partnerId = await store.redeemInvite(tokenHash(token), await hashPassword(password), now());
    if (partnerId === undefined) {
      return linkGone();
    }
    return startSession(request, partnerId);
  }

  async function keys(request: Request, viewer: Viewer & { token: string }, action: string | undefined): Promise<Response> {
    if (request.method === 'GET' && action === undefined) return respond(200, keysPage(viewer, await store.listApiKeys(viewer.partnerId)));
    if (request.method !== 'POST') throw new PageError(405, 'Not allowed', 'This page takes no such request.');
    const form = await formOf(request, viewer.token);
    if (action === undefined) {
      const environment = oneOf<Environment>(form.get('environment'), ENVIRONMENTS, 'environment');
      if (environment === undefined) throw new PageError(400, 'Bad request', 'Choose staging or production.');
      const key = generateApiKey(environment);
      await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: viewer.partnerId, environment, createdAt: now(), prefix: keyPrefix(key, environment) });
      return respond(201, keysPage(viewer, await store.listApiKeys(viewer.partnerId), { key, environment }));
    }
    if (action === 'revoke') {
      const record = await store.findApiKey(form.get('key') ?? '');
      // Another partner's key is answered exactly as a key that does not exist.
      if (record === undefined || record.partnerId !== viewer.partnerId) throw new PageError(404, 'Not found', 'No such key.');
      await store.revokeApiKey(record.keyHash, now());
      return redirect(`${BASE}/keys`);
    }
    throw new PageError(404, 'Not found', 'No such page.');
  }

  /** The bulk result endpoint's page: set, rotate, test. */
  async function resultEndpoint(request: Request, viewer: Viewer & { token: string }, action: string | undefined): Promise<Response> {
    const current = await store.getResultEndpoint(viewer.partnerId);
    const save = (endpoint: { url: string; secret: string }) => store.setResultEndpoint(viewer.partnerId, endpoint, now());
    return endpointForm(request, viewer, action, current, save, (view) => endpointPage(viewer, view, 'results'));
  }

  /**
   * The order events endpoint's page: one URL and secret set for both environments (an http URL for
   * staging alone: production events go to https only), rotated, tested; and the partner's recent
   * events, each failed, skipped or feed-only one with a button that sends it again.
   */
  async function eventsEndpoint(request: Request, viewer: Viewer & { token: string }, action: string | undefined): Promise<Response> {
    const { partnerId } = viewer;
    const endpoints = { staging: await store.getEventsEndpoint(partnerId, 'staging'), production: await store.getEventsEndpoint(partnerId, 'production') };
    if (action === 'resend' && request.method === 'POST') {
      const form = await formOf(request, viewer.token);
      const outcome = await store.resendEvent(partnerId, form.get('event') ?? '', now());
      if (!outcome.resent) throw new PageError(outcome.refusal === 'unknown' ? 404 : 409, 'Not sent again', RESEND_REFUSALS[outcome.refusal]);
      options.onEventQueued?.();
      return redirect(`${BASE}/events-endpoint`);
    }
    const deliveries = (await store.listEventDeliveries(partnerId, 20)).map((event): EventRow => {
      const endpoint = endpoints[event.environment];
      return { event, state: isFeedOnly(event, endpoint) ? 'feed only' : event.state, resendable: resendRefusal(event, endpoint) === undefined };
    });
    const current = endpoints.staging ?? endpoints.production;
    let notice: string | undefined;
    const save = async (endpoint: { url: string; secret: string }, rotating: boolean): Promise<void> => {
      const secure = new URL(endpoint.url).protocol === 'https:';
      // Rotating keeps each environment's URL; saving sets the URL where it may go.
      const targets = rotating ? ENVIRONMENTS.filter((environment) => endpoints[environment] !== undefined) : secure ? ENVIRONMENTS : (['staging'] as const);
      if (!rotating && !secure) notice = 'Production events go to https URLs only: this URL was saved for staging.';
      for (const environment of targets) {
        const url = rotating ? endpoints[environment]!.url : endpoint.url;
        await store.setEventsEndpoint(partnerId, environment, { url, secret: endpoint.secret, allowHttp: endpoints[environment]?.allowHttp ?? false }, now());
        endpoints[environment] = await store.getEventsEndpoint(partnerId, environment);
      }
    };
    const page = (view: EndpointView): SafeHtml => {
      // Each environment's URL as it is once the request's change is saved.
      const environments = Object.fromEntries(ENVIRONMENTS.flatMap((environment) => (endpoints[environment] === undefined ? [] : [[environment, endpoints[environment]!.url]])));
      return endpointPage(viewer, { ...view, deliveries, environments, ...(notice === undefined ? {} : { notice }) }, 'events');
    };
    return endpointForm(request, viewer, action, current, save, page);
  }

  /** What both endpoint pages do: show, save a URL (keeping the secret), rotate the secret, send a test delivery. */
  async function endpointForm(
    request: Request,
    viewer: Viewer & { token: string },
    action: string | undefined,
    current: { url: string; secret: string } | undefined,
    save: (endpoint: { url: string; secret: string }, rotating: boolean) => Promise<void>,
    page: (view: EndpointView) => SafeHtml,
  ): Promise<Response> {
    const url = current === undefined ? {} : { url: current.url };
    if (request.method === 'GET' && action === undefined) return respond(200, page(url));
    if (request.method !== 'POST') throw new PageError(405, 'Not allowed', 'This page takes no such request.');
    const form = await formOf(request, viewer.token);
    if (action === undefined) {
      const wanted = (form.get('url') ?? '').trim();
      const refusal = endpointRefusal(wanted, options.endpointPolicy);
      if (refusal !== undefined) return respond(400, page({ ...url, error: refusal }));
      const secret = current?.secret ?? generateSigningSecret();
      await save({ url: wanted, secret }, false);
      return respond(200, page(current === undefined ? { url: wanted, secret } : { url: wanted }));
    }
    if (current === undefined) return respond(409, page({ error: 'Save a URL first.' }));
    if (action === 'rotate') {
      const secret = generateSigningSecret();
      await save({ url: current.url, secret }, true);
      return respond(200, page({ url: current.url, secret }));
    }
    if (action === 'test') {
      const test: TestDeliveryResult = await sendTestDelivery(current, now(), options);
      return respond(200, page({ url: current.url, test }));
    }
    throw new PageError(404, 'Not found', 'No such page.');
  }

  /** The profile page: the profile's form, and the catalogue's add and remove forms. */
  async function profile(request: Request, viewer: Viewer & { token: string }, rest: readonly string[]): Promise<Response> {
    const page = async (status: number, view: Omit<ProfileView, 'profile' | 'projects'> = {}): Promise<Response> =>
      respond(status, profilePage(viewer, { profile: await store.getProfile(viewer.partnerId), projects: await store.listProjects(viewer.partnerId), ...view }));
    if (request.method === 'GET' && rest.length === 0) return page(200);
    if (request.method !== 'POST') throw new PageError(405, 'Not allowed', 'This page takes no such request.');
    const form = await formOf(request, viewer.token);
    const sent = Object.fromEntries([...form].filter(([name]) => name !== 'csrf'));
    if (rest.length === 0) {
      const read = profileFromForm(form);
      if ('error' in read) return page(400, { error: read.error, sent });
      await store.setProfile(viewer.partnerId, read.profile, now());
      return page(200, { saved: 'The profile is saved.' });
    }
    if (rest[0] === 'projects' && rest.length === 1) {
      const read = projectFromForm(viewer.partnerId, form);
      if ('error' in read) return page(400, { error: read.error, sent });
      await store.putProject(read.project, now());
      return page(200, { saved: `The project ${read.project.projectId} is saved.` });
    }
    if (rest[0] === 'projects' && rest[1] === 'remove' && rest.length === 2) {
      const projectId = form.get('project_id') ?? '';
      if (!(await store.removeProject(viewer.partnerId, projectId))) throw new PageError(404, 'Not found', 'No such project.');
      return redirect(`${BASE}/profile`);
    }
    throw new PageError(404, 'Not found', 'No such page.');
  }

  async function jobs(request: Request, viewer: Viewer & { token: string }, rest: readonly string[], url: URL): Promise<Response> {
    if (rest.length === 0 && request.method === 'GET') return jobsResponse(store, viewer, url);
    const environment = oneOf<Environment>(segment(rest[0]), ENVIRONMENTS, 'The environment');
    const jobId = segment(rest[1]);
    if (environment === undefined || rest.length < 2 || rest.length > 3) throw new PageError(404, 'Not found', 'No such page.');
    const scope: Scope = { partnerId: viewer.partnerId, environment };
    // getJob is confined to the partner and environment: another partner's job is not found.
    const job = await store.getJob(scope, jobId);
    if (job === undefined) throw new PageError(404, 'Not found', 'No such job.');
    if (rest.length === 2 && request.method === 'GET') return respond(200, jobPage(viewer, job));
    if (rest[2] === 'retry' && request.method === 'POST') {
      await formOf(request, viewer.token);
      if (job.state !== 'failed') throw new PageError(409, 'Not retried', `Only a failed job can be retried; this one is ${job.state}.`);
      await store.retryJob(job.jobId, now());
      options.onJobQueued?.(job.jobId);
      return redirect(`${BASE}/jobs/${environment}/${encodeURIComponent(job.jobId)}`);
    }
    throw new PageError(404, 'Not found', 'No such page.');
  }

  /** `/orders/{environment}/{id}/erase`: the confirmation (GET), then the erasure of the order's customer (POST). */
  async function eraseCustomer(request: Request, viewer: Viewer & { token: string }, rest: readonly string[]): Promise<Response> {
    const { scope, record } = await viewedOrder(store, viewer, rest);
    if (request.method === 'GET') return respond(200, eraseCustomerPage(viewer, record));
    if (request.method !== 'POST') throw new PageError(405, 'Not allowed', 'This page takes no such request.');
    await formOf(request, viewer.token);
    await store.eraseCustomer(scope, record.partnerOrderId);
    return redirect(path('orders', scope.environment, record.partnerOrderId));
  }

  async function route(request: Request, trace: DashboardTrace): Promise<Response> {
    const url = new URL(request.url);
    const parts = url.pathname.slice(BASE.length).split('/').filter((part) => part !== '');
    const [first, ...rest] = parts;
    const method = request.method;
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') throw new PageError(405, 'Not allowed', 'This page takes no such request.');
    if (first === 'assets' && rest.length === 1 && method !== 'POST') return assetResponse(rest[0]);
    if (first === 'sign-in' && rest.length === 0) return signIn(request, trace);
    if (first === 'invite' && rest.length === 1) return invite(request, segment(rest[0]), trace);
    const viewer = await viewerOf(request);
    trace.partnerId = viewer?.partnerId;
    if (viewer === undefined) {
      if (method === 'POST') throw new PageError(403, 'Signed out', 'Your session has ended. Sign in again.');
      return redirect(`${BASE}/sign-in`);
    }
    if (first === undefined) return redirect(`${BASE}/keys`);
    if (first === 'sign-out' && rest.length === 0 && method === 'POST') {
      await formOf(request, viewer.token);
      await store.revokeSession(tokenHash(viewer.token), now());
      return redirect(`${BASE}/sign-in`, [cookie(request, SESSION_COOKIE, '', 0)]);
    }
    if (first === 'keys' && rest.length <= 1) return keys(request, viewer, rest[0]);
    if (first === 'endpoint' && rest.length <= 1) return resultEndpoint(request, viewer, rest[0]);
    if (first === 'events-endpoint' && rest.length <= 1) return eventsEndpoint(request, viewer, rest[0]);
    if (first === 'jobs') return jobs(request, viewer, rest, url);
    if (first === 'profile' && rest.length <= 2) return profile(request, viewer, rest);
    const fault = (error: unknown): void => options.onError?.(error, { method, path: loggedDashboardPath(url.pathname) });
    if (method === 'GET' && (first === 'orders.csv' || first === 'orders.jsonl') && rest.length === 0) {
      return exportOrders(store, viewer, url, now(), first === 'orders.csv' ? 'csv' : 'jsonl', fault);
    }
    if (method === 'GET' && first === 'events.jsonl' && rest.length === 0) return exportEvents(store, viewer, url, now(), fault);
    if (method === 'GET' && first === 'orders' && rest.length === 0) return ordersResponse(store, viewer, url, now());
    if (method === 'GET' && first === 'orders' && rest.length === 2) return orderResponse(store, viewer, rest, now());
    if (first === 'orders' && rest.length === 3 && rest[2] === 'erase') return eraseCustomer(request, viewer, rest);
    if (method === 'GET' && first === 'opt-ins' && rest.length === 0) return optInsResponse(store, viewer, url);
    if (method === 'GET' && first === 'emissions' && rest.length === 0) return emissionsResponse(store, viewer, url, now());
    if (method === 'GET' && first === 'emissions.csv' && rest.length === 0) return emissionsCsvResponse(store, viewer, url, now());
    throw new PageError(404, 'Not found', 'No such page.');
  }

  async function answer(request: Request, trace: DashboardTrace): Promise<Response> {
    try {
      return await route(request, trace);
    } catch (error) {
      if (error instanceof PageError) return respond(error.status, messagePage(error.title, error.message));
      options.onError?.(error, { method: request.method, path: loggedDashboardPath(new URL(request.url).pathname) });
      return respond(500, messagePage('Something went wrong', 'The dashboard could not answer. Try again in a moment.'));
    }
  }

  return async (request) => {
    const started = performance.now();
    const trace: DashboardTrace = {};
    const response = await answer(request, trace);
    options.onRequest?.(dashboardLogEntry(request, response.status, started, trace));
    return response;
  };
}
