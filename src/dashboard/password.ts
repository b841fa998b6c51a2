import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with N = 2^17, r = 8, p = 1 (128 MiB per hash; the minimum OWASP's Password Storage Cheat
 * Sheet gives for scrypt), a 16-byte random salt per password and a 32-byte result. The stored form
 * carries the parameters, so they can be raised later without breaking stored passwords:
 * `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`. Node runs scrypt on its thread pool
 * (4 threads by default), which bounds the memory of concurrent sign-ins.
 */
const LOG2_COST = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** The shortest password accepted (docs/dashboard.md). */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest password accepted: a bound on the work one sign-in can ask for. */
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, log2Cost: number, blockSize: number, parallelism: number): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** log2Cost,
    r: blockSize,
    p: parallelism,
    // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly that, so leave room.
    maxmem: 256 * 2 ** log2Cost * blockSize,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error === null ? resolve(key) : reject(error)));
  });
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}

/** The stored form of a new password, with a fresh salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, LOG2_COST, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', LOG2_COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const STORED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** A stored form that never matches, hashed when the partner is unknown so that both cases take as long. */
const UNKNOWN_PARTNER = `scrypt$${LOG2_COST}$${BLOCK_SIZE}$${PARALLELISM}$${Buffer.alloc(SALT_BYTES).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;

/** Whether the password matches the stored form (false for a malformed or absent one, after the same work). */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const match = STORED.exec(stored ?? UNKNOWN_PARTNER) ?? STORED.exec(UNKNOWN_PARTNER)!;
  const [, log2Cost, blockSize, parallelism, salt, key] = match;
  const expected = Buffer.from(key!, 'base64url');
  if (password.length > MAX_PASSWORD_LENGTH || Number(log2Cost) > 20 || Number(blockSize) > 16 || Number(parallelism) > 4) return false;
  const derived = await derive(password, Buffer.from(salt!, 'base64url'), Number(log2Cost), Number(blockSize), Number(parallelism));
  return stored !== undefined && derived.length === expected.length && timingSafeEqual(derived, expected);
}
