import fc from 'fast-check';
import type { z } from 'zod/mini';
import { requestSchemas } from '../schemas/catalog.js';
import { validate } from '../validation/validate.js';
import type { RequestKind } from './arbitraries.js';
import { requestSamples } from './samples.js';

/** What a field accepts, so that values of every other JSON type can be generated against it. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

/** A rule of one field: the problem that breaking it must report carries the field's path. */
export interface FieldRule {
  /** Path of the field inside a valid body. */
  readonly path: readonly (string | number)[];
  readonly kind: FieldKind;
  readonly required: boolean;
  /** Values of the right JSON type that are still refused (out of range, outside the enum). */
  readonly refused?: readonly unknown[];
}

/** An invalid body, and the dotted path the service must name in `error.path` when refusing it. */
export interface InvalidRequest {
  readonly body: unknown;
  readonly path: string;
}

const long = 'x'.repeat(256);
const climesRefused = [0, -1, 1e9 + 1, 0.1234567];
const positiveRefused = [0, -1, -0.5];

function orderRules(prefix: readonly (string | number)[]): FieldRule[] {
  return [
    { path: [...prefix, 'climes'], kind: 'number', required: true, refused: climesRefused },
    { path: [...prefix, 'partner_order_id'], kind: 'string', required: true, refused: ['', long] },
    { path: [...prefix, 'customer_email'], kind: 'string', required: true, refused: ['', 'not-an-email', 'a@'] },
    { path: [...prefix, 'customer_name'], kind: 'string', required: true, refused: ['', long] },
    { path: [...prefix, 'customer_phone'], kind: 'string', required: false, refused: ['1'.repeat(33)] },
    { path: [...prefix, 'unlock_date'], kind: 'integer', required: false, refused: [-1, 1.5, 1_767_225_600] },
    { path: [...prefix, 'cart_id'], kind: 'string', required: false, refused: ['', long] },
    { path: [...prefix, 'project_id'], kind: 'string', required: false, refused: ['', long] },
  ];
}

const flightFields = (prefix: readonly (string | number)[], bulk = false): FieldRule[] => [
  { path: [...prefix, 'departure'], kind: 'string', required: true, refused: ['', 'QQQ', 'DELHI'] },
  { path: [...prefix, 'arrival'], kind: 'string', required: true, refused: ['', 'QQQ'] },
  { path: [...prefix, 'no_of_tickets'], kind: 'integer', required: true, refused: [0, -3, 1.5] },
  { path: [...prefix, 'flight_class'], kind: 'string', required: bulk, refused: ['economy', 'COACH'] },
  { path: [...prefix, 'flight_type'], kind: 'string', required: bulk, refused: ['RETURN'] },
  { path: [...prefix, 'aircraft_model'], kind: 'string', required: false },
  { path: [...prefix, 'carrier'], kind: 'string', required: false, refused: ['IndiGo', '6e', ''] },
];

const number = (path: readonly (string | number)[], required = true): FieldRule => ({ path, kind: 'number', required, refused: positiveRefused });
const choice = (path: readonly (string | number)[], refused: readonly string[]): FieldRule => ({ path, kind: 'string', required: true, refused });

/**
 * The field rules of every request kind, each path inside that kind's body in `requestSamples`.
 *
 * @remarks Since 0.1.0
 */
