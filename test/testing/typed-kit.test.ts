import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeErrors } from '../typecheck.js';

// The arbitraries of truecost/testing are typed as the requests the calculators take: a strict
// project samples them and hands them to a calculator with no cast.
const sample = resolve(import.meta.dirname, 'types/flight-request-sample.ts');
const source = readFileSync(sample, 'utf8');

describe('the typed testing kit, in a strict project', () => {
  it('samples flightRequestArbitrary and reads queries.flights[0].departure without a cast', () => {
    expect(source).toContain('request.queries.flights[0].departure');
    expect(source).not.toMatch(/\bas (unknown|any|never)\b|<any>|@ts-ignore/);
    expect(typeErrors(new Map([[sample, source]]))).toEqual([]);
  });

  it('would fail were the samples untyped: the expected error is the one a typed sample gives', () => {
    const untyped = source.replace("import { flightRequestArbitrary } from 'truecost/testing';", 'declare const flightRequestArbitrary: fc.Arbitrary<any>;');
    expect(untyped).not.toBe(source);
    expect(typeErrors(new Map([[sample, untyped]]))).toEqual([expect.stringMatching(/Unused '@ts-expect-error' directive/)]);
  });
});
