import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainFreightTruecost,
  explainLogisticsTruecost,
  freightTruecost,
  greatCircleKm,
  logisticsReport,
  logisticsTruecost,
  TruecostValidationError,
  validate,
  logisticsRequestSchema,
  explainTripTruecost,
  tripRequestSchema,
  tripTruecost,
  type FreightRequestInput,
  type LogisticsRequestInput,
  type Place,
} from '../../src/index.js';
import { AIR_DISTANCE_ADDITION, legDistance, places, portByLocode, RAIL_CIRCUITY, ROAD_CIRCUITY } from '../../src/places/index.js';

// Legs given by places (docs/methodology.md, "Distances from places").

const NM = 1.852;
/**
 * Published port-to-port distances, held out from the network (docs/data-sources.md, "Places"):
 * nautical miles, and the passage the published route avoids.
 */
const PUBLISHED: readonly { from: string; to: string; nm: number; avoid?: 'suez' }[] = [
  // Nhava Sheva to Rotterdam via Suez: about 6 300 to 6 400 NM in port distance tables.
  { from: 'INNSA', to: 'NLRTM', nm: 6350 },
  // Suez Canal Authority, "Influences of the Suez Canal on World Trade": Jeddah to Constanta.
  { from: 'SAJED', to: 'ROCND', nm: 1698 },
  { from: 'SAJED', to: 'ROCND', nm: 11771, avoid: 'suez' },
];

const point = fc.record({ lat: fc.double({ min: -80, max: 80, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }) });
const coordinates = (place: { lat: number; lon: number }) => ({ latitude: place.lat, longitude: place.lon });

/** The problem of the TruecostValidationError `run` throws, or undefined when it throws none. */
function problemOf(run: () => unknown): { path: string; reason: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof TruecostValidationError) return error.problem;
    throw error;
  }
  return undefined;
}

describe('the distance rules', () => {
  it('great circle is symmetric, zero on a point, and within half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const ab = greatCircleKm(coordinates(a), coordinates(b));
        expect(ab).toBeCloseTo(greatCircleKm(coordinates(b), coordinates(a)), 6);
        expect(greatCircleKm(coordinates(a), coordinates(a))).toBe(0);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(Math.PI * 6371.0088 + 1e-6);
      }),
    );
  });

  it('great circle keeps the triangle inequality', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        const [pa, pb, pc] = [a, b, c].map(coordinates) as [ReturnType<typeof coordinates>, ReturnType<typeof coordinates>, ReturnType<typeof coordinates>];
        // Near-antipodal points lose a few micrometres to the haversine's rounding: a relative tolerance.
        const around = greatCircleKm(pa, pb) + greatCircleKm(pb, pc);
        expect(greatCircleKm(pa, pc)).toBeLessThanOrEqual(around * (1 + 1e-9) + 1e-6);
      }),
    );
  });

  it('air is the great circle plus 95 km; road and rail the great circle times their circuity', () => {
    fc.assert(
      fc.property(point, point, (origin, destination) => {
        const route = { origin, destination };
        const air = legDistance(route, 'air', 'queries.legs.0');
        expect(air.distanceKm).toBeCloseTo(air.greatCircleKm + AIR_DISTANCE_ADDITION.value, 9);
        expect(air.method).toBe('great_circle_plus_95');
        const road = legDistance(route, 'road', 'queries.legs.0');
        expect(road.distanceKm).toBeCloseTo(road.greatCircleKm * ROAD_CIRCUITY.value, 9);
        expect(road.method).toBe('road_circuity');
        const rail = legDistance(route, 'rail', 'queries.legs.0');
        expect(rail.distanceKm).toBeCloseTo(rail.greatCircleKm * RAIL_CIRCUITY.value, 9);
        expect(rail.method).toBe('rail_circuity');
      }),
    );
  });

  it('a given distance wins over the places', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 20_000, noNaN: true }), (km) => {
        const leg = { shipping_method: 'TRUCK_HEAVY', shipping_distance: km, shipping_weight: 10 } as const;
        const placed = { ...leg, origin: { pin: '411001' }, destination: { pin: '110001' } };
        expect(logisticsTruecost({ queries: { legs: [placed] } }, { places })).toEqual(logisticsTruecost({ queries: { legs: [leg] } }));
        const explained = explainLogisticsTruecost({ queries: { legs: [placed] } }, { places }).items[0]!;
        expect(explained.quantities).toMatchObject({ distance_km: km, distance_method: 'given' });
      }),
      { numRuns: 20 },
    );
  });
});

