// Which failures of `pg` mean "PostgreSQL cannot answer right now" (docs/operations.md, "Failure modes").
import { StoreUnavailableError } from '../../orders/unavailable.js';

/**
 * SQLSTATEs of a database that is away or overloaded rather than of a wrong statement: the
 * connection exceptions (class 08), a server shutting down or starting (57P01 to 57P03), too many
 * connections (53300), out of memory (53200), a statement cancelled by `statement_timeout` (57014)
 * and an I/O error (58030). 53100 (disk full) is told apart.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '53200', '57014', '58030']);
const DISK_FULL_CODE = '53100';
/** Socket failures of the connection to the server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
/** The messages `pg` and `pg-pool` give their own timeouts and lost connections. */
const DRIVER_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Whether `error` is the kind of failure a later retry may not see: the server is away, slow or full. */
export function postgresUnavailability(error: unknown): StoreUnavailableError | undefined {
  if (!(error instanceof Error) || error.name === 'StoreUnavailableError') return undefined;
  const code = (error as { code?: unknown }).code;
  if (code === DISK_FULL_CODE) return new StoreUnavailableError('disk_full', `PostgreSQL is out of disk space: ${error.message}`, { cause: error });
  const unavailable =
    (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code))) ||
    DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
  if (!unavailable) return undefined;
  return new StoreUnavailableError('unavailable', `PostgreSQL is not answering: ${error.message}`, { cause: error });
}
