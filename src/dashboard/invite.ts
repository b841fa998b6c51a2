import type { Store } from '../orders/store.js';
import { newToken, tokenHash } from './tokens.js';

/** How long an invitation stays valid: 24 hours (docs/dashboard.md). */
export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;

/** Stores a one-time invitation for the partner and returns its sign-in URL under `baseUrl`. */
export async function invitePartner(store: Store, partnerId: string, baseUrl: string, now: number): Promise<string> {
  const token = newToken();
  await store.createInvite({ tokenHash: tokenHash(token), partnerId, createdAt: now, expiresAt: now + INVITE_TTL_MS });
  return `${baseUrl.replace(/\/+$/, '')}/dashboard/invite/${token}`;
}
