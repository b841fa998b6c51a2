import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventsCommand, parseEventsArguments } from '../../src/cli/events.js';
import { UsageError } from '../../src/cli/usage.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { truecost } from '../e2e/serve-process.js';

// `truecost events resend`: an event goes again under its own id, or the command says why not.
const directory = mkdtempSync(join(tmpdir(), 'truecost-events-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const lines = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
};

/** A SQLite file with one event of partner acme due before its staging endpoint was set: in the feed only. */
async function fileWithFeedOnlyEvent(name: string): Promise<{ db: string; eventId: string }> {
  const path = join(directory, name);
  const store = await openSqliteStore({ path });
  try {
    const scope = { partnerId: 'acme', environment: 'staging' } as const;
    await store.createOrders(scope, 'vote', [{ partner_order_id: 'o-1', climes: 1, customer_email: 'ada@example.com', customer_name: 'Ada' }], Date.now() - 1000);
    await store.setEventsEndpoint('acme', 'staging', { url: 'https://acme.example/events', secret: 'whsec_a' }, Date.now());
    const [event] = (await store.listEvents(scope, { limit: 1 }))!.items;
    return { db: `sqlite:${path}`, eventId: event!.eventId };
  } finally {
    await store.close();
  }
}

describe('truecost events resend', () => {
  it('queues an event in the feed only to be sent now, under its own id; then refuses it as on its way', async () => {
    const { db, eventId } = await fileWithFeedOnlyEvent('resend.db');
    const first = lines();
    expect(await eventsCommand(['resend', '--partner', 'acme', '--event', eventId, '--db', db], first.output)).toBe(0);
    expect(first.out).toEqual([`Queued ${eventId} (staging) to be sent again now, under the same webhook-id.`]);
    const store = await openSqliteStore({ path: db.slice('sqlite:'.length) });
    try {
      const [claimed] = await store.claimEvents('w1', Date.now(), 1000, 10);
      expect(claimed).toMatchObject({ eventId, partnerOrderId: 'o-1', attempts: 0 });
    } finally {
      await store.close();
    }
    const again = lines();
    expect(await eventsCommand(['resend', '--partner', 'acme', '--event', eventId, '--db', db], again.output)).toBe(1);
    expect(again.err).toEqual([`${eventId} is still on its way (queued for a retry or being delivered).`]);
  });

  it("refuses an unknown id and another partner's event with exit code 1, naming them", async () => {
    const { db, eventId } = await fileWithFeedOnlyEvent('unknown.db');
    const unknown = truecost(['events', 'resend', '--partner', 'acme', '--event', 'evt_0000', '--db', db]);
    expect([unknown.status, unknown.stdout, unknown.stderr]).toEqual([1, '', 'No event evt_0000 of partner acme.\n']);
    const other = lines();
    expect(await eventsCommand(['resend', '--partner', 'globex', '--event', eventId, '--db', db], other.output)).toBe(1);
    expect(other.err).toEqual([`No event ${eventId} of partner globex.`]);
  });

  it('takes --partner and --event, and refuses memory: like every writing command', async () => {
    expect(() => parseEventsArguments(['resend', '--event', 'evt_1'])).toThrow(UsageError);
    expect(() => parseEventsArguments(['redo'])).toThrow('Unknown events command "redo".');
    const refused = truecost(['events', 'resend', '--partner', 'acme', '--event', 'evt_1', '--db', 'memory:']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('events resend cannot write to a memory: store');
    const help = truecost(['events', '--help']);
    expect(help.stdout).toContain('truecost events resend --partner ID --event EVENT_ID [--db URL]');
  });
});
