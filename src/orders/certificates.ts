// The public certificate of an order (docs/api.md, "Certificates"): what anyone holding its
// unguessable address may see, and nothing that identifies the customer. Pure, but for the random
// bits of a new id (the web-standard crypto.getRandomValues, in every runtime truecost supports).
import { fromMicroClimes } from './climes.js';
import { orderState } from './machine.js';
import type { OrderRecord, Scope } from './types.js';

/** A certificate id: 32 hex digits, 128 random bits. */
export const CERTIFICATE_ID = /^[0-9a-f]{32}$/;

/** A new certificate id: 128 random bits in hex. */
export function newCertificateId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The path of a certificate under the service's public base URL. */
export const certificatePath = (certificateId: string): string => `/certificates/${certificateId}`;

/** The address of a certificate: under `publicUrl` (no trailing slash needed), or the path alone without one. */
export function certificateUrl(publicUrl: string | undefined, certificateId: string): string {
  return `${(publicUrl ?? '').replace(/\/+$/, '')}${certificatePath(certificateId)}`;
}

/** Where stores keep each order's certificate id (docs/stores.md, "Order events"). */
export interface CertificateStore {
  /**
   * The certificate id of the order, written with the order when it was created (so that reading
   * it never writes); undefined for an unknown order.
   */
  certificateOf(scope: Scope, partnerOrderId: string): Promise<string | undefined>;
  /** The order with this certificate id, of any partner. */
  orderByCertificate(certificateId: string): Promise<OrderRecord | undefined>;
}

/** What a certificate shows: the project, the climes now, the state and dates; no customer, no partner, no order id. */
export interface CertificateView {
  readonly certificate_id: string;
  readonly project_id: string | null;
  readonly climes: number;
  /**
   * Always null: truecost keeps no rate between climes and tonnes of CO2e (the contract leaves it
   * out; each merchant sets its own, docs/checkout.md), so a certificate cannot state one.
   */
  readonly co2e_tonnes: null;
  readonly state: ReturnType<typeof orderState>;
  readonly variant: OrderRecord['variant'];
  readonly created_at: number;
  readonly unlock_date: number;
  readonly cancelled_at: number | null;
}

/** The certificate of an order at `now`. */
export function certificateView(certificateId: string, record: OrderRecord, now: number): CertificateView {
  return {
    certificate_id: certificateId,
    project_id: record.order.project_id ?? null,
    climes: fromMicroClimes(record.microClimes),
    co2e_tonnes: null,
    state: orderState(record, now),
    variant: record.variant,
    created_at: record.createdAt,
    unlock_date: record.unlockDate,
    cancelled_at: record.cancelledAt,
  };
}
