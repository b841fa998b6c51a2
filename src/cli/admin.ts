import { checkEndpointUrl } from '../bulk/endpoint-policy.js';
import { generateSigningSecret } from '../bulk/signing.js';
import { invitePartner } from '../dashboard/invite.js';
import { keyPrefix } from '../dashboard/keys.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import type { Environment } from '../orders/types.js';
import type { Store } from '../orders/store.js';
import { lastingDbUrlOf, withStore } from './store-url.js';
import { parseCommand, required, UsageError } from './usage.js';

const MAX_PARTNER_ID_LENGTH = 255;

/** The `--partner` of a command: present, and no longer than a partner ID may be. */
export function partnerOf(value: string | undefined): string {
  const partner = required(value, 'partner');
  if (partner.length > MAX_PARTNER_ID_LENGTH) throw new UsageError(`--partner must be at most ${MAX_PARTNER_ID_LENGTH} characters.`);
  return partner;
}

/** The `--env` of a command: staging or production. */
export function environmentOf(value: string | undefined): Environment {
  const env = required(value, 'env');
  if (env === 'staging' || env === 'production') return env;
  throw new UsageError(`--env must be staging or production; got ${JSON.stringify(env)}.`);
}

/** `truecost keys create --partner ID --env staging|production [--db URL]`: returns the new key. */
export async function createKeyCommand(args: readonly string[]): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    env: { type: 'string' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const environment = environmentOf(values.env);
  return withStore(lastingDbUrlOf(values.db, 'keys create'), async (store) => {
    const key = generateApiKey(environment);
    await store.addApiKey({ keyHash: await hashApiKey(key), partnerId, environment, createdAt: Date.now(), prefix: keyPrefix(key, environment) });
    return key;
  });
}

/** `truecost keys revoke KEY [--db URL]`: false when the store knows no such key. */
export async function revokeKeyCommand(args: readonly string[]): Promise<boolean> {
  const { values, positionals } = parseCommand(args, { db: { type: 'string' } });
  const [key, ...rest] = positionals;
  if (key === undefined || rest.length > 0) throw new UsageError('truecost keys revoke needs exactly one KEY.');
  return withStore(lastingDbUrlOf(values.db, 'keys revoke'), async (store) => store.revokeApiKey(await hashApiKey(key), Date.now()));
}

/**
 * The partner and URL of `partners set-endpoint` and `partners set-events-endpoint`, the URL
 * checked against the endpoint policy (`checkEndpointUrl`): no credentials, no loopback, private or
 * other internal address literal unless allowed. Then stores a new signing secret with `save` and
 * returns it.
 */
async function setSignedEndpoint(
  args: readonly string[],
  command: string,
  save: (store: Store, partnerId: string, endpoint: { url: string; secret: string }) => Promise<void>,
): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    url: { type: 'string' },
    'allow-private-endpoints': { type: 'boolean' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const url = required(values.url, 'url');
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    throw new UsageError(`--url must be an http or https URL; got ${JSON.stringify(url)}.`);
  }
  const verdict = checkEndpointUrl(url, { allowPrivateAddresses: values['allow-private-endpoints'] === true });
  if (!verdict.ok) {
    const advice = verdict.reason.includes('address') ? ' Pass --allow-private-endpoints to allow it (for local testing).' : '';
    throw new UsageError(`--url is refused: ${verdict.reason}${advice}`);
  }
  return withStore(lastingDbUrlOf(values.db, command), async (store) => {
    const secret = generateSigningSecret();
    await save(store, partnerId, { url, secret });
    return secret;
  });
}

/**
 * `truecost partners set-endpoint --partner ID --url URL [--allow-private-endpoints] [--db URL]`:
 * returns the signing secret of bulk result deliveries.
 */
export async function setEndpointCommand(args: readonly string[]): Promise<string> {
  return setSignedEndpoint(args, 'partners set-endpoint', (store, partnerId, endpoint) => store.setResultEndpoint(partnerId, endpoint, Date.now()));
}

/**
 * `truecost partners set-events-endpoint --partner ID --url URL [--allow-private-endpoints] [--db URL]`:
 * returns the signing secret of order event deliveries (docs/api.md, "Order events"). A new secret
 * each time: setting the endpoint again rotates it.
 */
export async function setEventsEndpointCommand(args: readonly string[]): Promise<string> {
  return setSignedEndpoint(args, 'partners set-events-endpoint', (store, partnerId, endpoint) => store.setEventsEndpoint(partnerId, endpoint, Date.now()));
}

/** Where `truecost partners invite` points its link when no --base-url is given. */
export const DEFAULT_DASHBOARD_BASE_URL = 'http://127.0.0.1:8080';

/**
 * `truecost partners invite --partner ID [--db URL] [--base-url URL]`: returns a one-time sign-in
 * URL for the partner's dashboard, valid for 24 hours (docs/dashboard.md).
 */
export async function inviteCommand(args: readonly string[]): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    db: { type: 'string' },
    'base-url': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const baseUrl = values['base-url'] ?? DEFAULT_DASHBOARD_BASE_URL;
  if (!URL.canParse(baseUrl) || !['http:', 'https:'].includes(new URL(baseUrl).protocol)) {
    throw new UsageError(`--base-url must be an http or https URL; got ${JSON.stringify(baseUrl)}.`);
  }
  return withStore(lastingDbUrlOf(values.db, 'partners invite'), (store) => invitePartner(store, partnerId, baseUrl, Date.now()));
}
