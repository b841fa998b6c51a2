import { checkEndpointUrl } from '../bulk/endpoint-policy.js';
import { generateSigningSecret } from '../bulk/signing.js';
import { invitePartner } from '../dashboard/invite.js';
import { keyPrefix } from '../dashboard/keys.js';
import { generateApiKey, hashApiKey } from '../http/keys.js';
import { ENVIRONMENTS, type Environment } from '../orders/types.js';
import { lastingDbUrlOf, withStore } from './store-url.js';
import { parseCommand, required, UsageError } from './usage.js';

const MAX_PARTNER_ID_LENGTH = 255;

/** `--partner`: required, at most 255 characters. */
export function partnerOf(value: string | undefined): string {
  const partner = required(value, 'partner');
  if (partner.length > MAX_PARTNER_ID_LENGTH) throw new UsageError(`--partner must be at most ${MAX_PARTNER_ID_LENGTH} characters.`);
  return partner;
}

/** `--env`: required, staging or production. */
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

/** The URL of `partners set-endpoint` or `set-events-endpoint`, checked against the endpoint policy (`checkEndpointUrl`). */
function endpointUrlOf(value: string | undefined, allowPrivateEndpoints: boolean): string {
  const url = required(value, 'url');
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    throw new UsageError(`--url must be an http or https URL; got ${JSON.stringify(url)}.`);
  }
  const verdict = checkEndpointUrl(url, { allowPrivateAddresses: allowPrivateEndpoints });
  if (!verdict.ok) {
    const advice = verdict.reason.includes('address') ? ' Pass --allow-private-endpoints to allow it (for local testing).' : '';
    throw new UsageError(`--url is refused: ${verdict.reason}${advice}`);
  }
  return url;
}

/**
 * `truecost partners set-endpoint --partner ID --url URL [--allow-private-endpoints] [--db URL]`:
 * returns the signing secret of bulk result deliveries. The URL may not carry credentials, nor be
 * a loopback, private or other internal address literal unless allowed.
 */
export async function setEndpointCommand(args: readonly string[]): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    url: { type: 'string' },
    'allow-private-endpoints': { type: 'boolean' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const url = endpointUrlOf(values.url, values['allow-private-endpoints'] === true);
  return withStore(lastingDbUrlOf(values.db, 'partners set-endpoint'), async (store) => {
    const secret = generateSigningSecret();
    await store.setResultEndpoint(partnerId, { url, secret }, Date.now());
    return secret;
  });
}

/**
 * `truecost partners set-events-endpoint --partner ID --url URL [--env staging|production]
 * [--allow-private-endpoints] [--allow-insecure-endpoint] [--db URL]`: sets the events endpoint of
 * one environment, or of both without --env, with a new signing secret, and returns it (docs/api.md,
 * "Order events"). The secret it replaces goes on signing beside it for 24 hours. A production
 * endpoint must be https unless --allow-insecure-endpoint.
 */
export async function setEventsEndpointCommand(args: readonly string[]): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    url: { type: 'string' },
    env: { type: 'string' },
    'allow-private-endpoints': { type: 'boolean' },
    'allow-insecure-endpoint': { type: 'boolean' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const environments: readonly Environment[] = values.env === undefined ? ENVIRONMENTS : [environmentOf(values.env)];
  const url = endpointUrlOf(values.url, values['allow-private-endpoints'] === true);
  const allowHttp = values['allow-insecure-endpoint'] === true;
  if (environments.includes('production') && new URL(url).protocol !== 'https:' && !allowHttp) {
    const which = values.env === undefined ? ' (without --env the URL serves production too)' : '';
    throw new UsageError(`--url is refused: production events go to https URLs only${which}. Pass --allow-insecure-endpoint to allow http (for local testing).`);
  }
  return withStore(lastingDbUrlOf(values.db, 'partners set-events-endpoint'), async (store) => {
    const secret = generateSigningSecret();
    for (const environment of environments) await store.setEventsEndpoint(partnerId, environment, { url, secret, allowHttp }, Date.now());
    return secret;
  });
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
