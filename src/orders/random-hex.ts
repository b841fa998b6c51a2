// Random hex for the ids made with every order write (certificate ids, event ids): 128 bits each
// from the web-standard crypto.getRandomValues, drawn from a pool filled a page at a time, so that
// an order costs one call into the random source per few hundred ids instead of two of its own.

/** Bytes fetched from the random source at once. */
const POOL_BYTES = 4096;

const HEX_OF_BYTE: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

let pool = new Uint8Array(0);
let offset = 0;

/** `bytes` random bytes (at most 4096) in lower-case hex; no byte is ever handed out twice. */
export function randomHex(bytes: number): string {
  if (offset + bytes > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    offset = 0;
  }
  let hex = '';
  for (let index = offset; index < offset + bytes; index += 1) hex += HEX_OF_BYTE[pool[index]!];
  // Spent bytes are zeroed, so that the pool never holds an id already given out.
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return hex;
}
