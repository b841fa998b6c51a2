import type { VerifiedKey } from './key-cache.js';

/** What a {@link RecentKeys} is tuned with. */
export interface RecentKeysOptions {
  /** Most keys remembered; the oldest entry goes first. */
  readonly maxEntries: number;
  /** How long after its last verification a key is still accepted while the store cannot answer, in milliseconds. */
  readonly windowMs: number;
}

/**
 * The keys the store confirmed lately, by the raw key, each with the time of its last
 * confirmation: while the store cannot answer (docs/operations.md, "Failure modes"), a key
 * confirmed within the window is still accepted, so that the calculators keep answering. A key the
 * store refused (revoked, or unknown) is forgotten at once, so it stays refused during an outage.
 */
export class RecentKeys {
  readonly #entries = new Map<string, { readonly verified: VerifiedKey; readonly at: number }>();
  readonly #options: RecentKeysOptions;

  constructor(options: RecentKeysOptions) {
    this.#options = options;
  }

  /** The key, when the store confirmed it within the window before `now`. */
  get(key: string, now: number): VerifiedKey | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (now - entry.at > this.#options.windowMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.verified;
  }

  /** Records that the store confirmed the key at `now`. */
  confirmed(key: string, verified: VerifiedKey, now: number): void {
    if (this.#options.windowMs <= 0) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#options.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { verified, at: now });
  }

  /** Forgets a key the store refused. */
  refused(key: string): void {
    this.#entries.delete(key);
  }
}
