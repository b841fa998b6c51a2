// A minimal browser for the dashboard's fetch handler: keeps cookies, follows nothing, reads CSRF tokens.
import type { FetchHandler } from '../../src/http/handler.js';

export class Client {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page read. */
  csrf = '';

  constructor(
    readonly handler: FetchHandler,
    readonly origin = 'http://dashboard.test',
  ) {}

  async request(method: string, path: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; text: string; response: Response }> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const init: RequestInit = { method, headers: { ...(cookie === '' ? {} : { cookie }), ...headers } };
    if (form !== undefined) {
      init.body = new URLSearchParams(form).toString();
      (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await this.handler(new Request(`${this.origin}${path}`, init));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/Max-Age=0/.test(line)) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
    const text = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(text);
    if (token !== null) this.csrf = token[1]!;
    return { status: response.status, text, response };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, form: Record<string, string> = {}, withCsrf = true) {
    return this.request('POST', path, withCsrf ? { csrf: this.csrf, ...form } : form);
  }
}
