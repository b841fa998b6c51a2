import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  busTruecost,
  carTruecost,
  commuteTruecost,
  explainTripTruecost,
  flightTruecost,
  INDIAN_RAIL_CLASSES,
  tripTruecost,
  TruecostValidationError,
  type TripLegInput,
  type TripRequestInput,
} from '../../src/index.js';
import { indianRailPerPkm, indianRailSpace } from '../../src/calculators/trip/indian-rail.js';
import { desnzHotelFactor, HOTEL_COUNTRIES, hotelFallbackFactor } from '../../src/data/desnz-2025-hotel.js';
import { flightQuery, requestSamples, tripLegArbitraries, tripRequestArbitrary } from '../../src/testing/index.js';

const trip = (...legs: TripLegInput[]): TripRequestInput => ({ trip: { legs } });
const one = (leg: TripLegInput, options?: Parameters<typeof tripTruecost>[1]) => tripTruecost(trip(leg), options).trip.legs[0]!;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

describe('a trip leg agrees with the calculator it shares', () => {
  it('a flight leg is E6 for the same flight, a round trip E6 ROUND_TRIP, passengers its tickets', () => {
    const leg = one({ mode: 'flight', departure: 'DEL', arrival: 'BOM', round_trip: true, passengers: 3, flight_class: 'BUSINESS' });
    const e6 = flightTruecost({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 3, flight_class: 'BUSINESS', flight_type: 'ROUND_TRIP' }] } });
    expect(leg.kg).toBe(round3(Number(e6.truecost[0]!.truecost) * 1000));
    expect(leg.kg).toBe(round3(leg.tank_to_wheel_kg! + leg.well_to_tank_kg!));
  });

  it('holds for every flight E6 takes, on both bases', () => {
    fc.assert(
      fc.property(flightQuery, fc.constantFrom('wtw' as const, 'ttw' as const), (flight, basis) => {
        const leg = one(
          { mode: 'flight', departure: flight.departure, arrival: flight.arrival, passengers: flight.no_of_tickets, flight_class: flight.flight_class, round_trip: flight.flight_type === 'ROUND_TRIP', aircraft_model: flight.aircraft_model ?? '320' },
          { basis },
        );
        const e6 = flightTruecost({ queries: { flights: [flight] } }, { basis });
        expect(leg.kg).toBe(round3(Number(e6.truecost[0]!.truecost) * 1000));
      }),
      { numRuns: 200 },
    );
  });

  it('a bus leg is E9 for one seat per passenger', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 3000, noNaN: true }), fc.integer({ min: 1, max: 60 }), fc.constantFrom('SEATER' as const, 'SLEEPER' as const), (distance, passengers, seat) => {
        const leg = one({ mode: 'bus', distance_km: distance, passengers, seat_type: seat });
        const e9 = busTruecost({ configs: { vehicle_type: 'BUS', distance }, queries: { seats: [{ seat_type: seat, no_of_seats: passengers, total_seats: passengers }] } });
        expect(leg.kg).toBe(e9.truecost.seats[seat]);
      }),
    );
  });

  it('a car leg with body and fuel is E8 per km (E8 in kg, where the mileage is out of range)', () => {
    const leg = one({ mode: 'car', distance_km: 1000, body_type: 'sedan', fuel_type: 'diesel' });
    const e8 = carTruecost({ queries: { cars: [{ car_id: 'c', body_type: 'sedan', fuel_type: 'diesel', registration_year: 2020, mileage: 0, distance_travelled: 1000 }] } });
    expect(leg.kg).toBeCloseTo(e8.truecost[0]!.truecost * 1000, 2);
  });

  it('a car leg without body and fuel is the DESNZ average petrol car: 0.16272 kg CO2e/km tank-to-wheel', () => {
    const leg = one({ mode: 'car', distance_km: 100 });
    expect(leg.tank_to_wheel_kg).toBe(16.272);
  });

  it('an Indian suburban train is E12 TRAIN', () => {
    const leg = one({ mode: 'rail', distance_km: 30, country: 'IN', service: 'suburban' });
    const e12 = commuteTruecost({ queries: { legs: [{ commute_method: 'TRAIN', commute_distance: 30 }] } });
    expect(leg.kg).toBeCloseTo(e12.truecost.total_truecost * 1000, 2);
  });
});