export const fieldRules: { readonly [K in RequestKind]: readonly FieldRule[] } = {
  createOrder: [{ path: ['order'], kind: 'object', required: true }, ...orderRules(['order'])],
  createOrders: [{ path: ['orders'], kind: 'array', required: true, refused: [[]] }, ...orderRules(['orders', 1])],
  updateClimes: [
    { path: ['climes'], kind: 'number', required: true, refused: climesRefused },
    { path: ['partner_order_id'], kind: 'string', required: true, refused: ['', long] },
  ],
  optIn: [
    { path: ['cart_id'], kind: 'string', required: true, refused: ['', long] },
    { path: ['opted_in'], kind: 'boolean', required: true },
    { path: ['climes'], kind: 'number', required: true, refused: climesRefused },
  ],
  flight: [{ path: ['queries', 'flights'], kind: 'array', required: true, refused: [[]] }, ...flightFields(['queries', 'flights', 0])],
  bulkFlight: [{ path: [0, 'flight_id'], kind: 'string', required: true, refused: [''] }, ...flightFields([0], true)],
  car: [
    { path: ['queries', 'cars', 0, 'car_id'], kind: 'string', required: true },
    choice(['queries', 'cars', 0, 'body_type'], ['SEDAN', 'tank']),
    choice(['queries', 'cars', 0, 'fuel_type'], ['kerosene']),
    { path: ['queries', 'cars', 0, 'registration_year'], kind: 'integer', required: true },
    { path: ['queries', 'cars', 0, 'mileage'], kind: 'number', required: true },
    number(['queries', 'cars', 0, 'distance_travelled']),
  ],
  bus: [
    choice(['configs', 'vehicle_type'], ['TRAIN']),
    number(['configs', 'distance'], false),
    choice(['queries', 'seats', 0, 'seat_type'], ['BENCH']),
    number(['queries', 'seats', 1, 'no_of_seats'], false),
    number(['queries', 'seats', 1, 'total_seats'], false),
  ],
  suv: [choice(['configs', 'vehicle_type'], ['TRAIN']), number(['configs', 'distance'], false), number(['configs', 'total_capacity'], false), number(['configs', 'seats_occupied'], false)],
  logistics: [
    choice(['queries', 'legs', 1, 'shipping_method'], ['BALLOON']),
    number(['queries', 'legs', 0, 'shipping_distance'], false),
    number(['queries', 'legs', 0, 'shipping_weight'], false),
    number(['queries', 'legs', 0, 'truck_capacity'], false),
    { path: ['queries', 'legs', 0, 'load'], kind: 'string', required: false, refused: ['full', 'SHARED'] },
    { path: ['queries', 'legs', 1, 'fuel_type'], kind: 'string', required: false, refused: ['kerosene', 'Diesel'] },
    number(['queries', 'legs', 1, 'fuel_amount'], false),
  ],
  commute: [choice(['queries', 'legs', 0, 'commute_method'], ['SKATEBOARD']), number(['queries', 'legs', 0, 'commute_distance'], false)],
  freight: [
    choice(['configs', 'region'], ['XX']),
    choice(['configs', 'transportation_type'], ['air']),
    choice(['queries', 'legs', 1, 'shipping_method'], ['pallet']),
    choice(['queries', 'legs', 0, 'container_type'], ['99ZZ']),
    number(['queries', 'legs', 0, 'weight']),
    number(['queries', 'legs', 1, 'distance']),
    number(['queries', 'legs', 0, 'truck_unladen_weight'], false),
    number(['queries', 'legs', 0, 'truck_max_capacity'], false),
  ],
  trip: [
    { path: ['trip', 'legs'], kind: 'array', required: true, refused: [[]] },
    { path: ['trip', 'trip_id'], kind: 'string', required: false, refused: ['', long] },
    choice(['trip', 'legs', 0, 'mode'], ['boat', 'FLIGHT']),
    { path: ['trip', 'legs', 0, 'departure'], kind: 'string', required: true, refused: ['', 'QQQ'] },
    { path: ['trip', 'legs', 0, 'round_trip'], kind: 'boolean', required: false },
    { path: ['trip', 'legs', 0, 'passengers'], kind: 'integer', required: false, refused: [0, -1, 1.5] },
    number(['trip', 'legs', 1, 'distance_km']),
    { path: ['trip', 'legs', 1, 'country'], kind: 'string', required: true, refused: ['', 'IND', '1N', 'XX'] },
    { path: ['trip', 'legs', 1, 'rail_class'], kind: 'string', required: false, refused: ['1AC', 'sl'] },
    { path: ['trip', 'legs', 2, 'seat_type'], kind: 'string', required: false, refused: ['BENCH'] },
    { path: ['trip', 'legs', 4, 'nights'], kind: 'integer', required: true, refused: [0, 1.5] },
    { path: ['trip', 'legs', 4, 'country'], kind: 'string', required: true, refused: ['XX', 'UK', 'EU'] },
  ],
};

