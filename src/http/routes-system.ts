import * as z from 'zod/mini';
import { failure, success } from './reply.js';
import { defineRoute, type AnyRoute, type RouteContext } from './route.js';
import type { Reply } from './reply.js';

const SERVICE = 'Service';

/** Where the API reference page loads its script from: served by truecost itself, never a CDN. */
export const API_REFERENCE_SCRIPT_PATH = '/docs/scalar.js';

/**
 * The settings of the API reference page: everything it shows and loads comes from this service.
 * No AI agent or its API registry, no hosted client, toolbar (share, deploy) or developer tools, no
 * request proxy, no telemetry, no web fonts, and no link out of the page.
 */
const API_REFERENCE_CONFIGURATION = {
  agent: { disabled: true },
  hideClientButton: true,
  showToolbar: 'never',
  showDeveloperTools: 'never',
  telemetry: false,
  withDefaultFonts: false,
  defaultOpenAllTags: true,
  customCss: 'a[href*="scalar.com"] { display: none; }',
} as const;

// Wherever the API is mounted (/docs, /truecost/docs, /docs/), the page's script and document are beside it.
const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>truecost API reference</title>
</head>
<body>
<div id="app"></div>
<script>
const base = location.pathname.replace(/\\/docs\\/?$/, '');
const script = document.createElement('script');
script.src = base + '${API_REFERENCE_SCRIPT_PATH}';
script.onload = () => Scalar.createApiReference('#app', { ...${JSON.stringify(API_REFERENCE_CONFIGURATION)}, url: base + '/openapi.json' });
document.head.append(script);
</script>
</body>
</html>
`;

const NOT_READY_MESSAGE = 'Service Unavailable! Not ready to take requests.';

/** What `GET /readyz` says of each check: `ok`, or why it failed. */
const readinessChecks = z.object({
  store: z.string().check(z.describe('`ok`, or `down: <reason>` when the store does not answer a trivial query.')),
  shutdown: z.string().check(z.describe('`no`, or `in progress` once the service is draining.')),
});

/** Whether the service should get traffic: the store answers, and it is not shutting down. */
async function readiness({ store, services }: RouteContext): Promise<Reply> {
  let storeCheck = 'ok';
  try {
    await store.ping?.();
  } catch (error) {
    storeCheck = `down: ${error instanceof Error ? error.message : String(error)}`;
  }
  const checks = { store: storeCheck, shutdown: services.draining?.() === true ? 'in progress' : 'no' };
  if (checks.store === 'ok' && checks.shutdown === 'no') return success(200, { status: 'ready', checks });
  return success(503, { message: NOT_READY_MESSAGE, checks });
}

/** The routes that need no key: health, readiness, the OpenAPI document and the API reference page. */
export const systemRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/healthz',
    operationId: 'health',
    summary: 'Health check',
    description: 'Answers without a key, for load balancers and orchestrators.',
    tag: SERVICE,
    auth: false,
    responses: [{ status: 200, description: 'The service is up.', schema: z.object({ status: z.literal('ok') }) }],
    failures: [],
    serverError: 'serverError',
    handle: () => success(200, { status: 'ok' }),
  }),
  defineRoute({
    method: 'GET',
    path: '/readyz',
    operationId: 'readiness',
    summary: 'Readiness check',
    description:
      'Answers without a key, for load balancers: 200 while the store answers a trivial query, 503 naming the failed check when it does not or once the service is shutting down (before it stops accepting connections).',
    tag: SERVICE,
    auth: false,
    responses: [
      {
        status: 200,
        description: 'The service takes requests.',
        schema: z.object({ status: z.literal('ready'), checks: readinessChecks }),
      },
      {
        status: 503,
        description: 'The service should get no requests: the store is down, or the service is shutting down.',
        schema: z.object({ message: z.literal(NOT_READY_MESSAGE), checks: readinessChecks }),
      },
    ],
    failures: [],
    serverError: 'serverError',
    handle: readiness,
  }),
  defineRoute({
    method: 'GET',
    path: '/openapi.json',
    operationId: 'openApiDocument',
    summary: 'This OpenAPI document',
    tag: SERVICE,
    auth: false,
    responses: [{ status: 200, description: 'The OpenAPI 3.1 document of the service.', schema: z.record(z.string(), z.unknown()) }],
    failures: [],
    serverError: 'serverError',
    handle: ({ services }) => success(200, services.openApiDocument()),
  }),
  defineRoute({
    method: 'GET',
    path: '/docs',
    operationId: 'apiReference',
    summary: 'The API reference page',
    description: 'A page rendering the OpenAPI document; 404 when the service was started without its assets.',
    tag: SERVICE,
    auth: false,
    responses: [{ status: 200, description: 'An HTML page.', contentType: 'text/html' }],
    failures: ['notFound'],
    serverError: 'serverError',
    handle: ({ services }) =>
      services.apiReferenceScript === undefined
        ? failure('notFound')
        : { status: 200, body: undefined, text: { contentType: 'text/html; charset=utf-8', content: docsPage } },
  }),
  defineRoute({
    method: 'GET',
    path: API_REFERENCE_SCRIPT_PATH,
    operationId: 'apiReferenceScript',
    summary: 'The script of the API reference page',
    tag: SERVICE,
    auth: false,
    responses: [{ status: 200, description: 'JavaScript.', contentType: 'text/javascript' }],
    failures: ['notFound'],
    serverError: 'serverError',
    handle: ({ services }) =>
      services.apiReferenceScript === undefined
        ? failure('notFound')
        : {
            status: 200,
            body: undefined,
            text: { contentType: 'text/javascript; charset=utf-8', content: services.apiReferenceScript },
            headers: { 'cache-control': 'public, max-age=86400' },
          },
  }),
];