describe('a trip leg agrees with the published DESNZ 2025 factors', () => {
  const cases: [TripLegInput, number, number][] = [
    [{ mode: 'rail', distance_km: 100, country: 'GB' }, 3.546, 0.897],
    [{ mode: 'rail', distance_km: 100, country: 'FR', service: 'international' }, 0, 0.446 + 0.117],
    [{ mode: 'rail', distance_km: 100, country: 'DE', service: 'metro' }, 0, 2.86 + 0.749],
    [{ mode: 'ferry', distance_km: 100, ferry_type: 'foot_passenger' }, 1.871, 0.424],
    [{ mode: 'ferry', distance_km: 100, ferry_type: 'car_passenger' }, 12.933, 2.932],
    [{ mode: 'ferry', distance_km: 100 }, 11.27, 2.555],
    [{ mode: 'coach', distance_km: 100 }, 2.776, 0.656],
    [{ mode: 'taxi', distance_km: 100, passengers: 3 }, 20.806, 5.176],
  ];
  it.each(cases)('%j: tank-to-wheel %d kg, well-to-tank %d kg', (leg, ttw, wtt) => {
    const result = one(leg);
    expect(result.tank_to_wheel_kg).toBeCloseTo(ttw, 9);
    expect(result.well_to_tank_kg).toBeCloseTo(wtt, 9);
    expect(result.kg).toBeCloseTo(ttw + wtt, 9);
    expect(one(leg, { basis: 'ttw' })).toMatchObject({ kg: ttw, tank_to_wheel_kg: ttw, well_to_tank_kg: 0 });
  });

  it('a hotel stay is the DESNZ room-night factor times nights and rooms, on either basis, without transport parts', () => {
    expect(one({ mode: 'hotel', country: 'IN', nights: 2 })).toEqual({ leg_id: 'leg-1', mode: 'hotel', kg: 117.8 });
    expect(one({ mode: 'hotel', country: 'gb', nights: 3, rooms: 2 }, { basis: 'ttw' }).kg).toBe(62.4);
    expect(one({ mode: 'hotel', country: 'AE', nights: 1 }).kg).toBe(63.8);
  });

  it('a country DESNZ does not list takes the median of those it lists', () => {
    const values = HOTEL_COUNTRIES.map((code) => desnzHotelFactor(code)!.value).sort((a, b) => a - b);
    expect(values).toHaveLength(38);
    expect(hotelFallbackFactor().value).toBe((values[18]! + values[19]!) / 2);
    expect(one({ mode: 'hotel', country: 'NP', nights: 1 }).kg).toBe(hotelFallbackFactor().value);
    const explained = explainTripTruecost(trip({ mode: 'hotel', country: 'NP', nights: 1 })).items[0]!;
    expect(explained.basis.scope).toBe('hotel-stay');
    expect(explained.assumptions.join(' ')).toContain('median');
  });
});

describe('Indian rail', () => {
  const gramsPerPkm = (railClass?: (typeof INDIAN_RAIL_CLASSES)[number]) => {
    const parts = indianRailPerPkm(railClass);
    return (parts.tankToWheel + parts.wellToTank) * 1000;
  };

  it('the network average, and a leg with no class, sits between 4 and 30 g CO2e per passenger-km', () => {
    expect(gramsPerPkm()).toBeGreaterThan(4);
    expect(gramsPerPkm()).toBeLessThan(30);
    expect(one({ mode: 'rail', distance_km: 1000, country: 'IN' }).kg).toBe(round3(gramsPerPkm()));
  });

  it('every seat and berth class but AC First sits between 4 and 30 g; AC First takes four sleeper berths of space', () => {
    for (const railClass of INDIAN_RAIL_CLASSES.filter((c) => c !== '1A')) {
      expect(gramsPerPkm(railClass), railClass).toBeGreaterThan(4);
      expect(gramsPerPkm(railClass), railClass).toBeLessThan(30);
    }
    expect(indianRailSpace('1A')).toBe(4);
  });

  it('orders the classes by the space one place takes in its coach', () => {
    const bySpace = ['2S', '3E', 'SL', 'CC', '3A', '2A', 'EC', '1A'] as const;
    const grams = bySpace.map((railClass) => gramsPerPkm(railClass));
    for (let i = 1; i < grams.length; i += 1) expect(grams[i]!, bySpace[i]).toBeGreaterThan(grams[i - 1]!);
    expect(gramsPerPkm('SL')).toBe(gramsPerPkm());
  });

  it('counts electric traction as well-to-tank only: the tank-to-wheel part is diesel alone', () => {
    const { tankToWheel, wellToTank } = indianRailPerPkm('SL');
    // Diesel: 2,370.55 million l x 2.6444 kg CO2/l over 1,758,772 million traffic units, about 3.6 g.
    expect(tankToWheel * 1000).toBeCloseTo(3.61, 2);
    expect(wellToTank).toBeGreaterThan(tankToWheel);
  });
});

