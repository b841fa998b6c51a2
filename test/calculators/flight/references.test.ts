import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flightEmissions, type Flight, type FlightClass } from '../../../src/index.js';

// truecost's fuel method, with its own defaults, against published per-passenger figures
// (test/fixtures/flight-references.csv lists each with its source).

interface Reference {
  readonly departure: string;
  readonly arrival: string;
  readonly aircraft: string;
  readonly cabin: FlightClass;
  readonly publishedKg: number;
  readonly source: string;
}

function readReferences(): Reference[] {
  const text = readFileSync(resolve(import.meta.dirname, '../../fixtures/flight-references.csv'), 'utf8');
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const [header, ...rows] = lines;
  expect(header).toBe('departure,arrival,aircraft,cabin,published_kg,scope,model,year,source');
  return rows.map((line) => {
    const [departure, arrival, aircraft, cabin, publishedKg, scope, , , source] = line.split(',');
    expect(scope).toBe('well-to-wake');
    return {
      departure: departure ?? '',
      arrival: arrival ?? '',
      aircraft: aircraft ?? '',
      cabin: cabin as FlightClass,
      publishedKg: Number(publishedKg),
      source: source ?? '',
    };
  });
}

interface Leg extends Reference {
  readonly ratio: number;
  readonly body: string;
  readonly km: number;
}

function compute(reference: Reference): Leg {
  const flight: Flight = {
    departure: reference.departure,
    arrival: reference.arrival,
    no_of_tickets: 1,
    aircraft_model: reference.aircraft,
    flight_class: reference.cabin,
    flight_type: 'ONE_WAY',
  };
  const { kilograms, explanation } = flightEmissions(flight);
  return {
    ...reference,
    ratio: kilograms / reference.publishedKg,
    body: String(explanation.quantities.aircraft_body),
    km: Number(explanation.quantities.great_circle_km),
  };
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (at - low);
}

interface Distribution {
  readonly n: number;
  readonly median: number;
  readonly p10: number;
  readonly p90: number;
  readonly within10: number;
  readonly within20: number;
}

function distribution(legs: readonly Leg[]): Distribution {
  const ratios = legs.map((leg) => leg.ratio).sort((a, b) => a - b);
  const share = (band: number) => ratios.filter((r) => Math.abs(r - 1) <= band).length / ratios.length;
  return {
    n: ratios.length,
    median: quantile(ratios, 0.5),
    p10: quantile(ratios, 0.1),
    p90: quantile(ratios, 0.9),
    within10: share(0.1),
    within20: share(0.2),
  };
}

function band(km: number): string {
  return km < 1500 ? 'under 1 500 km' : km <= 4000 ? '1 500 - 4 000 km' : 'over 4 000 km';
}

function row(group: string, legs: readonly Leg[]): string {
  if (legs.length === 0) return `| ${group} | 0 | | | | |`;
  const d = distribution(legs);
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  return `| ${group} | ${d.n} | ${d.median.toFixed(3)} | ${d.p10.toFixed(3)} - ${d.p90.toFixed(3)} | ${pct(d.within10)} | ${pct(d.within20)} |`;
}

const references = readReferences();
const economy = references.filter((reference) => reference.cabin === 'ECONOMY').map(compute);

describe('truecost against published per-passenger figures (test/fixtures/flight-references.csv)', () => {
  it('keeps economy within the band: median 0.95 to 1.05, at least 60 % of legs within 10 % and 85 % within 20 %', () => {
    expect(economy.length).toBeGreaterThan(0);
    const table = [
      '| group | n | median truecost/published | 10th - 90th percentile | within 10 % | within 20 % |',
      '|---|---|---|---|---|---|',
      row('all legs', economy),
      row('narrow-body', economy.filter((leg) => leg.body === 'narrow')),
      row('wide-body', economy.filter((leg) => leg.body === 'wide')),
      ...['under 1 500 km', '1 500 - 4 000 km', 'over 4 000 km'].map((name) =>
        row(name, economy.filter((leg) => band(leg.km) === name)),
      ),
    ];
    console.log(`Economy, truecost defaults / published:\n${table.join('\n')}`);
    const all = distribution(economy);
    expect(all.median).toBeGreaterThanOrEqual(0.95);
    expect(all.median).toBeLessThanOrEqual(1.05);
    expect(all.within10).toBeGreaterThanOrEqual(0.6);
    expect(all.within20).toBeGreaterThanOrEqual(0.85);
  });

  it('gives each published cabin the published ratio to economy on the same leg', () => {
    for (const reference of references.filter((r) => r.cabin !== 'ECONOMY')) {
      const published = references.find(
        (r) => r.cabin === 'ECONOMY' && r.departure === reference.departure && r.arrival === reference.arrival && r.aircraft === reference.aircraft,
      );
      if (published === undefined) continue;
      const leg = compute(reference);
      const economyLeg = compute(published);
      const ours = (leg.ratio * leg.publishedKg) / (economyLeg.ratio * economyLeg.publishedKg);
      expect(ours, `${reference.departure}-${reference.arrival} ${reference.cabin}`).toBeCloseTo(
        reference.publishedKg / published.publishedKg,
        2,
      );
    }
  });
});
