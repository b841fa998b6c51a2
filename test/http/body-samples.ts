import { requestSamples } from '../../src/testing/index.js';

/** A valid body of every route that reads one, by `operationId`; E3 and E4 act on the order E1 made. */
export const bodies: Readonly<Record<string, unknown>> = {
  createOrder: requestSamples.createOrder,
  createOrders: { orders: [{ ...requestSamples.createOrder.order, partner_order_id: 'ORD-2001', cart_id: 'CART-2001' }] },
  addClimes: requestSamples.updateClimes,
  removeClimes: requestSamples.updateClimes,
  setOptIn: requestSamples.optIn,
  flightTruecost: requestSamples.flight,
  bulkFlightTruecost: requestSamples.bulkFlight,
  carTruecost: requestSamples.car,
  transportationTruecost: requestSamples.bus,
  logisticsTruecost: requestSamples.logistics,
  commuteTruecost: requestSamples.commute,
  freightTruecost: requestSamples.freight,
  freightTruecostAlias: requestSamples.freight,
  tripTruecost: requestSamples.trip,
};

/** The body with `misspelt: 1` added to the object at `where` (a list of keys). */
export function withExtra(body: unknown, where: readonly (string | number)[]): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let object = copy;
  for (const key of where) object = object[key] as Record<string | number, unknown>;
  object['misspelt'] = 1;
  return copy;
}
