// A tiny shop for the checkout elements' browser tests: every answer carries the strict policy
// `default-src 'self'; style-src 'self'`, pages are set by the test, `/checkout.js` is
// truecost/checkout built from the sources as a shop's bundler builds it, and `/save` is the
// merchant's own route, whose answers the test controls.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';

export const STRICT_CSP = "default-src 'self'; style-src 'self'";

/** truecost/checkout as one minified ES module for the browser (what dist/checkout/truecost-checkout.js is). */
export async function checkoutScript(): Promise<string> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, '../../src/checkout/index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** One POST the page made to `/save`: its content type and parsed body. */
export interface Saved {
  readonly contentType: string | undefined;
  readonly body: unknown;
}

export interface Shop {
  readonly base: string;
  /** The pages by path; each is served as text/html. */
  readonly pages: Map<string, string>;
  /** Every POST to /save, in the order they arrived. */
  readonly saved: Saved[];
  /** How many POSTs to /save have been answered. */
  answered(): number;
  /** How /save answers the next POSTs: each call takes the first; when empty, 200 at once. */
  readonly answers: { status: number; delayMs: number }[];
  close(): Promise<void>;
}

const read = async (request: IncomingMessage): Promise<string> => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
};

export async function startShop(script: string, stylesheet: string): Promise<Shop> {
  const pages = new Map<string, string>();
  const saved: Saved[] = [];
  const answers: { status: number; delayMs: number }[] = [];
  let answered = 0;
  const server: Server = createServer((request, response) => {
    response.setHeader('content-security-policy', STRICT_CSP);
    const path = (request.url ?? '/').split('?')[0]!;
    if (request.method === 'POST' && path === '/save') {
      void read(request).then((text) => {
        saved.push({ contentType: request.headers['content-type'], body: JSON.parse(text) });
        const answer = answers.shift() ?? { status: 200, delayMs: 0 };
        setTimeout(() => {
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"message":"Opt-in saved successfully"}');
          answered += 1;
        }, answer.delayMs);
      });
      return;
    }
    const page = pages.get(path);
    if (path === '/checkout.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (path === '/shop.css') response.writeHead(200, { 'content-type': 'text/css' }).end(stylesheet);
    else if (page !== undefined) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    pages,
    saved,
    answers,
    answered: () => answered,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A shop page in `lang`, with the shop's style sheet and the checkout script, around `body`. */
export const page = (lang: string, body: string): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>Checkout</title><link rel="stylesheet" href="/shop.css"><script type="module" src="/checkout.js"></script></head>` +
  `<body><main><h1>Checkout</h1>${body}</main></body></html>`;
