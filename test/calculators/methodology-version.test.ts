import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bulkFlightResults,
  busTruecost,
  carTruecost,
  commuteTruecost,
  explainBusTruecost,
  explainCarTruecost,
  explainCommuteTruecost,
  explainFlightTruecost,
  explainFreightTruecost,
  explainLogisticsTruecost,
  explainSuvTruecost,
  explainTransportationTruecost,
  explainTrip,
  flightEmissions,
  flightTruecost,
  freightTruecost,
  logisticsTruecost,
  METHODOLOGY_VERSION,
  suvTruecost,
  transportationTruecost,
  tripTruecost,
  type Explained,
} from '../../src/index.js';
import { arbitraries, requestSamples } from '../../src/testing/index.js';

// Every answer of the library says which methodology produced it: each calculator's result carries
// `methodologyVersion`, left out of JSON so that the body stays the contract's, and each
// explanation item `methodology_version`.

/** The result has the version, and JSON, spreads and keys see exactly the body without it. */
function carriesTheVersion(result: { readonly methodologyVersion: string }): void {
  expect(result.methodologyVersion).toBe(METHODOLOGY_VERSION);
  expect(Object.keys(result)).not.toContain('methodologyVersion');
  expect(JSON.stringify(result)).not.toContain('methodologyVersion');
  expect({ ...result }).not.toHaveProperty('methodologyVersion');
}

const results = {
  flightTruecost: () => flightTruecost(requestSamples.flight),
  bulkFlightResults: () => bulkFlightResults(requestSamples.bulkFlight),
  carTruecost: () => carTruecost(requestSamples.car),
  busTruecost: () => busTruecost(requestSamples.bus),
  suvTruecost: () => suvTruecost(requestSamples.suv),
  'transportationTruecost (bus)': () => transportationTruecost(requestSamples.bus),
  'transportationTruecost (SUV)': () => transportationTruecost(requestSamples.suv),
  logisticsTruecost: () => logisticsTruecost(requestSamples.logistics),
  commuteTruecost: () => commuteTruecost(requestSamples.commute),
  freightTruecost: () => freightTruecost(requestSamples.freight),
  tripTruecost: () => tripTruecost(requestSamples.trip),
};

const explanations: Record<string, () => Explained<unknown>> = {
  explainFlightTruecost: () => explainFlightTruecost(requestSamples.flight),
  explainCarTruecost: () => explainCarTruecost(requestSamples.car),
  explainBusTruecost: () => explainBusTruecost(requestSamples.bus),
  explainSuvTruecost: () => explainSuvTruecost(requestSamples.suv),
  explainTransportationTruecost: () => explainTransportationTruecost(requestSamples.bus),
  explainLogisticsTruecost: () => explainLogisticsTruecost(requestSamples.logistics),
  explainCommuteTruecost: () => explainCommuteTruecost(requestSamples.commute),
  explainFreightTruecost: () => explainFreightTruecost(requestSamples.freight),
  explainTrip: () => explainTrip(requestSamples.trip),
};

describe('the methodology version on every answer of the library', () => {
  it.each(Object.entries(results))('%s: the result carries it, out of its JSON', (_name, calculate) => {
    carriesTheVersion(calculate());
  });

  it.each(Object.entries(explanations))('%s: the explanation, its result and each item carry it', (_name, explain) => {
    const explained = explain();
    expect(explained.methodologyVersion).toBe(METHODOLOGY_VERSION);
    carriesTheVersion(explained.result);
    expect(explained.items.length).toBeGreaterThan(0);
    for (const item of explained.items) expect(item.methodology_version).toBe(METHODOLOGY_VERSION);
  });

  it('flightEmissions: the explanation of one flight carries it', () => {
    const flight = requestSamples.flight.queries.flights[0]!;
    expect(flightEmissions(flight).explanation.methodology_version).toBe(METHODOLOGY_VERSION);
  });

  it('leaves every body as it was: the same JSON as the result copied without the version', () => {
    fc.assert(
      fc.property(arbitraries.trip, arbitraries.logistics, (trip, logistics) => {
        for (const result of [tripTruecost(trip), logisticsTruecost(logistics)]) {
          expect(JSON.parse(JSON.stringify(result))).toEqual(structuredClone(result));
          expect(result.methodologyVersion).toBe(METHODOLOGY_VERSION);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('bulk results keep a flight named methodologyVersion as the partner sent it', () => {
    const flight = requestSamples.bulkFlight[0]!;
    const results = bulkFlightResults([{ ...flight, flight_id: 'methodologyVersion' }, { ...flight, flight_id: 'B2' }]);
    expect(Object.keys(results)).toEqual(['methodologyVersion', 'B2']);
    expect(results.methodologyVersion).toBe(results['B2']);
  });
});
