// What both checkout elements share: a base class that exists outside a browser, definition that a
// second import leaves alone, a style sheet made once, DOM built without markup strings, and
// numbers, money and dates through Intl in the element's locale.

/**
 * `HTMLElement` in a browser. Where there is none (a server rendering the page imports the entry
 * too), an empty class: the module loads and defines nothing.
 */
export const Base: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as typeof HTMLElement);

/** Defines the element unless the page has no custom elements or the name is taken (a second import). */
export function define(name: string, element: CustomElementConstructor): void {
  const registry = globalThis.customElements;
  if (registry !== undefined && registry.get(name) === undefined) registry.define(name, element);
}

/**
 * A constructed style sheet for a shadow root, made on first use. Sheets on `adoptedStyleSheets`
 * are allowed by `style-src 'self'`, where an injected `<style>` is not.
 */
export function sheetOf(css: string): () => CSSStyleSheet {
  let sheet: CSSStyleSheet | undefined;
  return () => {
    if (sheet === undefined) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    return sheet;
  };
}

/** The styles both cards share: layout in `em` (it scales with zoom), colours from the page. */
export const BASE_CSS =
  ':host{display:block;color:var(--truecost-color,inherit);font:var(--truecost-font,inherit)}' +
  ':host([hidden]){display:none}' +
  '.card{box-sizing:border-box;line-height:1.5;padding:var(--truecost-padding,.75em 1em);border:var(--truecost-border,1px solid currentColor);' +
  'border-radius:var(--truecost-radius,.5em);background:var(--truecost-background,transparent)}' +
  'p{margin:0}' +
  'a{color:var(--truecost-link-color,LinkText)}' +
  ':focus-visible{outline:var(--truecost-focus-width,3px) solid var(--truecost-focus-color,#1a5fb4);outline-offset:2px}' +
  '@media (forced-colors:active){.card{border-color:CanvasText}:focus-visible{outline-color:Highlight}}';

/** An element of the shadow tree: its tag, its `part` (also its class) and its children. */
export function node(tag: string, part: string, ...children: Node[]): HTMLElement {
  const element = document.createElement(tag);
  if (part !== '') {
    element.setAttribute('part', part);
    element.className = part;
  }
  element.append(...children);
  return element;
}

/** The locale of an element: its `locale` attribute, else the nearest `lang`, else the browser's. */
export function localeOf(element: HTMLElement): string | undefined {
  const locale = element.getAttribute('locale') ?? element.closest('[lang]')?.getAttribute('lang');
  if (!locale) return undefined;
  try {
    return Intl.getCanonicalLocales(locale)[0];
  } catch {
    return undefined;
  }
}

/** The attribute values already refused, per element, so that each is warned of once. */
const warned = new WeakMap<HTMLElement, Set<string>>();

/** One console warning per element and refused value: `<truecost-opt-in> kg="-5" is refused: ...`. */
export function refuse(element: HTMLElement, name: string, value: string, why: string): undefined {
  const seen = warned.get(element) ?? new Set<string>();
  warned.set(element, seen);
  const key = `${name}=${value}`;
  if (!seen.has(key)) {
    seen.add(key);
    console.warn(`<${element.localName}> ${name}="${value}" is refused: ${why}; it is left out.`);
  }
  return undefined;
}

/**
 * A number attribute that is at least 0 (a whole number when `whole`); undefined when absent, and
 * refused (one warning, undefined) when it is anything else: "Neutralise -5 kg" is never shown.
 */
export function numberOf(element: HTMLElement, name: string, whole = false): number | undefined {
  const text = element.getAttribute(name);
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  if (Number.isFinite(value) && value >= 0 && (!whole || Number.isInteger(value))) return value;
  return refuse(element, name, text, whole ? 'it must be a whole number, at least 0' : 'it must be a number, at least 0');
}

/** An ISO 4217 code Intl knows (any well-formed code where Intl cannot list them), upper case; else undefined. */
export function knownCurrency(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(upper)) return undefined;
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency');
  return known === undefined || known.includes(upper) ? upper : undefined;
}

/** Below this many kilograms the cards show grams: "45 g CO₂e", not "0 kg CO₂e". */
const GRAMS_BELOW_KG = 0.1;

/**
 * A mass of CO₂e with its unit, one decimal at most: "3.2 kg CO₂e" (en), "3,2 kg CO₂e" (de), and
 * in whole grams below 0.1 kg: "45 g CO₂e".
 */
export function formatKg(kg: number, locale: string | undefined): string {
  const grams = kg > 0 && kg < GRAMS_BELOW_KG;
  const unit = grams ? { unit: 'gram', maximumFractionDigits: 0 } : { unit: 'kilogram', maximumFractionDigits: 1 };
  return `${new Intl.NumberFormat(locale, { style: 'unit', ...unit }).format(grams ? kg * 1000 : kg)} CO₂e`;
}

/**
 * An amount in minor units of an ISO 4217 currency (cents for EUR, yen for JPY), or undefined when
 * the currency is not one Intl knows.
 */
export function formatMoney(minor: number, currency: string, locale: string | undefined): string | undefined {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return format.format(minor / 10 ** format.resolvedOptions().maximumFractionDigits!);
  } catch {
    return undefined;
  }
}

/** A date given as milliseconds since the epoch (as the API gives `unlock_date`) or as an ISO 8601 text. */
export function dateOf(text: string): Date | undefined {
  const date = new Date(/^\d+$/.test(text) ? Number(text) : text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date and time in the locale; on the 24-hour clock in Hindi, whose 12-hour clock writes "am" and "pm" in Latin letters. */
export function formatDate(date: Date, locale: string | undefined): string {
  const hourCycle = locale !== undefined && /^hi(-|$)/i.test(locale) ? { hourCycle: 'h23' as const } : {};
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', ...hourCycle }).format(date);
}
