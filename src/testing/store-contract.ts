import type { Store } from '../orders/store.js';
import { defineCalculationChecks } from './store-checks/calculations.js';
import { defineEventChecks } from './store-checks/events.js';
import { defineErasureChecks } from './store-checks/erasure.js';
import { defineIdempotencyChecks } from './store-checks/idempotency.js';
import { defineListingChecks } from './store-checks/listings.js';
import { defineOrderChecks } from './store-checks/orders.js';
import { defineProfileChecks } from './store-checks/profiles.js';
import type { DefineCheck } from './store-checks/fixtures.js';
import { definePartnerAndJobChecks } from './store-checks/partners-jobs.js';
import { defineQueueChecks } from './store-checks/queue.js';
import { defineSignInChecks } from './store-checks/sign-in.js';

/** One behaviour every `Store` must show, run on a freshly opened, empty store. */
export interface StoreCheck {
  /** What the store must do, e.g. `creating orders: stores every order of a batch`. */
  readonly name: string;
  /** Resolves when the store behaves; rejects with a `CheckFailure` saying what differed. */
  run(store: Store): Promise<void>;
}

function defineChecks(check: DefineCheck): void {
  defineOrderChecks(check);
  definePartnerAndJobChecks(check);
  defineQueueChecks(check);
  defineSignInChecks(check);
  defineIdempotencyChecks(check);
  defineListingChecks(check);
  defineEventChecks(check);
  defineCalculationChecks(check);
  defineProfileChecks(check);
  defineErasureChecks(check);
}

/**
 * The store contract: every behaviour the HTTP handler, the order machine, the bulk worker and
 * the dashboard's sign-in limits rely on, whatever keeps the data. Each check runs on its own
 * empty store; a test runner can iterate them (one test per check), or `checkStore` runs them all.
 *
 * @remarks Since 0.1.0
 */
export const storeChecks: readonly StoreCheck[] = (() => {
  const checks: StoreCheck[] = [];
  defineChecks((name, run) => checks.push({ name, run }));
  return checks;
})();

/** The outcome of `checkStore`: the checks that held, and those that did not with their reason. */
export interface StoreCheckReport {
  readonly passed: readonly string[];
  readonly failures: readonly { readonly name: string; readonly message: string }[];
}

/**
 * Runs the store contract against any `Store` implementation: `open` is called once per check and
 * must give an empty store; each store is closed after its check. Never throws for a failed check;
 * the report lists them.
 *
 * @example
 * ```ts
 * import { checkStore } from 'truecost/testing';
 * const report = await checkStore(async () => openMyStore({ database: freshDatabase() }));
 * if (report.failures.length > 0) throw new Error(report.failures.map((f) => `${f.name}: ${f.message}`).join('\n'));
 * ```
 * @remarks Since 0.1.0
 */
export async function checkStore(open: () => Promise<Store>): Promise<StoreCheckReport> {
  const passed: string[] = [];
  const failures: { name: string; message: string }[] = [];
  for (const check of storeChecks) {
    try {
      await runStoreCheck(check, open);
      passed.push(check.name);
    } catch (error) {
      failures.push({ name: check.name, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { passed, failures };
}

/** Runs one check on a fresh store from `open`, closing the store after it whatever happened. */
export async function runStoreCheck(check: StoreCheck, open: () => Promise<Store>): Promise<void> {
  const store = await open();
  try {
    await check.run(store);
  } finally {
    await store.close();
  }
}
