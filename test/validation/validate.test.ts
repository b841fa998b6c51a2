import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { climesSchema, flightRequestSchema, validate } from '../../src/index.js';
import { hasAtMostSixDecimals } from '../../src/schemas/common.js';

const body = z.object({
  queries: z.object({
    flights: z.array(z.object({ departure: z.string().length(3), no_of_tickets: z.number().int().gt(0) })).min(1).max(10),
  }),
});

describe('validate', () => {
  it('returns the parsed value for a valid body', () => {
    const input = { queries: { flights: [{ departure: 'DEL', no_of_tickets: 1 }] } };
    expect(validate(body, input)).toEqual({ ok: true, value: input, ignored: [] });
  });

  it('reports the dotted path of the first problem', () => {
    const input = { queries: { flights: [{ departure: 'DEL', no_of_tickets: 1 }, { departure: 'X', no_of_tickets: 0 }] } };
    const result = validate(body, input);
    expect(result).toEqual({ ok: false, error: { path: 'queries.flights.1.departure', reason: expect.any(String) } });
  });

  it('says a missing field is required', () => {
    expect(validate(body, { queries: {} })).toEqual({ ok: false, error: { path: 'queries.flights', reason: 'Required.' } });
  });

  it('tells a field of the wrong type from a missing one', () => {
    const input = { queries: { flights: [{ departure: 5, no_of_tickets: 1 }] } };
    expect(validate(body, input)).toEqual({
      ok: false,
      error: { path: 'queries.flights.0.departure', reason: 'Expected string, received number.' },
    });
    const missingEnum = validate(z.object({ kind: z.enum(['A', 'B']) }), {});
    expect(missingEnum).toEqual({ ok: false, error: { path: 'kind', reason: 'Required.' } });
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (input) => {
        const result = validate(body, input);
        if (!result.ok) expect(typeof result.error.reason).toBe('string');
      }),
    );
  });
});

describe('validate with { all: true }', () => {
  const twoBad = { queries: { flights: [{ departure: 'X', no_of_tickets: 1 }, { departure: 'DEL', no_of_tickets: 0 }] } };

  it('lists every problem found, the first being the one validate answers alone', () => {
    const all = validate(body, twoBad, { all: true });
    expect(all).toEqual({
      ok: false,
      error: { path: 'queries.flights.0.departure', reason: expect.any(String) },
      errors: [
        { path: 'queries.flights.0.departure', reason: expect.any(String) },
        { path: 'queries.flights.1.no_of_tickets', reason: 'Must be greater than 0.' },
      ],
    });
    const first = validate(body, twoBad);
    expect(first).toEqual({ ok: false, error: all.ok ? undefined : all.error });
    expect(first).not.toHaveProperty('errors');
  });

  it('answers as validate does without it when the input is valid', () => {
    const input = { queries: { flights: [{ departure: 'DEL', no_of_tickets: 1 }], cabin: 'Y' } };
    expect(validate(body, input, { all: true })).toEqual(validate(body, input));
    expect(validate(body, input, { all: false })).toEqual(validate(body, input));
  });

  it('reports a request of the API with several mistakes at once', () => {
    const report = validate(flightRequestSchema, { queries: { flights: [{ departure: 'ZZZ', arrival: 'BOM', no_of_tickets: -1, flight_class: 'economy' }] } }, { all: true });
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.errors.map((problem) => problem.path).sort()).toEqual([
      'queries.flights.0.departure',
      'queries.flights.0.flight_class',
      'queries.flights.0.no_of_tickets',
    ]);
    expect(report.errors[0]).toEqual(report.error);
    expect(validate(flightRequestSchema, { queries: { flights: [{ departure: 'ZZZ', arrival: 'BOM', no_of_tickets: -1, flight_class: 'economy' }] } })).toEqual({ ok: false, error: report.error });
  });

  it('never throws, and lists the first problem first, whatever the input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (input) => {
        const report = validate(body, input, { all: true });
        const first = validate(body, input);
        if (report.ok) expect(first.ok).toBe(true);
        else {
          expect(first).toEqual({ ok: false, error: report.error });
          expect(report.errors[0]).toEqual(report.error);
          expect(new Set(report.errors.map((problem) => `${problem.path} ${problem.reason}`)).size).toBe(report.errors.length);
        }
      }),
    );
  });
});

describe('climes', () => {
  it('accepts any multiple of a micro-clime within the bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e15 }), (micro) => {
        expect(validate(climesSchema, micro / 1e6).ok).toBe(true);
      }),
    );
  });

  it('refuses more than 6 decimal places, 0, negatives and more than 1e9', () => {
    expect(validate(climesSchema, 0.1234567)).toEqual({ ok: false, error: { path: '', reason: 'Must have at most 6 decimal places.' } });
    expect(validate(climesSchema, 0)).toEqual({ ok: false, error: { path: '', reason: 'Must be greater than 0.' } });
    expect(validate(climesSchema, -1).ok).toBe(false);
    expect(validate(climesSchema, 1e9 + 1)).toEqual({ ok: false, error: { path: '', reason: 'Must be at most 1000000000.' } });
    expect(hasAtMostSixDecimals(0.1 + 0.2)).toBe(false);
  });
});
