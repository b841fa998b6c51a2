import type { CalculationRecord, Store } from '../../orders/store.js';
import type { Scope } from '../../orders/types.js';
import type { Order } from '../../schemas/order.js';

// The data the checks use: scopes, a clock, order bodies and recorded calculations.
export const now = 1_800_000_000_000;
export const day = 24 * 60 * 60 * 1000;
export const staging: Scope = { partnerId: 'p1', environment: 'staging' };
export const production: Scope = { partnerId: 'p1', environment: 'production' };
export const otherPartner: Scope = { partnerId: 'p2', environment: 'staging' };
export const order = (overrides: Partial<Order> = {}): Order => ({
  climes: 10,
  partner_order_id: 'o-1',
  customer_email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  ...overrides,
});

/** A recorded flight of 1.2 kg CO2e in the staging scope, with no reference, client or category. */
export const calculation = (overrides: Partial<CalculationRecord> = {}): CalculationRecord => ({
  ...staging,
  calculationId: 'calc-1',
  endpoint: 'flight',
  reference: null,
  client: null,
  occurredAt: now,
  recordedAt: now,
  scope3Category: null,
  methodologyVersion: '2026.1',
  wellToWheelGrams: 1200,
  tankToWheelGrams: 1000,
  wellToTankGrams: 200,
  primaryGrams: 0,
  dataType: 'modelled',
  query: '',
  request: { origin: 'ZRH', destination: 'LHR' },
  response: { co2e_t: 0.0012 },
  ...overrides,
});

/** Registers one check of the store contract. */
export type DefineCheck = (name: string, run: (store: Store) => Promise<void>) => void;
