import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrors, successMessages } from '../../src/errors.js';
import { BULK_MAX_BODY_BYTES, MAX_BULK_BODIES } from '../../src/schemas/bulk.js';
import { MAX_FLIGHTS_PER_BULK_REQUEST, MAX_FLIGHTS_PER_REQUEST } from '../../src/schemas/flight.js';
import { MAX_LEGS_PER_REQUEST } from '../../src/schemas/road-common.js';
import { MAX_ORDERS_PER_BATCH, MAX_PHONE_LENGTH } from '../../src/schemas/order.js';

// docs/api.md states every message and limit the service uses; it must keep up with the code.
const document = readFileSync(resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');

describe('docs/api.md', () => {
  it.each(Object.entries(apiErrors))('states %s with its status and exact message', (_name, { status, message }) => {
    expect(document).toContain(`\`${message}\``);
    expect(document).toMatch(new RegExp(`\\| ${status} \\|`));
  });

  it.each(Object.values(successMessages))('states the success message %j', (message) => {
    expect(document).toContain(message);
  });

  it('states the limits the schemas enforce', () => {
    expect(document).toContain(`1 to ${MAX_FLIGHTS_PER_REQUEST}`);
    expect(document).toContain(`1 to ${MAX_FLIGHTS_PER_BULK_REQUEST}`);
    expect(document).toContain(`1 to ${MAX_LEGS_PER_REQUEST}`);
    expect(document).toContain(`1 to ${MAX_ORDERS_PER_BATCH} orders`);
    expect(document).toContain(`At most ${MAX_PHONE_LENGTH} characters`);
    expect(document).toContain(`1 to ${MAX_BULK_BODIES.toLocaleString('en-US').replace(',', ' ')} objects`);
    expect(document).toContain(`up to ${BULK_MAX_BODY_BYTES / 1024 / 1024} MiB`);
  });
});
