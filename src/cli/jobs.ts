// `truecost jobs list|show|retry`: the operator's view of bulk flight jobs. Each command takes
// parsed arguments, an opened store and output streams, and returns the exit code.
import { parseArgs } from 'node:util';
import type { JobRecord, JobState, Store } from '../orders/store.js';

/** Where a command writes (process.stdout and process.stderr in the CLI). */
export interface OutputStream {
  write(text: string): unknown;
}

/** What a command needs from the process around it. */
export interface CommandContext {
  readonly store: Store;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

/** A parsed `truecost jobs` command. */
export type JobsCommand =
  | { readonly action: 'list'; readonly state?: JobState; readonly limit: number }
  | { readonly action: 'show'; readonly jobId: string }
  | { readonly action: 'retry'; readonly jobId: string };

const JOB_STATES: readonly JobState[] = ['queued', 'delivering', 'delivered', 'failed'];
const DEFAULT_LIST_LIMIT = 100;
export const JOBS_USAGE = 'Usage: truecost jobs list [--state queued|delivering|delivered|failed] [--limit N] | jobs show JOB_ID | jobs retry JOB_ID';

/**
 * Parses the arguments after `truecost jobs` (other options such as `--db` are the caller's and
 * ignored here). Returns the command, or an error sentence for the operator.
 *
 * @example
 * ```ts
 * parseJobsArguments(['list', '--state', 'failed']); // { ok: true, command: { action: 'list', state: 'failed', limit: 100 } }
 * ```
 * @remarks Since 0.1.0
 */
export function parseJobsArguments(
  argv: readonly string[],
): { readonly ok: true; readonly command: JobsCommand } | { readonly ok: false; readonly error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { state: { type: 'string' }, limit: { type: 'string' }, db: { type: 'string' } },
    });
  } catch (error) {
    return { ok: false, error: `${error instanceof Error ? error.message : String(error)}\n${JOBS_USAGE}` };
  }
  const [action, jobId, ...extra] = parsed.positionals;
  if (extra.length > 0) return { ok: false, error: `Unexpected argument ${extra[0]}.\n${JOBS_USAGE}` };
  if (action === 'list') {
    if (jobId !== undefined) return { ok: false, error: `Unexpected argument ${jobId}.\n${JOBS_USAGE}` };
    const state = parsed.values.state;
    if (state !== undefined && !JOB_STATES.includes(state as JobState)) {
      return { ok: false, error: `Unknown state ${state}; use one of ${JOB_STATES.join(', ')}.` };
    }
    const limit = parsed.values.limit === undefined ? DEFAULT_LIST_LIMIT : Number(parsed.values.limit);
    if (!Number.isInteger(limit) || limit < 1) return { ok: false, error: `--limit must be a positive integer.` };
    return { ok: true, command: state === undefined ? { action, limit } : { action, state: state as JobState, limit } };
  }
  if (action === 'show' || action === 'retry') {
    if (jobId === undefined) return { ok: false, error: `jobs ${action} needs a JOB_ID.\n${JOBS_USAGE}` };
    return { ok: true, command: { action, jobId } };
  }
  return { ok: false, error: JOBS_USAGE };
}

/** A job as `jobs show` prints it: the status route's fields, then the operator's. Times are ISO 8601. */
export function jobView(job: JobRecord): Record<string, unknown> {
  const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    job_id: job.jobId,
    state: job.state,
    attempts: job.attempts,
    last_error: job.lastError,
    results: job.results,
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
 * Runs a `truecost jobs` command: `list` prints one tab-separated line per job (newest first, after
 * a header), `show` prints the job as JSON, `retry` queues an undelivered job for delivery at once.
 * Resolves to the exit code: 0, or 1 when the job is unknown.
 *
 * @example
 * ```ts
 * const parsed = parseJobsArguments(process.argv.slice(3));
 * if (parsed.ok) process.exitCode = await runJobsCommand(parsed.command, { store, stdout: process.stdout, stderr: process.stderr });
 * ```
 * @remarks Since 0.1.0
 */
export async function runJobsCommand(command: JobsCommand, context: CommandContext): Promise<number> {
  const { store, stdout, stderr } = context;
  if (command.action === 'list') {
    const jobs = await store.listJobs(command.state === undefined ? { limit: command.limit } : { state: command.state, limit: command.limit });
    stdout.write('JOB_ID\tSTATE\tATTEMPTS\tPARTNER\tENVIRONMENT\tUPDATED\tLAST_ERROR\n');
    for (const job of jobs) {
      const fields = [job.jobId, job.state, job.attempts, job.partnerId, job.environment, new Date(job.updatedAt).toISOString(), job.lastError ?? ''];
      stdout.write(`${fields.join('\t')}\n`);
    }
    return 0;
  }
  if (command.action === 'show') {
    const job = (await store.listJobs({ limit: Number.MAX_SAFE_INTEGER })).find((candidate) => candidate.jobId === command.jobId);
    if (job === undefined) return unknownJob(command.jobId, stderr);
    stdout.write(`${JSON.stringify(jobView(job), null, 2)}\n`);
    return 0;
  }
  const job = await store.retryJob(command.jobId, (context.now ?? Date.now)());
  if (job === undefined) return unknownJob(command.jobId, stderr);
  if (job.state === 'delivered') stdout.write(`Job ${job.jobId} is already delivered; nothing to retry.\n`);
  else stdout.write(`Job ${job.jobId} is queued for delivery.\n`);
  return 0;
}

function unknownJob(jobId: string, stderr: OutputStream): number {
  stderr.write(`No job with id ${jobId}.\n`);
  return 1;
}
