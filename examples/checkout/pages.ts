// The shop's three pages. Every value written into the HTML is escaped; the cards get the figures
// the server computed, never figures from the browser.
import type { CardFigures } from 'truecost/checkout';

/** Text safe inside an HTML attribute value or element. */
export const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The shop's own style sheet: the page, and the rule docs/checkout.md gives for the time before the script. */
export const SHOP_CSS = `body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; max-width: 36em; margin: 2em auto; padding: 0 1em; }
button { font: inherit; padding: .5em 1.25em; margin-top: 1em; }
truecost-opt-in:not(:defined) { display: block; min-height: calc(3em + 2px); }
truecost-success:not(:defined) { display: block; min-height: calc(7em + 2px); }
`;

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/assets/shop.css">
<script type="module" src="/assets/truecost-checkout.js"></script>
</head>
<body><main>
<h1>${escape(title)}</h1>
${body}
</main></body>
</html>
`;

/** The checkout: the cart, the opt-in card (checked when the shopper's stored choice says so) and the order button. */
export function checkoutPage(cartId: string, item: string, figures: CardFigures, optedIn: boolean): string {
  return layout(
    'Checkout',
    `<p>Your cart: ${escape(item)}</p>
<form method="post" action="/order">
<input type="hidden" name="cart" value="${escape(cartId)}">
<truecost-opt-in name="neutralise" variant="vote" cart-id="${escape(cartId)}" climes="${figures.climes}" kg="${figures.kg}" endpoint="/truecost/opt-in"${optedIn ? ' checked' : ''}></truecost-opt-in>
<button type="submit">Place the order</button>
</form>`,
  );
}

/** What the confirmation page shows of a neutralised order. */
export interface Neutralised {
  readonly kg: number;
  readonly climes: number;
  readonly projectName: string;
  readonly unlockDate: number;
  /** The order's state when it was read: the card offers no change once it is final. */
  readonly state: string;
}

/** The confirmation: the order's number and, when it was neutralised, the success card. */
export function confirmationPage(orderId: string, neutralised: Neutralised | undefined): string {
  const card =
    neutralised === undefined
      ? ''
      : `<truecost-success kg="${neutralised.kg}" climes="${neutralised.climes}" project-name="${escape(neutralised.projectName)}" unlock-date="${neutralised.unlockDate}" state="${escape(neutralised.state)}"></truecost-success>`;
  return layout('Thank you for your order', `<p>Order number: ${escape(orderId)}</p>\n${card}`);
}
