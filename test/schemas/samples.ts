import { successMessages } from '../../src/errors.js';

// Shapes of the contract's sample requests (E1 to E5).
export const orderSample = {
  climes: 12.5,
  partner_order_id: 'ORD-1001',
  customer_email: 'asha@example.com',
  customer_name: 'Asha Rao',
  customer_phone: '+91 98765 43210',
  unlock_date: 1_893_456_000_000,
  cart_id: 'CART-77',
  project_id: 'mangroves-sundarbans',
};
export const samples = {
  createOrder: { order: orderSample },
  createOrders: { orders: [orderSample, { ...orderSample, partner_order_id: 'ORD-1002', cart_id: 'CART-78' }] },
  updateClimes: { climes: 2.25, partner_order_id: 'ORD-1001' },
  optIn: { cart_id: 'CART-77', climes: 12.5, opted_in: true },
};


// Shapes of the contract's sample requests for the calculators (E6 to E13).
export const calculatorSamples = {
  flight: {
    queries: {
      flights: [
        { flight_id: 'F1', departure: 'DEL', arrival: 'BOM', no_of_tickets: 2, aircraft_model: '320', flight_class: 'ECONOMY', flight_type: 'ONE_WAY' },
        { departure: 'LHR', arrival: 'JFK', no_of_tickets: 1 },
      ],
    },
  },
  bulkFlight: [
    { flight_id: 'B1', departure: 'BLR', arrival: 'DXB', no_of_tickets: 1, flight_class: 'BUSINESS', flight_type: 'ROUND_TRIP' },
  ],
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
};

/** Each calculator route of E8 to E13 (freight on both paths), its sample body and its success message. */
export const calculatorRouteCases = [
  ['/v3/cars', calculatorSamples.car, successMessages.truecostCalculated],
  ['/v3/transportation', calculatorSamples.bus, successMessages.transportationCalculated],
  ['/v3/transportation', calculatorSamples.suv, successMessages.truecostCalculated],
  ['/v3/logistics', calculatorSamples.logistics, successMessages.truecostCalculated],
  ['/v3/commute', calculatorSamples.commute, successMessages.truecostCalculated],
  ['/v3/logistics/freight', calculatorSamples.freight, successMessages.truecostCalculated],
  ['/logistics/freight', calculatorSamples.freight, successMessages.truecostCalculated],
] as const;
