// `truecost events resend`: the operator's way to send an order event again (docs/api.md, "Order
// events"), under its own id, as the dashboard's events list does for a partner.
import type { ResendRefusal } from '../orders/events.js';
import type { Store } from '../orders/store.js';
import type { Output } from './types.js';
import { lastingDbUrlOf, withStore } from './store-url.js';
import { parseCommand, required, UsageError } from './usage.js';

/** A parsed `truecost events resend`. */
export interface ResendCommand {
  readonly partnerId: string;
  readonly eventId: string;
}

/** Parses the arguments after `truecost events`; returns the command and the `--db` flag. */
export function parseEventsArguments(args: readonly string[]): { command: ResendCommand; db: string | undefined } {
  const [action, ...rest] = args;
  if (action !== 'resend') throw new UsageError(action === undefined ? 'truecost events needs resend.' : `Unknown events command ${JSON.stringify(action)}.`);
  const { values, positionals } = parseCommand(rest, { partner: { type: 'string' }, event: { type: 'string' }, db: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  return { command: { partnerId: required(values.partner, 'partner'), eventId: required(values.event, 'event') }, db: values.db };
}

/** Why an event was not sent again, in a line for the operator. */
export function resendRefusalText(refusal: ResendRefusal, command: ResendCommand): string {
  const { partnerId, eventId } = command;
  switch (refusal) {
    case 'unknown':
      return `No event ${eventId} of partner ${partnerId}.`;
    case 'no-endpoint':
      return `Partner ${partnerId} has no events endpoint for the environment of ${eventId}: set one with truecost partners set-events-endpoint first.`;
    case 'delivered':
      return `${eventId} was delivered: its receiver would drop the same webhook-id again.`;
    case 'on-its-way':
      return `${eventId} is still on its way (queued for a retry or being delivered).`;
  }
}

/** Runs a parsed resend on an opened store; resolves to the exit code (1 when the event was not sent again). */
export async function runResend(command: ResendCommand, store: Store, output: Output, now: number): Promise<number> {
  const outcome = await store.resendEvent(command.partnerId, command.eventId, now);
  if (!outcome.resent) {
    output.err(resendRefusalText(outcome.refusal, command));
    return 1;
  }
  output.out(`Queued ${command.eventId} (${outcome.environment}) to be sent again now, under the same webhook-id.`);
  return 0;
}

/** `truecost events resend --partner ID --event EVENT_ID [--db URL]`: opens the store, resends, closes it; resolves to the exit code. */
export async function eventsCommand(args: readonly string[], output: Output): Promise<number> {
  const { command, db } = parseEventsArguments(args);
  return withStore(lastingDbUrlOf(db, 'events resend'), (store) => runResend(command, store, output, Date.now()));
}