const jsonOfKind: Record<FieldKind, fc.Arbitrary<unknown>> = {
  string: fc.string(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  integer: fc.integer(),
  boolean: fc.boolean(),
  array: fc.array(fc.integer(), { maxLength: 2 }),
  object: fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
};

/** Values of every JSON type but the field's (numbers count as one type), and null. */
export function wrongType(kind: FieldKind): fc.Arbitrary<unknown> {
  const others = (Object.keys(jsonOfKind) as FieldKind[]).filter(
    (other) => other !== kind && !(kind === 'number' && other === 'integer') && !(kind === 'integer' && other === 'number'),
  );
  return fc.oneof(fc.constant(null), ...others.map((other) => jsonOfKind[other]));
}

/** A copy of `body` with the value at `path` replaced, or removed when `remove` is set. */
export function withValue(body: unknown, path: readonly (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/** The ways to break one rule: leave the field out (when required), a wrong type, a refused value. */
function breakingsOf(valid: unknown, rule: FieldRule): fc.Arbitrary<InvalidRequest> {
  const path = rule.path.join('.');
  const ways: fc.Arbitrary<unknown>[] = [wrongType(rule.kind).map((value) => withValue(valid, rule.path, value))];
  if (rule.required) ways.push(fc.constant(withValue(valid, rule.path, undefined, true)));
  if (rule.refused !== undefined && rule.refused.length > 0) ways.push(fc.constantFrom(...rule.refused).map((value) => withValue(valid, rule.path, value)));
  return fc.oneof(...ways).map((body) => ({ body, path }));
}

/**
 * Generators of invalid request bodies, one per kind, each tagged with the path the service must
 * report in `error.path` (a 400). Made by breaking one field rule of the kind's sample body.
 *
 * @remarks Since 0.1.0
 */
export const invalidArbitraries: { readonly [K in RequestKind]: fc.Arbitrary<InvalidRequest> } = Object.fromEntries(
  (Object.keys(fieldRules) as RequestKind[]).map((kind) => [kind, fc.oneof(...fieldRules[kind].map((rule) => breakingsOf(requestSamples[kind], rule)))]),
) as { readonly [K in RequestKind]: fc.Arbitrary<InvalidRequest> };

/**
 * Checks field rules against a schema: the valid body passes; leaving a required field out, giving
 * any field a value of another JSON type, or a refused value, fails with that field's path; leaving
 * an optional field out still passes. Returns one line per rule that did not hold (empty when all did).
 *
 * @remarks Since 0.1.0
 */
export function checkFieldRules(schema: z.core.$ZodType, valid: unknown, rules: readonly FieldRule[], numRuns = 40): string[] {
  const problems: string[] = [];
  const refusedAt = (body: unknown, path: string, what: string): void => {
    const result = validate(schema, body);
    if (result.ok) problems.push(`${what}: accepted, expected a problem at ${path}`);
    else if (result.error.path !== path) problems.push(`${what}: problem at ${result.error.path}, expected ${path}`);
  };
  if (!validate(schema, valid).ok) problems.push('the valid body is refused');
  for (const rule of rules) {
    const path = rule.path.join('.');
    if (rule.required) refusedAt(withValue(valid, rule.path, undefined, true), path, `missing ${path}`);
    else if (!validate(schema, withValue(valid, rule.path, undefined, true)).ok) problems.push(`optional ${path}: refused when left out`);
    const details = fc.check(
      fc.property(wrongType(rule.kind), (value) => {
        const result = validate(schema, withValue(valid, rule.path, value));
        return !result.ok && result.error.path === path;
      }),
      { numRuns },
    );
    if (details.failed) problems.push(`${path} = ${JSON.stringify(details.counterexample?.[0])}: not refused at ${path}`);
    for (const value of rule.refused ?? []) refusedAt(withValue(valid, rule.path, value), path, `${path} = ${JSON.stringify(value)}`);
  }
  return problems;
}

/** `checkFieldRules` for one request kind, with its schema, sample body and rules. */
export function checkRequestKind(kind: RequestKind, numRuns = 40): string[] {
  return checkFieldRules(requestSchemas[kind], requestSamples[kind], fieldRules[kind], numRuns);
}