describe('a FLIGHT leg between airports', () => {
  it('answers on the great circle plus 95 km', () => {
    const placed = { shipping_method: 'FLIGHT', shipping_weight: 2, origin: { iata: 'BOM' }, destination: { iata: 'FRA' } } as const;
    const explained = explainLogisticsTruecost({ queries: { legs: [placed] } }, { places }).items[0]!;
    const { great_circle_km: greatCircle, distance_km: distance } = explained.quantities as { great_circle_km: number; distance_km: number };
    expect(greatCircle).toBeGreaterThan(6400);
    expect(greatCircle).toBeLessThan(6700);
    expect(distance).toBe(greatCircle + 95);
    expect(explained.quantities).toMatchObject({ distance_method: 'great_circle_plus_95', origin_code: 'BOM', destination_code: 'FRA' });
    expect(explained.factors[0]).toEqual(AIR_DISTANCE_ADDITION);
    const given = logisticsTruecost({ queries: { legs: [{ shipping_method: 'FLIGHT', shipping_weight: 2, shipping_distance: distance }] } });
    expect(logisticsTruecost({ queries: { legs: [placed] } }, { places })).toEqual(given);
  });
});

describe('a SHIP leg between ports', () => {
  it.each(PUBLISHED)('$from to $to (avoid $avoid) is within 12 % of the published $nm NM', ({ from, to, nm, avoid }) => {
    const route = { origin: { locode: from }, destination: { locode: to }, ...(avoid === undefined ? {} : { avoid: [avoid] }) };
    const sea = legDistance(route, 'sea', 'queries.legs.0');
    expect(sea.method).toBe('sea_route');
    expect(Math.abs(sea.distanceKm / NM - nm) / nm).toBeLessThan(0.12);
  });

  it('goes round the Cape of Good Hope, south of 34°S, when Suez is avoided', () => {
    const leg = { shipping_method: 'SHIP', shipping_weight: 10, origin: { locode: 'INNSA' }, destination: { locode: 'NLRTM' } } as const;
    const viaSuez = explainLogisticsTruecost({ queries: { legs: [leg] } }, { places }).items[0]!;
    const viaCape = explainLogisticsTruecost({ queries: { legs: [{ ...leg, avoid: ['suez'] }] } }, { places }).items[0]!;
    expect(viaCape.quantities['distance_km'] as number).toBeGreaterThan(1.5 * (viaSuez.quantities['distance_km'] as number));
    const southernmost = Number(/southernmost point (-?[\d.]+)°/.exec(viaCape.assumptions[0] ?? '')?.[1]);
    expect(southernmost).toBeLessThan(-34);
    expect(viaCape.quantities).toMatchObject({ distance_method: 'sea_route', origin_name: portByLocode('INNSA')!.name });
  });

  it('prices an E13 ship leg on the sea route', () => {
    const body: FreightRequestInput = {
      configs: { region: 'IN', transportation_type: 'ship' },
      queries: { legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, origin: { locode: 'INNSA' }, destination: { locode: 'NLRTM' } }] },
    };
    const item = explainFreightTruecost(body, { places }).items[0]!;
    expect(item.quantities['distance_method']).toBe('sea_route');
    const km = item.quantities['distance_km'] as number;
    const given = freightTruecost({ ...body, queries: { legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, distance: km }] } });
    expect(freightTruecost(body, { places })).toEqual(given);
  });
});

