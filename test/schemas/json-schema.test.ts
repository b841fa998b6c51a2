import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  busTruecost,
  carTruecost,
  commuteTruecost,
  freightTruecost,
  jsonSchemas,
  logisticsTruecost,
  requestSchemas,
  responseSchemas,
  successMessages,
  suvTruecost,
  validate,
  flightTruecost,
  bulkFlightResults,
  tripTruecost,
} from '../../src/index.js';
import { calculatorSamples, samples } from './samples.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

function parsed<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  const result = validate(schema, body);
  if (!result.ok) throw new Error(`sample refused: ${result.error.path} ${result.error.reason}`);
  return result.value;
}

// Calculator responses come from running each calculator on its request sample.
const responseSamples: Record<keyof typeof responseSchemas, unknown> = {
  flight: flightTruecost(parsed(requestSchemas.flight, calculatorSamples.flight)),
  bulkFlightAccepted: { message: successMessages.bulkAccepted, job_id: '5d0c7f0e-8a1b-4c2d-9e3f-102030405060' },
  bulkFlightResults: bulkFlightResults(parsed(requestSchemas.bulkFlight, calculatorSamples.bulkFlight)),
  car: carTruecost(parsed(requestSchemas.car, calculatorSamples.car)),
  bus: busTruecost(parsed(requestSchemas.bus, calculatorSamples.bus)),
  suv: suvTruecost(parsed(requestSchemas.suv, calculatorSamples.suv)),
  logistics: logisticsTruecost(parsed(requestSchemas.logistics, calculatorSamples.logistics)),
  commute: commuteTruecost(parsed(requestSchemas.commute, calculatorSamples.commute)),
  freight: freightTruecost(parsed(requestSchemas.freight, calculatorSamples.freight)),
  trip: tripTruecost(parsed(requestSchemas.trip, calculatorSamples.trip)),
  createOrder: { message: successMessages.orderCreated, partner_order_id: 'ORD-1001' },
  createOrders: { message: successMessages.ordersCreated, partner_order_ids: ['ORD-1001', 'ORD-1002'] },
  addClimes: { message: successMessages.orderUpdated, updated_climes: 14.75, partner_order_id: 'ORD-1001' },
  removeClimes: { message: successMessages.orderUpdated, remaining_climes: 10.25, partner_order_id: 'ORD-1001' },
  cancelOrder: { message: successMessages.orderCancelled, partner_order_id: 'ORD-1001', remaining_climes: 0 },
  optIn: { message: successMessages.optInSaved },
  getOrder: {
    order: {
      partner_order_id: 'ORD-1001', climes: 12.5, customer_email: 'asha@example.com', customer_name: 'Asha Rao',
      state: 'locked', variant: 'vote', created_at: 1_800_000_000_000, unlock_date: 1_893_456_000_000,
      certificate_url: 'https://truecost.example.com/certificates/0123456789abcdef0123456789abcdef',
    },
  },
  getOptIn: { opt_in: { cart_id: 'CART-77', opted_in: true, climes: 12.5, updated_at: 1_800_000_000_000 } },
};

describe('JSON Schema generated from the zod schemas', () => {
  const { requests, responses } = jsonSchemas();

  it('exists for every request and every response', () => {
    expect(Object.keys(requests).sort()).toEqual(Object.keys(requestSchemas).sort());
    expect(Object.keys(responses).sort()).toEqual(Object.keys(responseSchemas).sort());
  });

  it.each(Object.entries({ ...samples, ...calculatorSamples }))('accepts the contract sample of %s, which zod accepts too', (name, body) => {
    const schema = requests[name as keyof typeof requests];
    expect(ajv.validate(schema, body), JSON.stringify(ajv.errors)).toBe(true);
    expect(requestSchemas[name as keyof typeof requestSchemas].safeParse(body).success).toBe(true);
  });

  it.each(Object.entries(responseSamples))('accepts the response shape of %s, which zod accepts too', (name, body) => {
    const schema = responses[name as keyof typeof responses];
    expect(ajv.validate(schema, body), JSON.stringify(ajv.errors)).toBe(true);
    expect(responseSchemas[name as keyof typeof responseSchemas].safeParse(body).success).toBe(true);
  });

  it('refuses what zod refuses for a missing required field', () => {
    expect(ajv.validate(requests.createOrder, { order: { climes: 1 } })).toBe(false);
    expect(ajv.validate(requests.optIn, { cart_id: 'c', climes: 1 })).toBe(false);
  });
});
