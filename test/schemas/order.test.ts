import { describe, expect, it } from 'vitest';
import {
  createOrderRequestSchema,
  createOrdersRequestSchema,
  optInRequestSchema,
  updateClimesRequestSchema,
  validate,
} from '../../src/index.js';
import { fieldRules } from '../../src/testing/index.js';
import { expectFieldRules } from './field-rules.js';
import { orderSample, samples } from './samples.js';

describe('order schemas', () => {
  it('accept the contract sample bodies', () => {
    expect(validate(createOrderRequestSchema, samples.createOrder).ok).toBe(true);
    expect(validate(createOrdersRequestSchema, samples.createOrders).ok).toBe(true);
    expect(validate(updateClimesRequestSchema, samples.updateClimes).ok).toBe(true);
    expect(validate(optInRequestSchema, samples.optIn).ok).toBe(true);
  });

  it('E1: every field rule reports its path', () => {
    expectFieldRules(createOrderRequestSchema, samples.createOrder, fieldRules.createOrder);
  });

  it('E2: every field rule reports its path inside the array, and the batch is 1 to 500 orders', () => {
    expectFieldRules(createOrdersRequestSchema, samples.createOrders, fieldRules.createOrders);
    const orders = Array.from({ length: 501 }, (_, i) => ({ ...orderSample, partner_order_id: `o-${i}` }));
    expect(validate(createOrdersRequestSchema, { orders })).toMatchObject({ ok: false, error: { path: 'orders' } });
    expect(validate(createOrdersRequestSchema, { orders: orders.slice(0, 500) }).ok).toBe(true);
  });

  it('E3 and E4: climes and partner_order_id are required and checked', () => {
    expectFieldRules(updateClimesRequestSchema, samples.updateClimes, fieldRules.updateClimes);
  });

  it('E5: cart_id, opted_in and climes are required and checked', () => {
    expectFieldRules(optInRequestSchema, samples.optIn, fieldRules.optIn);
  });

  it('ignores unknown extra fields instead of refusing them', () => {
    const result = validate(optInRequestSchema, { ...samples.optIn, opted_id: true, extra: 1 });
    expect(result).toEqual({ ok: true, value: samples.optIn, ignored: ['opted_id', 'extra'] });
  });
});