describe('the trip as a whole (properties)', () => {
  const body = tripRequestArbitrary;

  it('the total is the sum of the unrounded legs; each leg kg is its parts', () => {
    fc.assert(
      fc.property(body, fc.constantFrom('wtw' as const, 'ttw' as const), (request, basis) => {
        const { result, items } = explainTripTruecost(request, { basis });
        const sum = items.reduce((total, item) => total + item.unrounded, 0);
        expect(result.trip.total_kg).toBe(round3(sum));
        expect(Math.abs(result.trip.total_kg - result.trip.legs.reduce((total, leg) => total + leg.kg, 0))).toBeLessThanOrEqual(0.0005 * result.trip.legs.length + 1e-9);
        result.trip.legs.forEach((leg, index) => {
          expect(leg.kg).toBe(round3(items[index]!.unrounded));
          expect(leg.kg).toBeGreaterThanOrEqual(0);
          if (leg.mode === 'hotel') expect(leg.tank_to_wheel_kg).toBeUndefined();
          else {
            expect(round3(leg.tank_to_wheel_kg! + leg.well_to_tank_kg!)).toBe(leg.kg);
            expect(leg.tank_to_wheel_kg).toBeGreaterThanOrEqual(0);
            expect(leg.well_to_tank_kg).toBeGreaterThanOrEqual(0);
            if (basis === 'ttw') expect(leg.well_to_tank_kg).toBe(0);
          }
        });
        expect(tripTruecost(request, { basis })).toEqual(result);
      }),
      { numRuns: 60 },
    );
  });

  it('a round trip is the leg plus its reverse', () => {
    fc.assert(
      fc.property(flightQuery, (flight) => {
        const leg = { mode: 'flight' as const, departure: flight.departure, arrival: flight.arrival, passengers: flight.no_of_tickets, flight_class: flight.flight_class };
        const reverse = { ...leg, departure: flight.arrival, arrival: flight.departure };
        const { items } = explainTripTruecost(trip({ ...leg, round_trip: true }, leg, reverse));
        expect(items[0]!.unrounded).toBeCloseTo(items[1]!.unrounded + items[2]!.unrounded, 6);
      }),
      { numRuns: 100 },
    );
  });

  it('passengers multiply every per-passenger leg; a cab, a car and a hotel room do not change with them', () => {
    const legs = tripLegArbitraries;
    const perPassenger = fc.oneof(legs.flight, legs.rail, legs.bus, legs.coach, legs.ferry);
    fc.assert(
      fc.property(perPassenger, fc.integer({ min: 2, max: 9 }), (leg, times) => {
        const single = explainTripTruecost(trip({ ...leg, passengers: 1 })).items[0]!.unrounded;
        const many = explainTripTruecost(trip({ ...leg, passengers: times })).items[0]!.unrounded;
        expect(many).toBeCloseTo(single * times, 6);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(legs.taxi, legs.car, legs.hotel), fc.integer({ min: 2, max: 9 }), (leg, times) => {
        expect(one({ ...leg, passengers: times }).kg).toBe(one({ ...leg, passengers: 1 }).kg);
      }),
    );
  });
});

describe('the sample booking', () => {
  it('prices a round-trip flight, an AC chair car train, a sleeper bus, a cab and two hotel nights in one call', () => {
    const { trip: answer } = tripTruecost(requestSamples.trip);
    expect(answer.trip_id).toBe('PNR-1001');
    expect(answer.legs.map((leg) => [leg.leg_id, leg.mode])).toEqual([
      ['leg-1', 'flight'],
      ['leg-2', 'rail'],
      ['leg-3', 'bus'],
      ['leg-4', 'taxi'],
      ['leg-5', 'hotel'],
    ]);
    expect(answer.total_kg).toBeCloseTo(answer.legs.reduce((total, leg) => total + leg.kg, 0), 2);
    expect(answer.legs[4]!.kg).toBe(117.8);
  });
});

describe('refusals name the leg and field', () => {
  it.each([
    [trip({ mode: 'taxi', distance_km: 2 }, { mode: 'coach', distance_km: 3 }, { mode: 'rail', country: 'IN', distance_km: 0 }), 'trip.legs.2.distance_km'],
    [trip({ mode: 'boat' } as never), 'trip.legs.0.mode'],
    [trip({ mode: 'rail', country: 'GB', distance_km: 5, rail_class: 'SL' }), 'trip.legs.0.rail_class'],
    [trip({ mode: 'rail', country: 'India', distance_km: 5 }), 'trip.legs.0.country'],
    [trip({ mode: 'hotel', country: 'IN', nights: 0 }), 'trip.legs.0.nights'],
    [trip({ mode: 'flight', departure: 'DEL', arrival: 'del' }), 'trip.legs.0.arrival'],
    [trip({ mode: 'car', distance_km: 5, body_type: 'sedan' }), 'trip.legs.0.fuel_type'],
    [trip({ leg_id: 'a', mode: 'taxi', distance_km: 1 }, { leg_id: 'a', mode: 'taxi', distance_km: 1 }), 'trip.legs.1.leg_id'],
    [{ trip: { legs: Array.from({ length: 51 }, () => ({ mode: 'taxi', distance_km: 1 })) } }, 'trip.legs'],
  ].map(([request, path]) => [path, request]) as [string, TripRequestInput][])('refuses at %s', (path, request) => {
    expect(() => tripTruecost(request)).toThrow(TruecostValidationError);
    try {
      tripTruecost(request);
    } catch (error) {
      expect((error as TruecostValidationError).path).toBe(path);
    }
  });
});
