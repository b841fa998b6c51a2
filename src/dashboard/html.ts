/**
 * Escaping by construction: every value interpolated into {@link html} is escaped unless it is
 * itself the output of `html`. Pages are built only with this tag, so a value a partner sent (a
 * customer_name such as `<script>`) can only ever reach the browser as text. Attribute values in
 * the templates are always double-quoted, which the escaping covers.
 */

/** A fragment of HTML that is safe to send: built by {@link html}, never from a raw string. */
export class SafeHtml {
  readonly #text: string;
  /** @internal Only `html` makes these. */
  constructor(text: string, token: typeof construct) {
    if (token !== construct) throw new Error('SafeHtml is made only by html``.');
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

const construct = Symbol('SafeHtml');

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The text with every character that is special in HTML text or a quoted attribute escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A value in a template: escaped text, safe HTML as is, a list joined, nothing for null, undefined or false. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** The tag every page is written with: `html\`<td>${order.customer_name}</td>\``. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(text, construct);
}
