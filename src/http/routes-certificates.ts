// The public certificate of an order (docs/api.md, "Certificates"): no key, an accessible HTML page
// or, on `Accept: application/json`, the same facts as JSON; never a customer's data.
import * as z from 'zod/mini';
import { html, type SafeHtml } from '../dashboard/html.js';
import { CERTIFICATE_ID, certificateView, type CertificateView } from '../orders/certificates.js';
import { CALCULATION_ENDPOINTS } from '../orders/calculations.js';
import { PROFILE_LOCALES } from '../orders/profiles.js';
import { certificateLanguage, certificateText, wordsOf, type CertificateText } from './certificate-words.js';
import { failure, success, type Reply } from './reply.js';
import { defineRoute, type AnyRoute } from './route.js';

/** The page's headers but its CSP: nothing loads, nothing frames it (as the dashboard's pages), cached by no one. */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  vary: 'accept, accept-language',
};

/**
 * The page's one style sheet, inline. Written without quotes, `<`, `>` or `&`, so that the page
 * carries it exactly as here and the CSP's hash of it matches. Print drops the colours and the card.
 */
export const CERTIFICATE_CSS = `:root{color-scheme:light;--ink:#1d2b24;--muted:#4a5a52;--accent:#0b6e4f;--paper:#fbfaf5}
*{box-sizing:border-box}
body{margin:0;background:#e9efe9;color:var(--ink);font:1rem/1.55 system-ui,-apple-system,Segoe UI,Roboto,Noto Sans,Noto Sans Devanagari,sans-serif}
main{max-width:44rem;margin:2rem auto;padding:2.5rem 2rem;background:var(--paper);border:1px solid #c9d6cd;border-top:.5rem solid var(--accent);border-radius:.5rem}
.issuer{margin:0;color:var(--muted);font-size:.95rem;letter-spacing:.04em;text-transform:uppercase}
h1{margin:.25rem 0 1rem;font:600 1.6rem/1.25 Georgia,Noto Serif,Noto Serif Devanagari,serif}
.figure{margin:0;color:var(--accent);font-size:2.4rem;font-weight:700;line-height:1.15}
.lead{margin:.5rem 0 0;font-size:1.1rem}
.basis{margin:.25rem 0 0;color:var(--muted)}
h2{margin:2rem 0 .5rem;font-size:1.05rem;border-bottom:1px solid #c9d6cd;padding-bottom:.25rem}
dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.35rem 1.5rem;margin:0}
dt{color:var(--muted)}
dd{margin:0}
ul{margin:0;padding-left:1.25rem}
a{color:#08553d}
footer{max-width:44rem;margin:0 auto 2rem;padding:0 2rem;color:var(--muted);font-size:.9rem}
code{font-size:.85rem;overflow-wrap:anywhere}
@media (max-width:32rem){main{margin:0;border-radius:0;padding:1.5rem 1rem}dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}.figure{font-size:2rem}}
@media print{body{background:none}main{margin:0;max-width:none;border:1px solid #000;border-top-width:.3rem;background:none}a{color:inherit;text-decoration:none}a::after{content:attr(href);display:block;font-size:.8rem;overflow-wrap:anywhere}footer{padding:1rem 0}}
`;

let styleHash: Promise<string> | undefined;

/** The CSP source of {@link CERTIFICATE_CSS}: `'sha256-...'`, computed once. */
function styleSource(): Promise<string> {
  styleHash ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(CERTIFICATE_CSS)).then((digest) => {
    let binary = '';
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return `'sha256-${btoa(binary)}'`;
  });
  return styleHash;
}

