// `truecost serve --public-url URL` (TRUECOST_PUBLIC_URL): the address under which order certificates are.
import { UsageError } from './usage.js';

/** The service's public address (`--public-url`, `TRUECOST_PUBLIC_URL`): an http or https URL, no query, no fragment. */
export function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || !['http:', 'https:'].includes(url.protocol) || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new UsageError(`--public-url must be an http or https URL without credentials, query or fragment; got ${JSON.stringify(value)}.`);
  }
  return value.replace(/\/+$/, '');
}
