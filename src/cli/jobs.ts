// `truecost jobs list|show|retry|redrive`: the operator's view of bulk flight jobs. The commands take parsed
// arguments, an opened store and the output, so that they run without a process; `jobsCommand`
// adds the command line and the store from --db.
import { DEFAULT_JOB_LIST_LIMIT, JOB_STATES, type JobRecord, type JobState, type RedriveFilter, type Store } from '../orders/store.js';
import { redriveJobs } from '../orders/queue.js';
import type { Output } from './types.js';
import { dbUrlOf, lastingDbUrlOf, withStore } from './store-url.js';
import { integerOption, parseCommand, UsageError } from './usage.js';

/** A parsed `truecost jobs` command. */
export type JobsCommand =
  | { readonly action: 'list'; readonly state?: JobState; readonly limit: number }
  | { readonly action: 'show'; readonly jobId: string }
  | { readonly action: 'retry'; readonly jobId: string }
  | { readonly action: 'redrive'; readonly filter: RedriveFilter };

const MAX_LIST_LIMIT = 100_000;

/** An instant given as ISO 8601 (a date, or a date and time), in milliseconds since the epoch. */
function instantOf(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new UsageError(`--${flag} must be an ISO 8601 date or time, e.g. 2026-11-26T14:00:00Z; got ${JSON.stringify(value)}.`);
  return ms;
}

/** The failed jobs `jobs redrive` queues again: `--partner`, and when they failed, from `--since` (included) to `--until`. */
function redriveFilterOf(values: { partner?: string | undefined; since?: string | undefined; until?: string | undefined }): RedriveFilter {
  const since = instantOf(values.since, 'since');
  const until = instantOf(values.until, 'until');
  if (since !== undefined && until !== undefined && since >= until) throw new UsageError('--since must be before --until.');
  if (values.partner === '') throw new UsageError('--partner needs a partner ID.');
  return {
    ...(values.partner === undefined ? {} : { partnerId: values.partner }),
    ...(since === undefined ? {} : { since }),
    ...(until === undefined ? {} : { until }),
  };
}

function stateOf(value: string | undefined): JobState | undefined {
  if (value === undefined || (JOB_STATES as readonly string[]).includes(value)) return value as JobState | undefined;
  throw new UsageError(`--state must be one of ${JOB_STATES.join(', ')}; got ${JSON.stringify(value)}.`);
}

/**
 * Parses the arguments after `truecost jobs`. Returns the command and the `--db` URL (undefined when
 * not given); throws a `UsageError` for a mistake in the command line.
 */
export function parseJobsArguments(args: readonly string[]): { readonly command: JobsCommand; readonly db: string | undefined } {
  const { values, positionals } = parseCommand(args, {
    state: { type: 'string' },
    limit: { type: 'string' },
    partner: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    db: { type: 'string' },
  });
  const [action, jobId, ...extra] = positionals;
  const unexpected = action === 'list' || action === 'redrive' ? jobId : extra[0];
  if (unexpected !== undefined) throw new UsageError(`Unexpected argument ${JSON.stringify(unexpected)}.`);
  const { partner, since, until } = values;
  if (action !== 'redrive' && (partner ?? since ?? until) !== undefined) throw new UsageError('--partner, --since and --until apply to jobs redrive only.');
  if (action === 'redrive') {
    if (values.state !== undefined || values.limit !== undefined) throw new UsageError(`--state and --limit apply to jobs list only.`);
    return { command: { action, filter: redriveFilterOf({ partner, since, until }) }, db: values.db };
  }
  if (action === 'list') {
    const state = stateOf(values.state);
    const limit = integerOption(values.limit, 'limit', DEFAULT_JOB_LIST_LIMIT, 1, MAX_LIST_LIMIT);
    return { command: state === undefined ? { action, limit } : { action, state, limit }, db: values.db };
  }
  if (action === 'show' || action === 'retry') {
    if (jobId === undefined) throw new UsageError(`truecost jobs ${action} needs a JOB_ID.`);
    if (values.state !== undefined || values.limit !== undefined) throw new UsageError(`--state and --limit apply to jobs list only.`);
    return { command: { action, jobId }, db: values.db };
  }
  throw new UsageError(action === undefined ? 'truecost jobs needs list, show, retry or redrive.' : `Unknown jobs command ${JSON.stringify(action)}.`);
}

/** A job as `jobs show` prints it: the status route's fields, then the operator's. Times are ISO 8601. */
export function jobView(job: JobRecord): Record<string, unknown> {
  const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    job_id: job.jobId,
    endpoint: job.endpoint,
    state: job.state,
    attempts: job.attempts,
    last_error: job.lastError,
    results: job.bodyResults ?? job.results,
    partner_id: job.partnerId,
    environment: job.environment,
    created_at: time(job.createdAt),
    updated_at: time(job.updatedAt),
    next_attempt_at: job.state === 'queued' ? time(job.nextAttemptAt) : null,
    delivered_at: time(job.deliveredAt),
    lease_owner: job.leaseOwner,
    lease_expires_at: time(job.leaseExpiresAt),
  };
}

/**
 * Runs a parsed `truecost jobs` command on an opened store: `list` writes a header and one
 * tab-separated line per job (newest first), `show` writes the job as JSON, `retry` queues an
 * undelivered job for delivery at once (a running worker picks it up within its poll interval).
 * Resolves to the exit code: 0, or 1 when the job is unknown.
 */
export async function runJobsCommand(command: JobsCommand, store: Store, output: Output, now: () => number = Date.now): Promise<number> {
  if (command.action === 'list') {
    const jobs = await store.listJobs(command.state === undefined ? { limit: command.limit } : { state: command.state, limit: command.limit });
    output.out('JOB_ID\tSTATE\tATTEMPTS\tPARTNER\tENVIRONMENT\tUPDATED\tLAST_ERROR');
    for (const job of jobs) {
      output.out([job.jobId, job.state, job.attempts, job.partnerId, job.environment, new Date(job.updatedAt).toISOString(), job.lastError ?? ''].join('\t'));
    }
    return 0;
  }
  if (command.action === 'show') {
    // The store looks jobs up by partner; an operator has only the id, so this reads the job list.
    const job = (await store.listJobs({ limit: Number.MAX_SAFE_INTEGER })).find((candidate) => candidate.jobId === command.jobId);
    if (job === undefined) return unknownJob(command.jobId, output);
    output.out(JSON.stringify(jobView(job), null, 2));
    return 0;
  }
  if (command.action === 'redrive') {
    const count = await redriveJobs(store, command.filter, now());
    output.out(`Re-queued ${count} failed ${count === 1 ? 'job' : 'jobs'} for delivery.`);
    return 0;
  }
  const job = await store.retryJob(command.jobId, now());
  if (job === undefined) return unknownJob(command.jobId, output);
  output.out(job.state === 'delivered' ? `Job ${job.jobId} is already delivered; nothing to retry.` : `Job ${job.jobId} is queued for delivery.`);
  return 0;
}

function unknownJob(jobId: string, output: Output): number {
  output.err(`No job with id ${jobId}.`);
  return 1;
}

/** `truecost jobs list|show|retry|redrive ... [--db URL]`: opens the store, runs the command, closes the store; resolves to the exit code. */
export async function jobsCommand(args: readonly string[], output: Output): Promise<number> {
  const { command, db } = parseJobsArguments(args);
  const url = command.action === 'retry' ? lastingDbUrlOf(db, 'jobs retry') : dbUrlOf(db);
  return withStore(url, (store) => runJobsCommand(command, store, output));
}
