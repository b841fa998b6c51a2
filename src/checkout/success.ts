// <truecost-success>: the card on the order's confirmation page, once the order is neutralised.
import { BASE_CSS, Base, define, formatDate, formatKg, localeOf, node, numberOf, sheetOf } from './shared.js';

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

/**
 * `<truecost-success>`: what was neutralised, for which project, until when the order can change,
 * and the certificate and vote links when given. Attributes: `kg`, `climes`, `project-name`,
 * `unlock-date` (milliseconds since the epoch, as the API gives `unlock_date`, or ISO 8601),
 * `locale`, `certificate-href`, `vote-href` (http or https addresses; others are not linked).
 *
 * @remarks Since 0.3.0
 */
export class TruecostSuccess extends Base {
  static readonly observedAttributes = ['kg', 'climes', 'project-name', 'unlock-date', 'locale', 'certificate-href', 'vote-href'];

  readonly #card = node('section', 'card');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styles()];
    this.#card.setAttribute('aria-label', 'Carbon neutral order');
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
    const kg = numberOf(this, 'kg');
    const climes = numberOf(this, 'climes');
    const project = this.getAttribute('project-name');
    const until = formatDate(this.getAttribute('unlock-date') ?? '', locale);
    const text = (part: string, words: string) => node('p', part, document.createTextNode(words));
    const what = kg === undefined ? 'The CO₂e of this order' : formatKg(kg, locale);
    const lines = [
      text('title', `${what} neutralised${climes === undefined ? '' : ` (${new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(climes)} climes)`}. Thank you!`),
    ];
    if (project) lines.push(text('project', `Project: ${project}`));
    if (until !== undefined) lines.push(text('until', `You can change this until ${until}.`));
    const links = [...link(safeHref(this.getAttribute('certificate-href')), 'certificate', 'View the certificate'), ...link(safeHref(this.getAttribute('vote-href')), 'vote', 'Vote for a project')];
    if (links.length > 0) lines.push(node('p', 'links', ...links));
    this.#card.replaceChildren(...lines);
  }
}

define('truecost-success', TruecostSuccess);

declare global {
  interface HTMLElementTagNameMap {
    'truecost-success': TruecostSuccess;
  }
}