/** The page's Content-Security-Policy: nothing runs or loads; its one style sheet by hash. */
async function pageCsp(): Promise<string> {
  return `default-src 'none'; style-src ${await styleSource()}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

const certificateJsonSchema = /* @__PURE__ */ z.object({
  certificate_id: z.string(),
  language: z.enum(PROFILE_LOCALES).check(z.describe('The language of the sentences: `?lang=`, else Accept-Language, else the shop\'s.')),
  shop_name: z.nullable(z.string()).check(z.describe("The shop's display name; null when it has set none.")),
  project_id: z.nullable(z.string()),
  project: z.nullable(
    z.object({
      project_id: z.string(),
      name: z.nullable(z.string()).check(z.describe("The name in the shop's project catalogue; null when the catalogue has no project with this id.")),
      registry: z.nullable(z.string()),
      registry_url: z.nullable(z.string()).check(z.describe("The project's page at its registry (http or https).")),
    }),
  ),
  climes: z.number(),
  co2e_kg: z.nullable(z.number()).check(z.describe("Well-to-wheel CO2e in kg: the order's recorded calculations summed, else its climes at the shop's kg per clime; null when the shop has stated neither.")),
  co2e_tonnes: z.nullable(z.number()).check(z.describe('co2e_kg in tonnes.')),
  co2e_basis: z.nullable(z.enum(['calculations', 'kg_per_clime'])),
  kg_per_clime: z.nullable(z.number()).check(z.describe("The shop's rate, when it has set one.")),
  calculations: z.array(z.object({ endpoint: z.enum(CALCULATION_ENDPOINTS), description: z.string() })).check(
    z.describe('What the recorded calculations were ("a flight DEL–BOM", "a shipment of 2 legs"), without anything sent about the customer.'),
  ),
  statement: z.object({
    lead: z.string(),
    basis: z.string().check(z.describe('How the CO2e was found, or the sentence that the shop has not stated it.')),
    status: z.string().check(z.describe('"Final since 12 December 2026", "Can still change until 5 January 2027", "Cancelled on ...".')),
  }),
  state: z.enum(['locked', 'unlocked', 'cancelled']),
  variant: z.enum(['vote', 'calculated']),
  created_at: z.number().check(z.int()),
  unlock_date: z.number().check(z.int()),
  cancelled_at: z.nullable(z.number().check(z.int())),
});

/** `GET /certificates/{certificate_id}` as JSON. */
export const certificateSchema = /* @__PURE__ */ z.object({ certificate: certificateJsonSchema });

/** The certificate as JSON (see {@link certificateSchema}). */
export function certificateJson(view: CertificateView, text: CertificateText): z.infer<typeof certificateJsonSchema> {
  const { calculations, ...facts } = view;
  return {
    ...facts,
    language: text.language,
    calculations: calculations.map((summary, index) => ({ endpoint: summary.endpoint, description: text.calculations[index]! })),
    statement: { lead: text.lead, basis: text.basis, status: text.status },
  };
}

const isoDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * The certificate as a page: who neutralised how much CO2e and how that was found, the facts, what
 * the calculations were; Open Graph tags so that a shared link shows the shop and the figure. No
 * script, no outside resource, one inline style sheet.
 */
export function certificatePage(view: CertificateView, text: CertificateText): SafeHtml {
  const words = wordsOf(text.language);
  const registry = view.project?.registry_url ?? null;
  return html`<!doctype html>
<html lang="${text.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${text.title}: ${text.shop}</title>
<meta name="description" content="${text.ogDescription}">
<meta property="og:type" content="website">
<meta property="og:title" content="${text.ogTitle}">
<meta property="og:description" content="${text.lead} ${text.ogDescription}">
<meta property="og:locale" content="${text.language === 'hi' ? 'hi_IN' : 'en_GB'}">
<style>${CERTIFICATE_CSS}</style>
</head>
<body>
<main>
<p class="issuer">${text.shop}</p>
<h1>${text.title}</h1>
${text.figure === null ? '' : html`<p class="figure">${text.figure} CO₂e</p>`}
<p class="lead">${text.lead}</p>
<p class="basis">${text.basis}</p>
<h2>${words.headings.facts}</h2>
<dl>
${text.figure === null ? '' : html`<dt>${words.labels.figure}</dt><dd>${text.figure}</dd>`}
<dt>${words.labels.climes}</dt><dd>${text.climes}</dd>
${text.project === null ? '' : html`<dt>${words.labels.project}</dt><dd>${text.project}</dd>`}
${registry === null ? '' : html`<dt>${words.labels.registry}</dt><dd><a href="${registry}" rel="noopener noreferrer">${text.registryLink}</a></dd>`}
<dt>${words.labels.recorded}</dt><dd><time datetime="${isoDay(view.created_at)}">${text.recorded}</time></dd>
<dt>${words.labels.status}</dt><dd>${text.status}</dd>
<dt>${words.labels.paidBy}</dt><dd>${text.paidBy}</dd>
</dl>
${text.calculations.length === 0 ? '' : html`<h2>${words.headings.covered}</h2>
<ul>
${text.calculations.map((description) => html`<li>${description}</li>
`)}</ul>`}
</main>
<footer><p>${words.issued} · <code>${view.certificate_id}</code></p></footer>
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
      "Opens without a key: the address is the secret (128 random bits, from the order's `certificate_url`). An HTML page, or JSON with `Accept: application/json`: the shop's display name, the CO2e (well-to-wheel) with how it was found, what the order's recorded calculations were, the project with its registry link, the climes now, the state and the dates, in English or Hindi (`?lang=`, else Accept-Language, else the shop's language); nothing that identifies the customer or the order. An unknown id is a 404.",
    tag: 'Orders',
    auth: false,
    params: { certificate_id: z.string().check(z.regex(CERTIFICATE_ID)) },
    queryParameters: [{ name: 'lang', description: 'The language of the certificate: `en` or `hi`; else Accept-Language, else the shop\'s.', schema: z.enum(PROFILE_LOCALES) }],
    responses: [
      { status: 200, description: 'The certificate, as JSON on `Accept: application/json`.', schema: certificateSchema },
      { status: 200, description: 'The certificate as a page.', contentType: 'text/html' },
    ],
    failures: ['notFound'],
    serverError: 'serverError',
    async handle({ params, now, store, header, query }): Promise<Reply> {
      const record = await store.orderByCertificate(params.certificate_id);
      if (record === undefined) return failure('notFound');
      const projectId = record.order.project_id;
      // Recorded calculations are never changed; one deleted since the order was created is left out.
      const [profile, project, calculations] = await Promise.all([
        store.getProfile(record.partnerId),
        projectId === undefined ? undefined : store.getProject(record.partnerId, projectId),
        Promise.all((record.order.calculation_ids ?? []).map((id) => store.getCalculation(record, id))),
      ]);
      const view = certificateView(params.certificate_id, record, now, { profile, project, calculations: calculations.filter((found) => found !== undefined) });
      const text = certificateText(view, certificateLanguage(query, header?.('accept-language'), profile.locale));
      if (wantsJson(header?.('accept'))) return success(200, { certificate: certificateJson(view, text) }, { ...PAGE_HEADERS, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
      const headers = { ...PAGE_HEADERS, 'content-security-policy': await pageCsp(), 'content-language': text.language };
      return { status: 200, body: undefined, text: { contentType: 'text/html; charset=utf-8', content: certificatePage(view, text).toString() }, headers };
    },
  }),
];
