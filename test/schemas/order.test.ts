import { describe, expect, it } from 'vitest';
import {
  createOrderRequestSchema,
  createOrdersRequestSchema,
  optInRequestSchema,
  updateClimesRequestSchema,
  validate,
} from '../../src/index.js';
import { expectFieldRules, type FieldRule } from './field-rules.js';
import { orderSample, samples } from './samples.js';

const long = 'x'.repeat(256);
const climesRefused = [0, -1, 1e9 + 1, 0.1234567];

function orderRules(prefix: (string | number)[]): FieldRule[] {
  return [
    { path: [...prefix, 'climes'], kind: 'number', required: true, refused: climesRefused },
    { path: [...prefix, 'partner_order_id'], kind: 'string', required: true, refused: ['', long] },
    { path: [...prefix, 'customer_email'], kind: 'string', required: true, refused: ['', 'not-an-email', 'a@'] },
    { path: [...prefix, 'customer_name'], kind: 'string', required: true, refused: ['', long] },
    { path: [...prefix, 'customer_phone'], kind: 'string', required: false, refused: ['1'.repeat(33)] },
    { path: [...prefix, 'unlock_date'], kind: 'integer', required: false, refused: [-1, 1.5] },
    { path: [...prefix, 'cart_id'], kind: 'string', required: false, refused: ['', long] },
    { path: [...prefix, 'project_id'], kind: 'string', required: false, refused: ['', long] },
  ];
}

describe('order schemas', () => {
  it('accept the contract sample bodies', () => {
    expect(validate(createOrderRequestSchema, samples.createOrder).ok).toBe(true);
    expect(validate(createOrdersRequestSchema, samples.createOrders).ok).toBe(true);
    expect(validate(updateClimesRequestSchema, samples.updateClimes).ok).toBe(true);
    expect(validate(optInRequestSchema, samples.optIn).ok).toBe(true);
  });

  it('E1: every field rule reports its path', () => {
    expectFieldRules(createOrderRequestSchema, samples.createOrder, [
      { path: ['order'], kind: 'object', required: true },
      ...orderRules(['order']),
    ]);
  });

  it('E2: every field rule reports its path inside the array, and the batch is 1 to 500 orders', () => {
    expectFieldRules(createOrdersRequestSchema, samples.createOrders, [
      { path: ['orders'], kind: 'array', required: true, refused: [[]] },
      ...orderRules(['orders', 1]),
    ]);
    const orders = Array.from({ length: 501 }, (_, i) => ({ ...orderSample, partner_order_id: `o-${i}` }));
    expect(validate(createOrdersRequestSchema, { orders })).toMatchObject({ ok: false, error: { path: 'orders' } });
    expect(validate(createOrdersRequestSchema, { orders: orders.slice(0, 500) }).ok).toBe(true);
  });

  it('E3 and E4: climes and partner_order_id are required and checked', () => {
    expectFieldRules(updateClimesRequestSchema, samples.updateClimes, [
      { path: ['climes'], kind: 'number', required: true, refused: climesRefused },
      { path: ['partner_order_id'], kind: 'string', required: true, refused: ['', long] },
    ]);
  });

  it('E5: cart_id, opted_in and climes are required and checked', () => {
    expectFieldRules(optInRequestSchema, samples.optIn, [
      { path: ['cart_id'], kind: 'string', required: true, refused: ['', long] },
      { path: ['opted_in'], kind: 'boolean', required: true },
      { path: ['climes'], kind: 'number', required: true, refused: climesRefused },
    ]);
  });

  it('ignores unknown extra fields instead of refusing them', () => {
    const result = validate(optInRequestSchema, { ...samples.optIn, opted_id: true, extra: 1 });
    expect(result).toEqual({ ok: true, value: samples.optIn });
  });
});
