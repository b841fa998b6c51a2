// The public certificate of an order (docs/api.md, "Certificates"): what anyone holding its
// unguessable address may see, and nothing that identifies the customer. Pure, but for the random
// bits of a new id (./random-hex.ts: crypto.getRandomValues, in every runtime truecost supports).
import { fromMicroClimes } from './climes.js';
import { randomHex } from './random-hex.js';
import { orderState } from './machine.js';
import type { OrderRecord, Scope } from './types.js';
import type { CalculationEndpoint, CalculationRecord } from './calculations.js';
import type { PartnerProfile, ProjectRecord } from './profiles.js';

/** A certificate id: 32 hex digits, 128 random bits. */
export const CERTIFICATE_ID = /^[0-9a-f]{32}$/;

/** A new certificate id: 128 random bits in hex. */
export function newCertificateId(): string {
  return randomHex(16);
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

/** How a certificate's CO2e was found: the order's recorded calculations, or its climes at the partner's rate. */
export type Co2eBasis = 'calculations' | 'kg_per_clime';

/**
 * What one recorded calculation was, without anything the partner sent about its customer: the
 * calculator, how many flights, cars, seats or legs its request held, and the airport pairs of
 * flights (`DEL–BOM`). Read from the request as it was sent, tolerant of any shape.
 */
export interface CalculationSummary {
  readonly endpoint: CalculationEndpoint;
  /** `transportation` only: `'BUS'` or `'SUV'`; else null. */
  readonly vehicle: 'BUS' | 'SUV' | null;
  /** The flights, cars, seats or legs of the request (1 when it had no list). */
  readonly items: number;
  /** Flights only: each flight's departure and arrival airports, `DEL–BOM`. */
  readonly routes: readonly string[];
}

/** The catalogue's project an order names, or the id alone when the catalogue has none. */
export interface CertificateProject {
  readonly project_id: string;
  /** The catalogue's name, or null when the catalogue has no project with this id. */
  readonly name: string | null;
  readonly registry: string | null;
  readonly registry_url: string | null;
}

/** What a certificate shows: the shop, the CO2e, the project, the climes now, the state and dates; no customer, no order id. */
export interface CertificateView {
  readonly certificate_id: string;
  /** The partner's display name, or null when it has set none. */
  readonly shop_name: string | null;
  readonly project_id: string | null;
  readonly project: CertificateProject | null;
  readonly climes: number;
  /** Well-to-wheel CO2e in kg: the order's calculations summed, else its climes at the partner's rate, else null (not stated). */
  readonly co2e_kg: number | null;
  readonly co2e_tonnes: number | null;
  readonly co2e_basis: Co2eBasis | null;
  /** The partner's rate, when it has one: kg of CO2e per clime. */
  readonly kg_per_clime: number | null;
  /** What the order's recorded calculations were, in the order it named them (those since deleted are left out). */
  readonly calculations: readonly CalculationSummary[];
  readonly state: ReturnType<typeof orderState>;
  readonly variant: OrderRecord['variant'];
  readonly created_at: number;
  readonly unlock_date: number;
  readonly cancelled_at: number | null;
}

/** What the certificate reads beside the order: the partner's profile, the catalogue's project, the calculations it names. */
export interface CertificateFacts {
  readonly profile: PartnerProfile;
  readonly project: ProjectRecord | undefined;
  readonly calculations: readonly CalculationRecord[];
}

/** The certificate of an order at `now`. */
export function certificateView(certificateId: string, record: OrderRecord, now: number, facts: CertificateFacts): CertificateView {
  const climes = fromMicroClimes(record.microClimes);
  const { gramsPerClime } = facts.profile;
  const grams = record.calculationGrams ?? (gramsPerClime === null ? null : Math.round(climes * gramsPerClime));
  const projectId = record.order.project_id ?? null;
  return {
    certificate_id: certificateId,
    shop_name: facts.profile.displayName,
    project_id: projectId,
    project:
      projectId === null
        ? null
        : {
            project_id: projectId,
            name: facts.project?.name ?? null,
            registry: facts.project?.registry ?? null,
            registry_url: facts.project?.registryUrl ?? null,
          },
    climes,
    co2e_kg: grams === null ? null : grams / 1000,
    co2e_tonnes: grams === null ? null : grams / 1_000_000,
    co2e_basis: record.calculationGrams !== null ? 'calculations' : gramsPerClime === null ? null : 'kg_per_clime',
    kg_per_clime: gramsPerClime === null ? null : gramsPerClime / 1000,
    calculations: facts.calculations.map(summaryOf),
    state: orderState(record, now),
    variant: record.variant,
    created_at: record.createdAt,
    unlock_date: record.unlockDate,
    cancelled_at: record.cancelledAt,
  };
}

const AIRPORT = /^[A-Z]{3}$/;

/** The field `key` of a value that may be anything, when it is an object. */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** What a recorded calculation was, from its calculator and its request as sent. */
export function summaryOf(calculation: CalculationRecord): CalculationSummary {
  const { request, endpoint } = calculation;
  const queries = field(request, 'queries');
  const list =
    endpoint === 'flight' ? field(queries, 'flights')
    : endpoint === 'cars' ? field(queries, 'cars')
    : endpoint === 'transportation' ? field(queries, 'seats')
    : endpoint === 'trip' ? field(field(request, 'trip'), 'legs')
    : field(queries, 'legs');
  const items = Array.isArray(list) ? list : [];
  const vehicle = field(field(request, 'configs'), 'vehicle_type');
  const routes = endpoint !== 'flight' ? [] : items.flatMap((flight) => {
    const [from, to] = [field(flight, 'departure'), field(flight, 'arrival')];
    return typeof from === 'string' && typeof to === 'string' && AIRPORT.test(from) && AIRPORT.test(to) ? [`${from}\u2013${to}`] : [];
  });
  return {
    endpoint,
    vehicle: endpoint !== 'transportation' ? null : vehicle === 'SUV' ? 'SUV' : 'BUS',
    items: Math.max(1, items.length),
    routes,
  };
}
