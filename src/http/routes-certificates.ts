// The public certificate of an order (docs/api.md, "Certificates"): no key, an accessible HTML page
// or, on `Accept: application/json`, the same facts as JSON; never a customer's data.
import * as z from 'zod/mini';
import { html, type SafeHtml } from '../dashboard/html.js';
import { CERTIFICATE_ID, certificateView, type CertificateView } from '../orders/certificates.js';
import { failure, success, type Reply } from './reply.js';
import { defineRoute, type AnyRoute } from './route.js';

/** The page's headers: nothing runs, nothing loads, nothing frames it (as the dashboard's pages), cached by no one. */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  vary: 'accept',
};

/** `GET /certificates/{certificate_id}` as JSON. */
export const certificateSchema = /* @__PURE__ */ z.object({
  certificate: z.object({
    certificate_id: z.string(),
    project_id: z.nullable(z.string()),
    climes: z.number(),
    co2e_tonnes: z.nullable(z.number()).check(z.describe('Null: truecost keeps no rate between climes and tonnes of CO2e; the merchant sets it (docs/checkout.md).')),
    state: z.enum(['locked', 'unlocked', 'cancelled']),
    variant: z.enum(['vote', 'calculated']),
    created_at: z.number().check(z.int()),
    unlock_date: z.number().check(z.int()),
    cancelled_at: z.nullable(z.number().check(z.int())),
  }),
});

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const STATES: Readonly<Record<CertificateView['state'], string>> = {
  locked: 'Recorded; it may still change until its unlock date.',
  unlocked: 'Final: its unlock date has passed.',
  cancelled: 'Cancelled.',
};

/** The certificate as an HTML page: a title, headings and a description list, no script and no style. */
export function certificatePage(view: CertificateView): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Neutralisation certificate ${view.certificate_id}</title>
</head>
<body>
<main>
<h1>Neutralisation certificate</h1>
<p>${STATES[view.state]}</p>
<h2>What was neutralised</h2>
<dl>
<dt>Climes</dt><dd>${String(view.climes)}</dd>
<dt>CO<sub>2</sub>e</dt><dd>Not stated: the rate of climes to tonnes of CO<sub>2</sub>e is the merchant's.</dd>
<dt>Project</dt><dd>${view.project_id ?? 'Not named'}</dd>
<dt>Paid by</dt><dd>${view.variant === 'vote' ? 'The merchant' : 'The customer'}</dd>
</dl>
<h2>Dates</h2>
<dl>
<dt>Recorded</dt><dd><time datetime="${new Date(view.created_at).toISOString()}">${day(view.created_at)}</time></dd>
<dt>Unlock date</dt><dd><time datetime="${new Date(view.unlock_date).toISOString()}">${day(view.unlock_date)}</time></dd>
${view.cancelled_at === null ? '' : html`<dt>Cancelled</dt><dd><time datetime="${new Date(view.cancelled_at).toISOString()}">${day(view.cancelled_at)}</time></dd>`}
</dl>
<p>Certificate <code>${view.certificate_id}</code>, issued by truecost.</p>
</main>
</body>
</html>
`;
}

/** Whether the request asks for JSON rather than the page. */
const wantsJson = (accept: string | null | undefined): boolean => accept !== null && accept !== undefined && /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept);

/** `GET /certificates/{certificate_id}`. */
export const certificateRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/certificates/{certificate_id}',
    operationId: 'getCertificate',
    summary: "An order's public certificate",
    description:
      "Opens without a key: the address is the secret (128 random bits, from the order's `certificate_url`). An HTML page, or JSON with `Accept: application/json`: the project, the climes now, the state and the dates; nothing that identifies the customer, the partner or the order. An unknown id is a 404.",
    tag: 'Orders',
    auth: false,
    params: { certificate_id: z.string().check(z.regex(CERTIFICATE_ID)) },
    responses: [
      { status: 200, description: 'The certificate, as JSON on `Accept: application/json`.', schema: certificateSchema },
      { status: 200, description: 'The certificate as a page.', contentType: 'text/html' },
    ],
    failures: ['notFound'],
    serverError: 'serverError',
    async handle({ params, now, store, header }): Promise<Reply> {
      const record = await store.orderByCertificate(params.certificate_id);
      if (record === undefined) return failure('notFound');
      const view = certificateView(params.certificate_id, record, now);
      if (wantsJson(header?.('accept'))) return success(200, { certificate: view }, PAGE_HEADERS);
      return { status: 200, body: undefined, text: { contentType: 'text/html; charset=utf-8', content: certificatePage(view).toString() }, headers: PAGE_HEADERS };
    },
  }),
];
