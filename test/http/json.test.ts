// The JSON writers of the hot answers (src/http/json.ts) against JSON.stringify, the reference.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flightRequestSchema, flightTruecost, validate, type FlightResponse } from '../../src/index.js';
import { flightResponseJson, jsonString } from '../../src/http/json.js';
import { arbitraries } from '../../src/testing/index.js';

/** Any UTF-16 string, lone surrogates and control characters included. */
const anyString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });
const someString = fc.oneof(anyString, fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', '"', '\\', '\u2028', '\ud83d\ude00', '\udc00'));

describe('JSON writers', () => {
  it('write a string exactly as JSON.stringify', () => {
    fc.assert(
      fc.property(someString, (value) => {
        expect(jsonString(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('write any E6 answer exactly as JSON.stringify', () => {
    const answer: fc.Arbitrary<FlightResponse> = fc.record({
      message: someString,
      truecost: fc.array(fc.record({ flight_id: someString, truecost: someString }), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(answer, (body) => {
        expect(flightResponseJson(body)).toBe(JSON.stringify(body));
      }),
      { numRuns: 2000 },
    );
  });

  it('write the calculator’s own E6 answers exactly as JSON.stringify', () => {
    fc.assert(
      fc.property(arbitraries.flight, (body) => {
        const parsed = validate(flightRequestSchema, body);
        if (!parsed.ok) throw new Error(`generator made an invalid body: ${JSON.stringify(parsed.error)}`);
        const answer = flightTruecost(parsed.value);
        expect(flightResponseJson(answer)).toBe(JSON.stringify(answer));
      }),
      { numRuns: 300 },
    );
  });
});
