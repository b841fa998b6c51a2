import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of randomness in a session, invitation or pre-session token (256 bits). */
const TOKEN_BYTES = 32;

/** A new random token, base64url. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the store keeps of a token: its SHA-256, hex. A stolen database holds no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The CSRF token of a form: an HMAC-SHA256 of a fixed label under the cookie's token (the session's,
 * or the pre-session cookie's on the sign-in and invitation forms). Another site can neither read
 * the cookie nor compute the token, and the token changes with every session.
 */
export function csrfToken(cookieToken: string): string {
  return createHmac('sha256', cookieToken).update('truecost dashboard form').digest('base64url');
}

/** Whether a form's CSRF token is the one of the cookie's token (constant time). */
export function csrfMatches(cookieToken: string, given: string | null | undefined): boolean {
  if (given === null || given === undefined) return false;
  const expected = Buffer.from(csrfToken(cookieToken));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
