// <truecost-success>: the card on the order's confirmation page, once the order is neutralised.
import { BASE_CSS, Base, dateOf, define, formatDate, formatKg, localeOf, node, numberOf, sheetOf } from './shared.js';
import { wordsOf } from './words.js';

const styles = sheetOf(BASE_CSS + '.card>*+*{margin-top:.5em}.links{display:flex;flex-wrap:wrap;gap:.5em 1.5em}');

/** An address safe to link to: http(s) only (never `javascript:`), resolved against the page. */
function safeHref(text: string | null): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text, document.baseURI);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function link(href: string | undefined, part: string, text: string): Node[] {
  if (href === undefined) return [];
  const anchor = node('a', part, document.createTextNode(text)) as HTMLAnchorElement;
  anchor.href = href;
  return [anchor];
}

/** The states of an order, as `GET .../order/{partner_order_id}` gives them. */
const FINAL_STATES = ['unlocked', 'cancelled'];

/**
 * `<truecost-success>`: what was neutralised, for which project, until when the order can change
 * (only while it can: never once `state` is final or the unlock date has passed), and the
 * certificate and vote links when given. Attributes: `kg`, `climes`, `project-name`, `unlock-date`
 * (milliseconds since the epoch, as the API gives `unlock_date`, or ISO 8601), `state` (`locked`,
 * `unlocked` or `cancelled`, as the API gives it), `locale`, `certificate-href`, `vote-href` (http
 * or https addresses; others are not linked). In Hindi on a Hindi page (`lang="hi"`).
 *
 * @remarks Since 0.3.0
 */
export class TruecostSuccess extends Base {
  static readonly observedAttributes = ['kg', 'climes', 'project-name', 'unlock-date', 'state', 'locale', 'certificate-href', 'vote-href'];

  readonly #card = node('section', 'card');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styles()];
    root.append(this.#card);
  }

  connectedCallback(): void {
    this.#render();
  }

  attributeChangedCallback(): void {
    this.#render();
  }

  #render(): void {
    const locale = localeOf(this);
    const { words, numbers } = wordsOf(locale);
    const kg = numberOf(this, 'kg');
    const climes = numberOf(this, 'climes');
    const project = this.getAttribute('project-name');
    const state = this.getAttribute('state');
    const unlock = dateOf(this.getAttribute('unlock-date') ?? '');
    const text = (part: string, words: string) => node('p', part, document.createTextNode(words));
    // Devanagari has no capitals: toUpperCase leaves a Hindi title as it is.
    const what = kg === undefined ? words.thisOrder[0]!.toUpperCase() + words.thisOrder.slice(1) : formatKg(kg, numbers);
    const count = climes === undefined ? undefined : new Intl.NumberFormat(numbers, { maximumFractionDigits: 6 }).format(climes);
    const lines = [state === 'cancelled' ? text('title', words.cancelled) : text('title', words.neutralised(what, count))];
    if (project) lines.push(text('project', words.project(project)));
    // A change is offered only while the order can take one: locked, before its unlock date.
    const final = (state !== null && FINAL_STATES.includes(state)) || (unlock !== undefined && unlock.getTime() <= Date.now());
    if (final) {
      if (state !== 'cancelled') lines.push(text('final', words.final));
    } else if (unlock !== undefined) lines.push(text('until', words.until(formatDate(unlock, numbers))));
    const links = [...link(safeHref(this.getAttribute('certificate-href')), 'certificate', words.certificate), ...link(safeHref(this.getAttribute('vote-href')), 'vote', words.vote)];
    if (links.length > 0) lines.push(node('p', 'links', ...links));
    this.#card.setAttribute('aria-label', words.cardLabel);
    this.#card.replaceChildren(...lines);
  }
}

define('truecost-success', TruecostSuccess);

declare global {
  interface HTMLElementTagNameMap {
    'truecost-success': TruecostSuccess;
  }
}
