import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, classifyAddress, guardedLookup, type AddressClass, type LookupFunction } from '../../src/bulk/index.js';

const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
const dotted = (parts: readonly number[]) => parts.join('.');
const asNumber = (parts: readonly number[]) => parts.reduce((value, octet) => value * 256 + octet, 0);

// Disjoint special-purpose ranges, each with the class of every address in it.
const ipv4Ranges: readonly [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4Within(base: string, prefix: number) {
  const first = asNumber(base.split('.').map(Number));
  return fc.nat(2 ** (32 - prefix) - 1).map((offset) => {
    const value = first + offset;
    return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
  });
}

/** The host name the URL parser makes of a host as written. */
const hostOf = (host: string) => new URL(`http://${host}/`).hostname;

describe('the class of an address', () => {
  it('is the class of its range for every address of a special-purpose IPv4 range', () => {
    for (const [base, prefix, kind] of ipv4Ranges) {
      fc.assert(
        fc.property(ipv4Within(base, prefix), (address) => {
          expect(classifyAddress(address)).toBe(kind);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('does not depend on the notation: dotted, one number, hex, octal, or carried in IPv6', () => {
    fc.assert(
      fc.property(octets, (parts) => {
        const kind = classifyAddress(dotted(parts));
        expect(kind).toBeDefined();
        const value = asNumber(parts);
        for (const written of [
          String(value),
          `0x${value.toString(16)}`,
          parts.map((octet) => `0${octet.toString(8)}`).join('.'),
          `[::ffff:${dotted(parts)}]`,
          `[64:ff9b::${dotted(parts)}]`,
          `[2002:${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}::1]`,
        ]) {
          expect(classifyAddress(hostOf(written)), written).toBe(kind);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is the same for an IPv6 address written in full or compressed', () => {
    const groups = fc.array(fc.oneof(fc.constant(0), fc.nat(0xffff)), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(groups, (parts) => {
        const full = parts.map((group) => group.toString(16).padStart(4, '0')).join(':');
        expect(classifyAddress(hostOf(`[${full}]`))).toBe(classifyAddress(full));
      }),
      { numRuns: 500 },
    );
  });

  it('names the ranges an endpoint must not reach', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('[::1]')).toBe('loopback');
    expect(classifyAddress('::')).toBe('unspecified');
    expect(classifyAddress('0.0.0.0')).toBe('unspecified');
    expect(classifyAddress('169.254.169.254')).toBe('link-local');
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local');
    expect(classifyAddress('fd12:3456::1')).toBe('private');
    expect(classifyAddress('fc00::1')).toBe('private');
    expect(classifyAddress('100.100.0.1')).toBe('shared');
    expect(classifyAddress('ff02::1')).toBe('multicast');
    expect(classifyAddress('::ffff:10.1.2.3')).toBe('private');
    expect(classifyAddress('93.184.216.34')).toBe('public');
    expect(classifyAddress('2606:4700::1111')).toBe('public');
    expect(classifyAddress('example.com')).toBeUndefined();
  });
});

describe('an endpoint URL', () => {
  const refused = [
    'http://127.0.0.1/results',
    'http://127.1/results',
    'http://[::1]/results',
    'http://0x7f000001/results',
    'http://2130706433/results',
    'http://0177.0.0.1/results',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5/results',
    'http://172.16.0.1/results',
    'http://172.31.255.255/results',
    'http://192.168.1.1/results',
    'http://[fc00::1]/results',
    'http://[fd00::1]/results',
    'http://[fe80::1]/results',
    'http://[::]/results',
    'http://0.0.0.0/results',
    'http://[::ffff:127.0.0.1]/results',
    'http://[::ffff:169.254.169.254]/results',
    'http://100.64.0.1/results',
    'http://224.0.0.1/results',
    'https://localhost/results',
    'https://api.localhost./results',
  ];

  it.each(refused)('refuses %s unless private addresses are allowed', (url) => {
    const verdict = checkEndpointUrl(url);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(/^The endpoint's host .+ is a [a-z-]+ address\.$/);
    expect(checkEndpointUrl(url, { allowPrivateAddresses: true })).toEqual({ ok: true });
  });

  it('refuses credentials in the URL, allowed addresses or not', () => {
    for (const url of ['https://user:secret@partner.example/results', 'https://user@partner.example/results']) {
      expect(checkEndpointUrl(url, { allowPrivateAddresses: true })).toEqual({ ok: false, reason: 'The endpoint must not carry a user name or password.' });
    }
  });

  it('takes https for production and http or https for staging', () => {
    expect(checkEndpointUrl('http://partner.example/results', { environment: 'staging' })).toEqual({ ok: true });
    expect(checkEndpointUrl('https://partner.example/results', { environment: 'production' })).toEqual({ ok: true });
    expect(checkEndpointUrl('http://partner.example/results', { environment: 'production', allowPrivateAddresses: true })).toEqual({
      ok: false,
      reason: 'Production results are delivered over https only.',
    });
    expect(checkEndpointUrl('ftp://partner.example/results').ok).toBe(false);
    expect(checkEndpointUrl('not a url').ok).toBe(false);
  });

  it('passes a public address or a host name, whose addresses are checked at delivery', () => {
    expect(checkEndpointUrl('https://93.184.216.34/results')).toEqual({ ok: true });
    expect(checkEndpointUrl('https://partner.example:8443/results?x=1')).toEqual({ ok: true });
  });
});

describe('the guarded lookup', () => {
  const resolvingTo = (...addresses: string[]): LookupFunction => (_, __, callback) =>
    callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  const lookUp = (lookup: ReturnType<typeof guardedLookup>, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('results.partner.test', { all }, (error, address) => resolve({ error, address })),
    );

  it('refuses a name when any address it resolves to is not public', async () => {
    for (const addresses of [['127.0.0.1'], ['93.184.216.34', '10.0.0.1'], ['::1'], ['::ffff:169.254.169.254']]) {
      const { error } = await lookUp(guardedLookup({}, resolvingTo(...addresses)), true);
      expect(error?.code).toBe('ERR_ENDPOINT_REFUSED');
      expect(error?.message).toMatch(/^The endpoint's host results\.partner\.test resolves to .+, a [a-z-]+ address\.$/);
    }
  });

  it('answers a public name in the form asked for, one address or all', async () => {
    const lookup = guardedLookup({}, resolvingTo('93.184.216.34', '2606:4700::1111'));
    expect(await lookUp(lookup, false)).toEqual({ error: null, address: '93.184.216.34' });
    expect((await lookUp(lookup, true)).address).toHaveLength(2);
  });

  it('lets private addresses through when the operator allows them', async () => {
    expect(await lookUp(guardedLookup({ allowPrivateAddresses: true }, resolvingTo('127.0.0.1')), false)).toEqual({ error: null, address: '127.0.0.1' });
  });
});
