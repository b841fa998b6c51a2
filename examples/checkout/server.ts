// A shop's checkout with the truecost cards (docs/checkout.md). Start `truecost serve`, then:
//   TRUECOST_URL=http://127.0.0.1:8080 TRUECOST_KEY=truecost_staging_... node --import tsx examples/checkout/server.ts
// The page shows <truecost-opt-in>; its changes come to this server (/truecost/opt-in), which
// forwards them to E5 with the shop's own key; the order is placed with E1 and the confirmation page
// shows <truecost-success>. The key never leaves this server.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cardFigures, type CardFigures } from 'truecost/checkout';
import { createTruecostClient, TruecostApiError } from 'truecost/client';
import { addressOf, isMain, port } from '../shared.js';
import { checkoutPage, confirmationPage, SHOP_CSS, type Neutralised } from './pages.js';

/** The shop's own rate: climes per tonne of CO₂e (the merchant's figure; truecost has none built in). */
const CLIMES_PER_TONNE = 1;
/** The project this shop supports, by the id it sends with each order and the name it shows. */
const PROJECT = { id: 'mangroves-sundarbans', name: 'Mangroves of the Sundarbans' };
/** What every cart of this demonstration holds: one flight, whose footprint truecost computes (E6). */
const FLIGHT = { departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 };
/** The policy every page is served with: only the shop's own scripts and style sheets. */
const CSP = "default-src 'self'; style-src 'self'";

export interface ShopOptions {
  /** Where truecost serves the partner API. */
  readonly truecostUrl: string;
  /** The shop's API key, kept on this server. */
  readonly apiKey: string;
  /** The single-file module dist/checkout/truecost-checkout.js, served from the shop's own host. */
  readonly checkoutScript: string;
}

interface Cart {
  readonly item: string;
  readonly figures: CardFigures;
}

const send = (response: ServerResponse, status: number, type: string, body: string): void => {
  response.writeHead(status, { 'content-type': type, 'content-security-policy': CSP, 'cache-control': 'no-store' }).end(body);
};
const sendJson = (response: ServerResponse, status: number, body: unknown): void => send(response, status, 'application/json', JSON.stringify(body));

async function readBody(request: IncomingMessage, limit = 16_384): Promise<string> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > limit) throw new RangeError('Body too large.');
  }
  return text;
}

