/**
 * Where bulk results may be delivered. A result endpoint is a URL a partner names and truecost then
 * POSTs to from inside the operator's network, so it must not reach what only that network can
 * reach (a cloud's metadata service at 169.254.169.254, a database on 10.0.0.5, the host itself).
 *
 * The rules, checked when the endpoint is set (on the URL as written) and again at every delivery
 * (on the URL, and on each address its host name resolves to, before connecting):
 * - `http:` or `https:` only, and `https:` for the deliveries of production jobs;
 * - no user name or password in the URL (they would travel, and be logged, with every delivery);
 * - no loopback, private, link-local, unspecified, shared (CGNAT), multicast or reserved address,
 *   in any notation the URL parser accepts (`0x7f000001`, `2130706433`, `0177.0.0.1`, `[::1]`,
 *   `[::ffff:127.0.0.1]`, ...), and no `localhost` name;
 * unless the operator allows such addresses (`allowPrivateAddresses`, the CLI's
 * `--allow-private-endpoints`), for local testing.
 *
 * @packageDocumentation
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { Environment } from '../orders/types.js';

/** What an IP address is for: only `public` addresses are delivered to unless the operator allows the rest. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'shared'
  | 'multicast'
  | 'reserved';

/** The operator's choices for result endpoints. */
export interface EndpointPolicy {
  /** Allow endpoints on addresses that are not public (loopback, private, ...), for local testing (default false). */
  readonly allowPrivateAddresses?: boolean;
}

/** Whether an endpoint may be used, and if not, why. */
export type EndpointVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

interface Range {
  readonly first: bigint;
  readonly bits: number;
  readonly prefix: number;
  readonly kind: AddressClass;
}

function range(address: string, prefix: number, kind: AddressClass): Range {
  const value = parseIp(address);
  if (value === undefined) throw new Error(`Not an address: ${address}`);
  return { first: value.value, bits: value.bits, prefix, kind };
}

// IANA's IPv4 and IPv6 special-purpose address registries (RFC 6890 and its updates); the most
// specific range is listed first.
const IPV4_RANGES: readonly Range[] = [
  range('0.0.0.0', 8, 'unspecified'),
  range('10.0.0.0', 8, 'private'),
  range('100.64.0.0', 10, 'shared'),
  range('127.0.0.0', 8, 'loopback'),
  range('169.254.0.0', 16, 'link-local'),
  range('172.16.0.0', 12, 'private'),
  range('192.0.0.0', 24, 'reserved'),
  range('192.0.2.0', 24, 'reserved'),
  range('192.88.99.0', 24, 'reserved'),
  range('192.168.0.0', 16, 'private'),
  range('198.18.0.0', 15, 'reserved'),
  range('198.51.100.0', 24, 'reserved'),
  range('203.0.113.0', 24, 'reserved'),
  range('224.0.0.0', 4, 'multicast'),
  range('240.0.0.0', 4, 'reserved'),
];

const IPV6_RANGES: readonly Range[] = [
  range('::', 128, 'unspecified'),
  range('::1', 128, 'loopback'),
  range('::', 8, 'reserved'),
  range('100::', 64, 'reserved'),
  range('2001::', 23, 'reserved'),
  range('2001:db8::', 32, 'reserved'),
  range('fc00::', 7, 'private'),
  range('fe80::', 10, 'link-local'),
  range('fec0::', 10, 'private'),
  range('ff00::', 8, 'multicast'),
];

/** IPv6 prefixes that carry an IPv4 address, which decides the class: [prefix, its length, bit offset of the IPv4 address]. */
const IPV4_CARRIERS: readonly (readonly [Range, number])[] = [
  [range('::ffff:0:0', 96, 'reserved'), 0],
  [range('64:ff9b::', 96, 'reserved'), 0],
  [range('64:ff9b:1::', 48, 'reserved'), 0],
  [range('2002::', 16, 'reserved'), 80],
];

function inRange(value: bigint, bits: number, candidate: Range): boolean {
  if (candidate.bits !== bits) return false;
  const shift = BigInt(bits - candidate.prefix);
  return value >> shift === candidate.first >> shift;
}

