// The HTTP handler's default body limit (its `maxBodyBytes` option); the default 413 message names it.
const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
const BYTES_PER_KIB = 1024;
const BYTES_PER_MIB = 1024 * 1024;

/** A byte count as a person would write it: `1 MiB`, `64 KiB`, or `100 bytes`. */
function byteSize(bytes: number): string {
  if (bytes >= BYTES_PER_MIB && bytes % BYTES_PER_MIB === 0) return `${bytes / BYTES_PER_MIB} MiB`;
  if (bytes >= BYTES_PER_KIB && bytes % BYTES_PER_KIB === 0) return `${bytes / BYTES_PER_KIB} KiB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/**
 * The 413 message for a body limit of `maxBodyBytes`: the message of `apiErrors.payloadTooLarge`
 * for the default limit of 1 MiB.
 *
 * @internal
 */
/* @__NO_SIDE_EFFECTS__ */
export function payloadTooLargeMessage(maxBodyBytes: number): string {
  return `Payload Too Large! The body must be at most ${byteSize(maxBodyBytes)}.`;
}

/**
 * Every failure the partner API can answer, as data: the HTTP status and the exact message.
 * The seed contract fixes the 400 and 500 messages; docs/api.md states them all.
 *
 * @remarks Since 0.1.0
 */
export const apiErrors = {
  badRequest: { status: 400, message: 'Bad Request! Please send all the variables properly.' },
  invalidJson: { status: 400, message: 'Bad Request! Please send all the variables properly.' },
  noBulkEndpoint: { status: 400, message: 'No endpoint is configured for bulk results.' },
  unauthorized: { status: 401, message: 'Unauthorized! Please send a valid x-api-key.' },
  notFound: { status: 404, message: 'Not Found' },
  orderNotFound: { status: 404, message: 'Order not found.' },
  optInNotFound: { status: 404, message: 'Opt-in not found.' },
  jobNotFound: { status: 404, message: 'Job not found.' },
  calculationNotFound: { status: 404, message: 'Calculation not found.' },
  methodNotAllowed: { status: 405, message: 'Method Not Allowed' },
  orderConflict: {
    status: 409,
    message: 'Conflict! An order with this partner_order_id already exists.',
  },
  cartConflict: { status: 409, message: 'Conflict! An order with this cart_id already exists.' },
  orderUnlocked: { status: 409, message: 'Order is unlocked; it can no longer be updated.' },
  orderCancelled: { status: 409, message: 'Order is cancelled; it can no longer be updated.' },
  insufficientClimes: { status: 409, message: 'Cannot remove more climes than the order holds.' },
  climesLimitExceeded: {
    status: 409,
    message: 'The order would hold more climes than the limit of 1000000000.',
  },
  idempotencyKeyInvalid: {
    status: 400,
    message: 'Bad Request! The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  },
  idempotencyKeyInProgress: {
    status: 409,
    message: 'Conflict! A request with this Idempotency-Key is still being processed; retry later.',
  },
  idempotencyKeyMismatch: {
    status: 422,
    message: 'Unprocessable Content! This Idempotency-Key was already used for a different request.',
  },
  requestTimeout: { status: 408, message: 'Request Timeout! The request was not received in time.' },
  payloadTooLarge: { status: 413, message: payloadTooLargeMessage(DEFAULT_BODY_LIMIT_BYTES) },
  uriTooLong: { status: 414, message: 'URI Too Long! The request line is over the size limit.' },
  unsupportedMediaType: {
    status: 415,
    message: 'Unsupported Media Type! Please send Content-Type: application/json.',
  },
  rateLimited: { status: 429, message: 'Too Many Requests! Please retry later.' },
  headersTooLarge: { status: 431, message: 'Request Header Fields Too Large! The headers are over the size limit.' },
  flightServerError: { status: 500, message: 'Server Error! Failed to get Flight Truecost.' },
  carsServerError: { status: 500, message: 'Server Error! Failed to get Cars Truecost.' },
  transportationServerError: {
    status: 500,
    message: 'Server Error! Failed to get Transportation Truecost.',
  },
  logisticsServerError: { status: 500, message: 'Server Error! Failed to get Logistics Truecost.' },
  commuteServerError: { status: 500, message: 'Server Error! Failed to get Commute Truecost.' },
  tripServerError: { status: 500, message: 'Server Error! Failed to get Trip Truecost.' },
  serverError: { status: 500, message: 'Server Error! Please try again later.' },
  storeUnavailable: {
    status: 503,
    message: 'Service Unavailable! The database is not answering; please retry after the seconds in Retry-After.',
  },
  storeFull: { status: 507, message: 'Insufficient Storage! The database has no disk space left; please retry later.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** The name of one entry of {@link apiErrors}. */
export type ApiErrorName = keyof typeof apiErrors;

/**
 * The success messages of the contract, as data.
 *
 * @remarks Since 0.1.0
 */
export const successMessages = {
  orderCreated: 'Order created successfully',
  ordersCreated: 'Orders created successfully',
  orderUpdated: 'Order updated successfully',
  orderCancelled: 'Order cancelled successfully',
  optInSaved: 'Opt-In data added successfully',
  truecostCalculated: 'Truecost calculated successfully',
  transportationCalculated: 'Truecost data calculated successfully!',
  bulkAccepted: 'The flight data has been added successfully!',
  bulkJobQueued: 'The bulk job has been queued; its results will be delivered to your result endpoint.',
} as const;
