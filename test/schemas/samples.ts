import { successMessages } from '../../src/errors.js';
import { orderSample, requestSamples } from '../../src/testing/index.js';

// The sample requests of every kind (E1 to E13), from truecost/testing.
export { orderSample };
export const samples = {
  createOrder: requestSamples.createOrder,
  createOrders: requestSamples.createOrders,
  updateClimes: requestSamples.updateClimes,
  optIn: requestSamples.optIn,
};
export const calculatorSamples = {
  flight: requestSamples.flight,
  bulkFlight: requestSamples.bulkFlight,
  car: requestSamples.car,
  bus: requestSamples.bus,
  suv: requestSamples.suv,
  logistics: requestSamples.logistics,
  commute: requestSamples.commute,
  freight: requestSamples.freight,
  trip: requestSamples.trip,
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
  ['/v3/trip', calculatorSamples.trip, successMessages.truecostCalculated],
] as const;