/** An IP address as a number of 32 or 128 bits; undefined for anything else. */
function parseIp(text: string): { value: bigint; bits: 32 | 128 } | undefined {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // A zone (`fe80::1%eth0`) names an interface; the address is what precedes it.
  const unzoned = address.includes('%') ? address.slice(0, address.indexOf('%')) : address;
  const version = isIP(unzoned);
  if (version === 4) return { value: ipv4Value(unzoned), bits: 32 };
  if (version === 6) return { value: ipv6Value(unzoned), bits: 128 };
  return undefined;
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Value(address: string): bigint {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 address stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const v4 = ipv4Value(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function classifyValue(value: bigint, bits: 32 | 128): AddressClass {
  if (bits === 128) {
    for (const [carrier, offset] of IPV4_CARRIERS) {
      if (inRange(value, 128, carrier)) {
        const embedded = (value >> BigInt(offset)) & 0xffffffffn;
        const kind = classifyValue(embedded, 32);
        return kind === 'public' ? 'public' : kind;
      }
    }
  }
  const found = (bits === 32 ? IPV4_RANGES : IPV6_RANGES).find((candidate) => inRange(value, bits, candidate));
  return found?.kind ?? 'public';
}

/**
 * The class of an IP address (IPv4 dotted, IPv6 with or without brackets or a zone); undefined
 * when `address` is not an IP address. An IPv6 address that carries an IPv4 address (IPv4-mapped
 * `::ffff:a.b.c.d`, NAT64, 6to4) has the class of the IPv4 address it carries.
 *
 * @example
 * ```ts
 * classifyAddress('169.254.169.254'); // 'link-local'
 * classifyAddress('[::ffff:7f00:1]'); // 'loopback'
 * classifyAddress('93.184.216.34'); // 'public'
 * classifyAddress('example.com'); // undefined
 * ```
 * @remarks Since 0.1.0
 */
export function classifyAddress(address: string): AddressClass | undefined {
  const parsed = parseIp(address);
  return parsed === undefined ? undefined : classifyValue(parsed.value, parsed.bits);
}

/** True for `localhost` and its subdomains, which resolve to loopback by definition (RFC 6761). */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function refusedAddress(host: string, kind: AddressClass): EndpointVerdict {
  return {
    ok: false,
    reason: `The endpoint's host ${host} is a ${kind} address.`,
  };
}

/**
 * Checks a result endpoint's URL as written: scheme, credentials, and a host that is an address
 * literal or `localhost`. With `environment` `production`, only `https:` passes. A host name is
 * checked again, on the addresses it resolves to, by {@link guardedLookup} at delivery.
 *
 * @example
 * ```ts
 * checkEndpointUrl('http://0x7f000001/results'); // { ok: false, reason: "The endpoint's host 127.0.0.1 is a loopback address." }
 * checkEndpointUrl('https://partner.example/results', { environment: 'production' }); // { ok: true }
 * ```
 * @remarks Since 0.1.0
 */
export function checkEndpointUrl(
  url: string,
  options: EndpointPolicy & { readonly environment?: Environment } = {},
): EndpointVerdict {
  if (!URL.canParse(url)) return { ok: false, reason: 'The endpoint is not a URL.' };
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, reason: `The endpoint must be an http or https URL; got ${parsed.protocol}.` };
  }
  if (options.environment === 'production' && parsed.protocol !== 'https:') {
    return { ok: false, reason: 'Production results are delivered over https only.' };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'The endpoint must not carry a user name or password.' };
  }
  if (options.allowPrivateAddresses === true) return { ok: true };
  // The URL parser has already turned every IPv4 notation (hex, octal, one number) into dotted form.
  const kind = isLocalhostName(parsed.hostname) ? 'loopback' : classifyAddress(parsed.hostname);
  if (kind !== undefined && kind !== 'public') return refusedAddress(parsed.hostname, kind);
  return { ok: true };
}

/** The `lookup` of `node:net` and `node:http` requests, in the form that resolves every address. */
export type LookupFunction = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The `lookup` option of `node:http` requests (and `net.connect`). */
export type ConnectLookup = (
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

const systemLookup: LookupFunction = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** The error of a connection refused by the endpoint policy (its `code` is `ERR_ENDPOINT_REFUSED`). */
export class EndpointRefusedError extends Error {
  readonly code = 'ERR_ENDPOINT_REFUSED';
}

/**
 * A `lookup` for `node:http`/`node:https` requests that resolves a host name with `resolve`
 * (default the system's resolver) and refuses the connection when any address it resolves to is
 * not public, so that a name cannot lead a delivery to an internal address; with
 * `allowPrivateAddresses`, it resolves as `resolve` does.
 *
 * @example
 * ```ts
 * https.request(url, { method: 'POST', lookup: guardedLookup() });
 * ```
 * @remarks Since 0.1.0
 */
export function guardedLookup(policy: EndpointPolicy = {}, resolve: LookupFunction = systemLookup): ConnectLookup {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, []);
      const refused = policy.allowPrivateAddresses === true
        ? undefined
        : addresses.map((entry) => ({ entry, kind: classifyAddress(entry.address) })).find(({ kind }) => kind !== 'public');
      if (refused !== undefined) {
        const reason = `The endpoint's host ${hostname} resolves to ${refused.entry.address}, a ${refused.kind ?? 'unknown'} address.`;
        return callback(new EndpointRefusedError(reason), []);
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), []);
      if (options.all === true) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