describe('a truck leg between PIN codes', () => {
  it('is priced on the road circuity over the great circle', () => {
    const body: FreightRequestInput = {
      configs: { region: 'IN', transportation_type: 'truck' },
      queries: { legs: [{ shipping_method: 'loose', weight: 4, origin: { pin: '411001' }, destination: { pin: '400001' } }] },
    };
    const item = explainFreightTruecost(body, { places }).items[0]!;
    const greatCircle = item.quantities['great_circle_km'] as number;
    expect(greatCircle).toBeGreaterThan(100);
    expect(greatCircle).toBeLessThan(140);
    expect(item.quantities['distance_km']).toBeCloseTo(greatCircle * ROAD_CIRCUITY.value, 9);
    expect(item.quantities).toMatchObject({ distance_method: 'road_circuity', origin_code: '411001', destination_code: '400001' });
    expect(item.factors).toContainEqual(ROAD_CIRCUITY);
  });
});

describe('a truck leg given by places, without a region', () => {
  const truck = (extra: Record<string, unknown>): LogisticsRequestInput => ({
    queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_weight: 10, ...extra }] },
  });
  it("takes its origin's country as its region, and says so", () => {
    const fromPlaces = truck({ origin: { locode: 'NLRTM' }, destination: { locode: 'BEANR' } });
    const item = explainLogisticsTruecost(fromPlaces, { places }).items[0]!;
    const distance = item.quantities['distance_km'] as number;
    const sent = logisticsTruecost(truck({ shipping_distance: distance, region: 'NL' })).truecost.total_truecost;
    expect(logisticsTruecost(fromPlaces, { places }).truecost.total_truecost).toBe(sent);
    expect(item.assumptions).toContain('region NL: the country of the origin NLRTM.');
    expect(item.assumptions.some((line) => line.startsWith("region NL: GLEC's European default"))).toBe(true);
    // India's own factors would give another figure for the same tonne-km.
    expect(logisticsTruecost(truck({ shipping_distance: distance })).truecost.total_truecost).not.toBe(sent);
  });

  it('keeps India for PIN codes and a sent region over the origin', () => {
    const pins = truck({ origin: { pin: '411001' }, destination: { pin: '400001' } });
    const distance = explainLogisticsTruecost(pins, { places }).items[0]!.quantities['distance_km'] as number;
    expect(logisticsTruecost(pins, { places }).truecost.total_truecost).toBe(logisticsTruecost(truck({ shipping_distance: distance })).truecost.total_truecost);
    const sentRegion = truck({ origin: { locode: 'NLRTM' }, destination: { locode: 'BEANR' }, region: 'GB' });
    const gbDistance = explainLogisticsTruecost(sentRegion, { places }).items[0]!.quantities['distance_km'] as number;
    expect(logisticsTruecost(sentRegion, { places }).truecost.total_truecost).toBe(
      logisticsTruecost(truck({ shipping_distance: gbDistance, region: 'GB' })).truecost.total_truecost,
    );
  });

  it('is a 400 naming its origin when the country has no road factors, or none for its truck', () => {
    expect(problemOf(() => logisticsTruecost(truck({ origin: { iata: 'JFK' }, destination: { iata: 'BOS' } }), { places }))).toEqual({
      path: 'queries.legs.0.origin',
      reason: 'In US, which has no road factors: send region (IN, GB or an EU member state).',
    });
    const medium: LogisticsRequestInput = { queries: { legs: [{ shipping_method: 'TRUCK_MEDIUM', origin: { locode: 'NLRTM' }, destination: { locode: 'BEANR' } }] } };
    expect(problemOf(() => logisticsTruecost(medium, { places }))).toEqual({
      path: 'queries.legs.0.origin',
      reason: "Its country NL as the leg's region: No European factor for TRUCK_MEDIUM: IN, GB.",
    });
  });
});