/** The shop: a checkout page, the opt-in route, the order form's target and the confirmation page. */
export function createShop(options: ShopOptions): Server {
  const truecost = createTruecostClient({ baseUrl: options.truecostUrl, apiKey: options.apiKey });
  const carts = new Map<string, Cart>();
  const orders = new Map<string, Neutralised | undefined>();

  async function newCart(): Promise<string> {
    const answer = await truecost.flight({ queries: { flights: [FLIGHT] } });
    const cartId = `cart-${randomUUID()}`;
    carts.set(cartId, { item: `a flight ${FLIGHT.departure} to ${FLIGHT.arrival}`, figures: cardFigures(answer.truecost[0]!.truecost, { climesPerTonne: CLIMES_PER_TONNE }) });
    return cartId;
  }

  /** The shopper's stored choice for a cart (GET opt-in): unticked when there is none. */
  async function storedChoice(cartId: string): Promise<boolean> {
    try {
      return (await truecost.getOptIn(cartId)).opt_in.opted_in;
    } catch (error) {
      if (error instanceof TruecostApiError && error.status === 404) return false;
      throw error;
    }
  }

  /** The card's change: the cart must be one of this shop's, and the climes are the server's own figure. */
  async function optIn(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body: { cart_id?: unknown; opted_in?: unknown };
    try {
      body = JSON.parse(await readBody(request)) as typeof body;
    } catch {
      return sendJson(response, 400, { error: 'The body must be JSON: {"cart_id", "opted_in", "climes"}.' });
    }
    const cart = typeof body?.cart_id === 'string' ? carts.get(body.cart_id) : undefined;
    if (cart === undefined) return sendJson(response, 404, { error: 'No such cart.' });
    if (typeof body.opted_in !== 'boolean') return sendJson(response, 400, { error: 'opted_in must be true or false.' });
    await truecost.setOptIn({ cart_id: body.cart_id as string, opted_in: body.opted_in, climes: cart.figures.climes });
    sendJson(response, 200, { saved: true });
  }

  /** The order form: E1 for the cart, with the climes when the shopper ticked the card. */
  async function placeOrder(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const cartId = form.get('cart') ?? '';
    const cart = carts.get(cartId);
    if (cart === undefined) return send(response, 404, 'text/plain', 'No such cart.');
    const orderId = `order-${randomUUID()}`;
    if (form.get('neutralise') === 'on') {
      await truecost.createOrder('vote', {
        order: { partner_order_id: orderId, climes: cart.figures.climes, customer_email: 'shopper@example.com', customer_name: 'Shopper', cart_id: cartId, project_id: PROJECT.id },
      });
      const { order } = await truecost.getOrder('vote', orderId);
      orders.set(orderId, { kg: cart.figures.kg, climes: order.climes, projectName: PROJECT.name, unlockDate: order.unlock_date, state: order.state });
    } else {
      orders.set(orderId, undefined);
    }
    carts.delete(cartId);
    response.writeHead(303, { location: `/orders/${orderId}` }).end();
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://shop');
    const order = /^\/orders\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (request.method === 'GET' && url.pathname === '/') {
      const requested = url.searchParams.get('cart');
      const cartId = requested !== null && carts.has(requested) ? requested : await newCart();
      const cart = carts.get(cartId)!;
      return send(response, 200, 'text/html; charset=utf-8', checkoutPage(cartId, cart.item, cart.figures, await storedChoice(cartId)));
    }
    if (request.method === 'GET' && url.pathname === '/assets/truecost-checkout.js') return send(response, 200, 'text/javascript', options.checkoutScript);
    if (request.method === 'GET' && url.pathname === '/assets/shop.css') return send(response, 200, 'text/css', SHOP_CSS);
    // No icon: an empty answer, which browsers do not report as an error.
    if (request.method === 'GET' && url.pathname === '/favicon.ico') return void response.writeHead(204).end();
    if (request.method === 'POST' && url.pathname === '/truecost/opt-in') return optIn(request, response);
    if (request.method === 'POST' && url.pathname === '/order') return placeOrder(request, response);
    if (request.method === 'GET' && order !== undefined && orders.has(order)) {
      return send(response, 200, 'text/html; charset=utf-8', confirmationPage(order, orders.get(order)));
    }
    send(response, 404, 'text/plain', 'Not found.');
  }

  return createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      // truecost did not answer, or refused: the shop says so without its details.
      console.error(error);
      if (!response.headersSent) sendJson(response, 502, { error: 'truecost did not save this; try again.' });
      else response.end();
    });
  });
}

/** dist/checkout/truecost-checkout.js of the installed truecost (in this repository: after `npm run build`). */
export async function readCheckoutScript(): Promise<string> {
  const manifest = createRequire(import.meta.url).resolve('truecost/package.json');
  return readFile(join(dirname(manifest), 'dist', 'checkout', 'truecost-checkout.js'), 'utf8');
}

if (isMain(import.meta.url)) {
  const truecostUrl = process.env['TRUECOST_URL'];
  const apiKey = process.env['TRUECOST_KEY'];
  if (!truecostUrl || !apiKey) {
    console.error('Set TRUECOST_URL (where truecost serve listens) and TRUECOST_KEY (a key it printed or created).');
    process.exit(2);
  }
  const server = createShop({ truecostUrl, apiKey, checkoutScript: await readCheckoutScript() }).listen(port(), '127.0.0.1', () => {
    console.log(`shop on ${addressOf(server)}`);
  });
}
