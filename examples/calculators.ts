// The calculators as a library, one call each, as the README shows them:
// `node --import tsx examples/calculators.ts`. Each prints one line: its name and its answer.
import {
  bulkFlightResults,
  carTruecost,
  commuteTruecost,
  explainCarTruecost,
  flightRequestSchema,
  flightTruecost,
  freightTruecost,
  logisticsTruecost,
  transportationTruecost,
  tripTruecost,
  TruecostValidationError,
  validate,
} from 'truecost';

const print = (name: string, answer: unknown) => console.log(`${name}: ${JSON.stringify(answer)}`);

// Flights (E6): tonnes CO2e per flight, as a string with 6 decimals; defaults may be left out.
print('flight', flightTruecost({ queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 2, flight_class: 'BUSINESS' }] } }));

// Flights in bulk (E7): every field given; flight_id to tonnes CO2e.
print(
  'bulk flights',
  bulkFlightResults([{ flight_id: 'F1', departure: 'BLR', arrival: 'DXB', no_of_tickets: 1, flight_class: 'ECONOMY', flight_type: 'ROUND_TRIP' }]),
);

// Cars (E8): tonnes CO2e per car (well-to-wheel) and the tree seedlings that take it up.
print(
  'car',
  carTruecost({
    queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol', registration_year: 2020, mileage: 15, distance_travelled: 10000 }] },
  }),
);

// Bus seats (E9) and an SUV commute (E10), both on /v3/transportation: kg CO2e.
print('bus', transportationTruecost({ configs: { vehicle_type: 'BUS', distance: 350 }, queries: { seats: [{ seat_type: 'SLEEPER', no_of_seats: 2 }] } }));
print('suv', transportationTruecost({ configs: { vehicle_type: 'SUV', distance: 120, seats_occupied: 3 } }));

// Logistics (E11): one shipment over its legs, tonnes CO2e per leg and in total.
print('logistics', logisticsTruecost({ queries: { legs: [{ shipping_method: 'TRUCK_HEAVY', shipping_distance: 600, shipping_weight: 12 }] } }));

// Commute (E12): tonnes CO2e per commute method.
print('commute', commuteTruecost({ queries: { legs: [{ commute_method: 'TRAIN', commute_distance: 18 }] } }));

// Freight (E13): legs by truck, rail or ship in India, tonnes CO2e.
print(
  'freight',
  freightTruecost({ configs: { region: 'IN', transportation_type: 'rail' }, queries: { legs: [{ shipping_method: 'loose', weight: 100, distance: 500 }] } }),
);

// A whole booking: kg CO2e per leg (flight, rail, bus, coach, taxi, car, ferry, hotel) and in total.
print(
  'trip',
  tripTruecost({ trip: { legs: [{ mode: 'rail', distance_km: 450, country: 'IN', rail_class: 'CC' }, { mode: 'hotel', country: 'IN', nights: 2 }] } }),
);

// The explanation: the basis with its tank-to-wheel and well-to-tank parts, quantities, factors with
// their sources, and assumptions. `{ basis: 'ttw' }` answers the tank-to-wheel part alone.
const [explained] = explainCarTruecost({
  queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'diesel', registration_year: 2018, mileage: 18, distance_travelled: 5000 }] },
}).items;
print('car basis', explained?.basis);

// A request the API would refuse with 400 throws, with the same path and reason.
try {
  carTruecost({
    queries: { cars: [{ car_id: 'c1', body_type: 'sedan', fuel_type: 'petrol', registration_year: 2020, mileage: 15, distance_travelled: -1200 }] },
  });
} catch (error) {
  if (!(error instanceof TruecostValidationError)) throw error;
  print('refused', { path: error.path, reason: error.reason });
}

// validate: the parsed request (computed without being checked again) and the fields it ignored.
const parsed = validate(flightRequestSchema, { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 1, cabin: 'BUSINESS' }] } });
if (parsed.ok) print('ignored', { ignored: parsed.ignored, truecost: flightTruecost(parsed.value).truecost });
