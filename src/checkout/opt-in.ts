// <truecost-opt-in>: the checkbox a shopper ticks at checkout to neutralise the order's CO₂e.
import { BASE_CSS, Base, define, formatKg, formatMoney, knownCurrency, localeOf, node, numberOf, refuse, sheetOf } from './shared.js';
import { ENGLISH, wordsOf } from './words.js';

/** The name of the event sent on every change of the box. */
export const OPT_IN_CHANGE = 'truecost-optin-change';

/** The `detail` of a `truecost-optin-change` event. */
export interface OptInChangeDetail {
  /** The `cart-id` attribute. */
  readonly cartId: string;
  /** Whether the box is now ticked. */
  readonly optedIn: boolean;
  /** The `climes` attribute, a number (NaN when it is missing). */
  readonly climes: number;
}

/** What the card says when the endpoint did not save a change (in English; in Hindi on a Hindi page). */
export const SAVE_FAILED = ENGLISH.saveFailed;

const styles = sheetOf(
  BASE_CSS +
    'label{display:flex;gap:.6em;align-items:flex-start;cursor:pointer}' +
    'input{flex:none;width:1.25em;height:1.25em;margin:.1em 0 0;accent-color:var(--truecost-accent,#0b6e4f)}' +
    '.alert{margin-top:.5em;color:var(--truecost-error-color,#b00020)}.alert:empty{display:none}' +
    '@media (forced-colors:active){.alert{color:CanvasText}}',
);

/**
 * `<truecost-opt-in>`: a native checkbox with its label ("Neutralise 3.2 kg CO₂e for €0.42"),
 * unticked unless `checked` is given. Attributes: `cart-id`, `climes`, `kg`, `amount-minor`,
 * `currency`, `locale`, `variant` (`vote`: the merchant pays; `calculated`: the customer pays),
 * `checked`, `name`, `endpoint`. It joins its form as a checkbox does (the field `name` is sent only
 * when ticked) and sends `truecost-optin-change` on every change. With `endpoint` it POSTs
 * `{cart_id, opted_in, climes}` there as JSON, one request at a time; `checked` is the last saved
 * state, to which the box returns when a save fails. Without `endpoint` it makes no request.
 *
 * @remarks Since 0.3.0
 */
export class TruecostOptIn extends Base {
  static readonly formAssociated = true;
  static readonly observedAttributes = ['cart-id', 'climes', 'kg', 'amount-minor', 'currency', 'locale', 'variant', 'checked'];

  readonly #internals = this.attachInternals();
  readonly #box = node('input', 'checkbox') as HTMLInputElement;
  readonly #text = node('span', 'text');
  readonly #alert = node('p', 'alert');
  /** The save in flight, if any: at most one at a time, so the service receives changes in order. */
  #saving: AbortController | undefined;
  /** True while the element itself writes `checked` (the saved state), which must not move the box. */
  #saved = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styles()];
    this.#box.type = 'checkbox';
    this.#alert.setAttribute('role', 'alert');
    root.append(node('div', 'card', node('label', 'label', this.#box, this.#text), this.#alert));
    this.#box.addEventListener('change', () => this.#changed());
  }

  /** Whether the box is ticked now (a save may be in flight). */
  get checked(): boolean {
    return this.#box.checked;
  }

  attributeChangedCallback(name: string): void {
    if (name === 'checked' && !this.#saved) this.#set(this.hasAttribute('checked'));
    this.#render();
  }

  connectedCallback(): void {
    this.#render();
  }

  disconnectedCallback(): void {
    this.#saving?.abort();
  }

  #render(): void {
    const { words, numbers } = wordsOf(localeOf(this));
    const kg = numberOf(this, 'kg');
    const minor = numberOf(this, 'amount-minor', true);
    const code = this.getAttribute('currency');
    const currency = code ? (knownCurrency(code) ?? refuse(this, 'currency', code, 'it is not an ISO 4217 currency code')) : undefined;
    const price = this.getAttribute('variant') === 'vote' || minor === undefined || currency === undefined ? undefined : formatMoney(minor, currency, numbers);
    this.#text.textContent = words.neutralise(kg === undefined ? words.thisOrder : formatKg(kg, numbers), price);
  }

  /** Ticks or unticks the box and the form value with it. */
  #set(optedIn: boolean): void {
    this.#box.checked = optedIn;
    this.#internals.setFormValue(optedIn ? 'on' : null);
  }

  #changed(): void {
    this.#set(this.#box.checked);
    this.#alert.textContent = '';
    this.#announce();
    if (this.getAttribute('endpoint')) this.#save();
    else this.#keep(this.#box.checked);
  }

  /** Writes the saved state to `checked`, leaving the box as the shopper left it. */
  #keep(optedIn: boolean): void {
    this.#saved = true;
    this.toggleAttribute('checked', optedIn);
    this.#saved = false;
  }

  #announce(): void {
    const detail: OptInChangeDetail = { cartId: this.getAttribute('cart-id') ?? '', optedIn: this.#box.checked, climes: numberOf(this, 'climes') ?? Number.NaN };
    this.dispatchEvent(new CustomEvent(OPT_IN_CHANGE, { bubbles: true, composed: true, detail }));
  }

  /** Saves the box's state; a change made meanwhile is saved once this answer is in. */
  #save(): void {
    if (this.#saving !== undefined) return;
    const optedIn = this.#box.checked;
    const saving = (this.#saving = new AbortController());
    fetch(this.getAttribute('endpoint')!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cart_id: this.getAttribute('cart-id'), opted_in: optedIn, climes: numberOf(this, 'climes') }),
      credentials: 'same-origin',
      signal: saving.signal,
    })
      .then((response) => response.ok)
      .catch(() => false)
      .then((saved) => {
        this.#saving = undefined;
        if (saving.signal.aborted) return;
        if (saved) {
          this.#keep(optedIn);
          // The shopper changed the box while this was saved: save the newer choice.
          if (this.#box.checked !== optedIn) this.#save();
        } else {
          this.#set(this.hasAttribute('checked'));
          this.#alert.textContent = wordsOf(localeOf(this)).words.saveFailed;
          this.#announce();
        }
      });
  }
}

define('truecost-opt-in', TruecostOptIn);

declare global {
  interface HTMLElementTagNameMap {
    'truecost-opt-in': TruecostOptIn;
  }
  interface HTMLElementEventMap {
    'truecost-optin-change': CustomEvent<OptInChangeDetail>;
  }
}
