// Shared pieces of the bulk tests: a trivial compute, jobs as E7 would queue them, and waiting
// on a store without timing assertions (only a generous upper bound).
import { randomUUID } from 'node:crypto';
import type { JobRecord, JobState, Store } from '../../src/orders/store.js';
import type { Scope } from '../../src/orders/types.js';

export const scope: Scope = { partnerId: 'partner-1', environment: 'staging' };

/** The worker option the delivery tests need: their receivers listen on 127.0.0.1, a loopback address. */
export const localEndpoints = { endpointPolicy: { allowPrivateAddresses: true } } as const;

/** Stands in for the flight calculator: one fixed truecost per flight_id. */
export function fixedTruecost(request: unknown): Record<string, string> {
  const flights = request as readonly { readonly flight_id: string }[];
  return Object.fromEntries(flights.map((flight, index) => [flight.flight_id, (0.1 + index / 1000).toFixed(6)]));
}

export function flights(count: number): { flight_id: string }[] {
  return Array.from({ length: count }, (_, index) => ({ flight_id: `F${index + 1}` }));
}

/** Queues a job as E7 does and returns its id. */
export async function enqueue(store: Store, request: unknown = flights(3)): Promise<string> {
  const jobId = randomUUID();
  await store.enqueueJob({ jobId, request, createdAt: Date.now(), ...scope });
  return jobId;
}

/** Polls until the job is in one of the states, and returns it; fails after `withinMs`. */
export async function waitForJob(
  store: Store,
  jobId: string,
  states: readonly JobState[],
  withinMs = 20_000,
  jobScope: Scope = scope,
): Promise<JobRecord> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const job = await store.getJob(jobScope, jobId);
    if (job !== undefined && states.includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is ${job?.state ?? 'unknown'}, not ${states.join(' or ')}, after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