describe('an E13 truck leg given by places, without its own region', () => {
  const freight = (leg: object): FreightRequestInput =>
    ({ configs: { region: 'IN', transportation_type: 'truck' }, queries: { legs: [{ shipping_method: 'container', container_type: '42GP', weight: 18, ...leg }] } }) as FreightRequestInput;
  it("takes its origin's country over configs.region, and says so", () => {
    const body = freight({ origin: { locode: 'NLRTM' }, destination: { lat: 51.37, lon: 6.17 } });
    const item = explainFreightTruecost(body, { places }).items[0]!;
    expect(item.assumptions).toContain('region NL: the country of the origin NLRTM.');
    const km = item.quantities['distance_km'] as number;
    expect(freightTruecost(body, { places }).truecost.legs).toEqual(freightTruecost(freight({ distance: km, region: 'NL' })).truecost.legs);
    // A sent region wins over the origin's country.
    const sent = freight({ origin: { locode: 'NLRTM' }, destination: { lat: 51.37, lon: 6.17 }, region: 'IN' });
    expect(freightTruecost(sent, { places }).truecost.legs).toEqual(freightTruecost(freight({ distance: km })).truecost.legs);
  });

  it('is a 400 naming its origin in a country without road factors', () => {
    expect(problemOf(() => freightTruecost(freight({ origin: { iata: 'JFK' }, destination: { iata: 'BOS' } }), { places }))).toEqual({
      path: 'queries.legs.0.origin',
      reason: 'In US, which has no road factors: send region (IN, GB or an EU member state).',
    });
    expect(problemOf(() => freightTruecost(freight({ origin: { locode: 'NLRTM' }, destination: { locode: 'BEANR' }, dry_run: true }), { places }))).toEqual({
      path: 'queries.legs.0.origin',
      reason: "Its country NL as the leg's region: Not in region NL.",
    });
  });
});

describe('the Pune to Venlo shipment of docs/api.md', () => {
  it('answers the figures the docs show, its warehouses at either end', () => {
    const body: LogisticsRequestInput = {
      queries: {
        legs: [
          { hub_type: 'warehouse', shipping_weight: 18 },
          { shipping_method: 'TRUCK_HEAVY', shipping_weight: 18, origin: { pin: '411001' }, destination: { locode: 'INNSA' } },
          { shipping_method: 'SHIP', shipping_weight: 18, origin: { locode: 'INNSA' }, destination: { locode: 'NLRTM' } },
          { shipping_method: 'TRUCK_HEAVY', shipping_weight: 18, origin: { locode: 'NLRTM' }, destination: { lat: 51.37, lon: 6.17 } },
          { hub_type: 'warehouse', shipping_weight: 18 },
        ],
      },
    };
    // Each warehouse: 18 t x 5.4 kg CO2e/t = 97.2 kg.
    expect(logisticsTruecost(body, { places }).truecost).toMatchObject({ legs: [0.0972, 0.212318, 4.209081, 0.264584, 0.0972], total_truecost: 4.880383 });
    const [first] = logisticsReport(body, { places }).report.transport_chain_elements;
    expect(first).toMatchObject({ hub_type: 'warehouse', hub_operation_category: 'Hub: warehouse, ambient', well_to_wheel_kg: 97.2 });
  });
});

