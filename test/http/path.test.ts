import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestPath } from '../../src/http/path.js';

const pieces = fc.constantFrom('/', '.', '..', '%2e', '%2E', '\\', '?', '#', '%', 'a', 'healthz', 'v3', '%20', '%2f', '//');
// Characters an HTTP request target may carry (RFC 9112: Node refuses the others), plus `\\`.
const targetCharacter = fc.constantFrom(...'AZaz09-._~!$&\'()*+,;=:@/%?#\\'.split(''));
const targets = fc
  .array(fc.oneof(pieces, fc.string({ unit: targetCharacter, maxLength: 3 })), { maxLength: 10 })
  .map((parts) => `/${parts.join('')}`);

describe('requestPath', () => {
  it('gives the path new URL gives for any origin-form target', () => {
    fc.assert(
      fc.property(targets, (target) => {
        let expected: string;
        try {
          expected = new URL(`http://localhost${target}`).pathname;
        } catch {
          expected = '/';
        }
        expect(requestPath(target)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the path of an absolute URL, as a Request carries it', () => {
    fc.assert(
      fc.property(targets, (target) => {
        const url = new Request(`http://truecost.test${target}`).url;
        expect(requestPath(url)).toBe(new URL(url).pathname);
      }),
      { numRuns: 1000 },
    );
  });

  it('resolves the two spellings of a parent segment the same way', () => {
    expect(requestPath('/x/%2e%2e/healthz')).toBe('/healthz');
    expect(requestPath('/x\\..\\healthz')).toBe('/healthz');
  });
});
