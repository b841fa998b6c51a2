import type { RequestBody, RequestKind } from './arbitraries.js';

/** One order body of E1 and E2, with every optional field. */
export const orderSample: RequestBody<'createOrder'>['order'] = {
  climes: 12.5,
  partner_order_id: 'ORD-1001',
  customer_email: 'asha@example.com',
  customer_name: 'Asha Rao',
  customer_phone: '+91 98765 43210',
  unlock_date: 1_893_456_000_000,
  cart_id: 'CART-77',
  project_id: 'mangroves-sundarbans',
};

/**
 * One valid body of every request kind, in the shapes of the API's own examples (docs/api.md):
 * the base the invalid bodies of `invalidArbitraries` are made from. Each is typed as the request
 * its calculator or route takes (`requestSamples.trip` is a `TripRequestInput`).
 *
 * @remarks Since 0.1.0
 */
export const requestSamples: { readonly [K in RequestKind]: RequestBody<K> } = {
  createOrder: { order: orderSample },
  createOrders: { orders: [orderSample, { ...orderSample, partner_order_id: 'ORD-1002', cart_id: 'CART-78' }] },
  updateClimes: { climes: 2.25, partner_order_id: 'ORD-1001' },
  optIn: { cart_id: 'CART-77', climes: 12.5, opted_in: true },
  flight: {
    queries: {
      flights: [
        { flight_id: 'F1', departure: 'DEL', arrival: 'BOM', no_of_tickets: 2, aircraft_model: '320', flight_class: 'ECONOMY', flight_type: 'ONE_WAY' },
        { departure: 'LHR', arrival: 'JFK', no_of_tickets: 1 },
      ],
    },
  },
  bulkFlight: [{ flight_id: 'B1', departure: 'BLR', arrival: 'DXB', no_of_tickets: 1, flight_class: 'BUSINESS', flight_type: 'ROUND_TRIP' }],
  car: {
    queries: {
      cars: [{ car_id: 'C1', body_type: 'sedan', fuel_type: 'diesel', registration_year: 2019, mileage: 18.5, distance_travelled: 42000 }],
    },
  },
  bus: { configs: { distance: 350, vehicle_type: 'BUS' }, queries: { seats: [{ seat_type: 'SEATER' }, { seat_type: 'SLEEPER', no_of_seats: 2, total_seats: 36 }] } },
  suv: { configs: { distance: 120, vehicle_type: 'SUV', total_capacity: 7, seats_occupied: 3 } },
  logistics: {
    queries: {
      legs: [
        { shipping_method: 'TRUCK_HEAVY', shipping_distance: 600, shipping_weight: 12, truck_capacity: 15 },
        { shipping_method: 'SHIP', shipping_distance: 3000, shipping_weight: 12 },
      ],
    },
  },
  commute: { queries: { legs: [{ commute_method: 'TRAIN', commute_distance: 25 }, { commute_method: 'AUTO' }] } },
  freight: {
    configs: { region: 'IN', transportation_type: 'truck' },
    queries: {
      legs: [
        { shipping_method: 'container', container_type: '42GP', weight: 18, distance: 400, truck_unladen_weight: 9, truck_max_capacity: 25, dry_run: true },
        { shipping_method: 'loose', weight: 4, distance: 120 },
      ],
    },
  },
  trip: {
    trip: {
      trip_id: 'PNR-1001',
      legs: [
        { mode: 'flight', departure: 'DEL', arrival: 'BOM', round_trip: true },
        { mode: 'rail', distance_km: 450, country: 'IN', rail_class: 'CC' },
        { mode: 'bus', distance_km: 600, seat_type: 'SLEEPER' },
        { mode: 'taxi', distance_km: 25 },
        { mode: 'hotel', country: 'IN', nights: 2 },
      ],
    },
  },
};