describe('refusals', () => {
  const refused = (run: () => unknown): { path: string; reason: string } => {
    const problem = problemOf(run);
    if (problem === undefined) throw new Error('not refused');
    return problem;
  };

  it('names the path of an unknown LOCODE, PIN code or airport', () => {
    const leg = (origin: Place): LogisticsRequestInput => ({ queries: { legs: [{ shipping_method: 'SHIP', origin, destination: { locode: 'NLRTM' } }] } });
    expect(refused(() => logisticsTruecost(leg({ locode: 'ZZZZZ' }), { places })).path).toBe('queries.legs.0.origin.locode');
    expect(refused(() => logisticsTruecost(leg({ pin: '999999' }), { places })).path).toBe('queries.legs.0.origin.pin');
    expect(refused(() => logisticsTruecost(leg({ iata: 'QQQ' }), { places })).path).toBe('queries.legs.0.origin.iata');
  });

  it('names the missing place, and refuses an E13 leg with neither distance nor places', () => {
    const half = validate(logisticsRequestSchema, { queries: { legs: [{ shipping_method: 'SHIP', origin: { locode: 'INNSA' } }] } });
    expect(half.ok ? undefined : half.error.path).toBe('queries.legs.0.destination');
    const neither = refused(() =>
      freightTruecost({ configs: { region: 'IN', transportation_type: 'rail' }, queries: { legs: [{ shipping_method: 'loose', weight: 1 }] } } as never),
    );
    expect(neither.path).toBe('queries.legs.0.distance');
  });

  it('tells the caller to pass places when a leg has places and no resolver', () => {
    const problem = refused(() => logisticsTruecost({ queries: { legs: [{ shipping_method: 'SHIP', origin: { locode: 'INNSA' }, destination: { locode: 'NLRTM' } }] } }));
    expect(problem.path).toBe('queries.legs.0.origin');
    expect(problem.reason).toContain("'truecost/places'");
  });

  it('names an unknown passage and a coordinate out of range', () => {
    const ship = { shipping_method: 'SHIP', origin: { locode: 'innsa' }, destination: { locode: 'NLRTM' } } as const;
    expect(refused(() => logisticsTruecost({ queries: { legs: [{ ...ship, avoid: ['suez', 'kiel'] }] } }, { places })).path).toBe('queries.legs.0.avoid.1');
    const point = { ...ship, destination: { lat: 91, lon: 4 } };
    expect(refused(() => logisticsTruecost({ queries: { legs: [point] } }, { places })).path).toBe('queries.legs.0.destination.lat');
  });

  it('refuses a place that is not exactly one kind', () => {
    const both = validate(logisticsRequestSchema, { queries: { legs: [{ shipping_method: 'SHIP', origin: { locode: 'INNSA', pin: '411001' }, destination: { locode: 'NLRTM' } }] } });
    expect(both.ok ? undefined : both.error.path).toBe('queries.legs.0.origin');
  });
});

describe('trip legs given by places', () => {
  it('price rail on the rail circuity, a taxi on the road circuity and a ferry on the sea route', () => {
    const request = {
      trip: {
        legs: [
          { mode: 'rail' as const, country: 'IN', origin: { pin: '110001' }, destination: { pin: '400001' } },
          { mode: 'taxi' as const, origin: { pin: '400001' }, destination: { iata: 'BOM' } },
          { mode: 'ferry' as const, origin: { locode: 'GBPOO' }, destination: { locode: 'FRLEH' } },
        ],
      },
    };
    const { items } = explainTripTruecost(request, { places });
    expect(items.map((item) => item.quantities['distance_method'])).toEqual(['rail_circuity', 'road_circuity', 'sea_route']);
    const [rail] = items;
    expect(rail!.quantities['distance_km']).toBeCloseTo((rail!.quantities['great_circle_km'] as number) * RAIL_CIRCUITY.value, 9);
    const given = request.trip.legs.map((leg, index) => {
      const { origin: _o, destination: _d, ...rest } = leg;
      return { ...rest, distance_km: items[index]!.quantities['distance_km'] as number };
    });
    expect(tripTruecost(request, { places })).toEqual(tripTruecost({ trip: { legs: given } }));
  });

  it('names the path of an unknown place and of a missing distance', () => {
    const unknown = () => tripTruecost({ trip: { legs: [{ mode: 'coach', origin: { pin: '999999' }, destination: { pin: '400001' } }] } }, { places });
    expect(unknown).toThrow(expect.objectContaining({ path: 'trip.legs.0.origin.pin' }));
    const missing = validate(tripRequestSchema, { trip: { legs: [{ mode: 'bus' }] } });
    expect(missing.ok ? undefined : missing.error.path).toBe('trip.legs.0.distance_km');
  });
});
