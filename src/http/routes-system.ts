import { z } from 'zod';
import { failure, success } from './reply.js';
import { defineRoute, type AnyRoute } from './route.js';

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
// Wherever the API is mounted (/docs, /truecost/docs, /docs/), its script and document are beside the page.
const base = location.pathname.replace(/\\/docs\\/?$/, '');
const script = document.createElement('script');
script.src = base + '${API_REFERENCE_SCRIPT_PATH}';
script.onload = () => Scalar.createApiReference('#app', { ...${JSON.stringify(API_REFERENCE_CONFIGURATION)}, url: base + '/openapi.json' });
document.head.append(script);
</script>
</body>
</html>
`;

/** The routes that need no key: health, the OpenAPI document and the API reference page. */
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
