/**
 * truecost/bulk: the worker that computes bulk jobs (E7's flights, and any calculator's bodies of
 * `POST /v3/bulk/{endpoint}`) and delivers their results to the
 * partner's endpoint, signed in the Standard Webhooks form and retried until delivered or failed;
 * the endpoint address policy (public addresses only, https for production, unless allowed); and
 * the signing functions a partner uses to verify a delivery.
 *
 * @packageDocumentation
 */
export { bulkCalculationId, computeBulkBodies, computeBulkFlightResults } from './compute.js';
export type { ComputedBodies } from './compute.js';
export { DEFAULT_DELIVERY_TIMEOUT_MS, deliverResults, deliverSigned } from './deliver.js';
export type { DeliveryRequest, DeliveryResult, FetchFunction, SignedDelivery } from './deliver.js';
export { DEFAULT_EVENT_RETRY_DELAYS_MS, startEventsWorker } from './events-worker.js';
export type { EventsWorker, EventsWorkerEvent, EventsWorkerOptions } from './events-worker.js';
export type { DeliveryWorkerOptions } from './worker-options.js';
export {
  EndpointRefusedError,
  checkEndpointUrl,
  classifyAddress,
  guardedLookup,
} from './endpoint-policy.js';
export type { AddressClass, ConnectLookup, EndpointPolicy, EndpointVerdict, LookupFunction } from './endpoint-policy.js';
export { guardedFetch } from './guarded-fetch.js';
export type { GuardedFetchOptions } from './guarded-fetch.js';
export { DEFAULT_RETRY_DELAYS_MS, afterFailedAttempt } from './retry.js';
export type { RetryDecision } from './retry.js';
export { DEFAULT_TOLERANCE_SECONDS, generateSigningSecret, signDelivery, verifyDelivery } from './signing.js';
export type { DeliveryHeaders } from './signing.js';
export { startBulkWorker } from './worker.js';
export type { BulkWorker, BulkWorkerOptions, ComputeResults, WorkerEvent } from './worker.js';
