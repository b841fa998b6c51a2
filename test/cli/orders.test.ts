import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ordersCommand } from '../../src/cli/orders.js';
import { UsageError } from '../../src/cli/usage.js';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { truecost } from '../e2e/serve-process.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-orders-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const staging = { partnerId: 'acme', environment: 'staging' } as const;

function capture() {
  const lines = { stdout: '', stderr: '' };
  return { lines, output: { out: (line: string) => void (lines.stdout += `${line}\n`), err: (line: string) => void (lines.stderr += `${line}\n`) } };
}

/** A SQLite file holding order o-1 of acme in staging, with a customer. */
async function fileWithOrder(name: string): Promise<string> {
  const path = join(directory, name);
  const store = await openSqliteStore({ path });
  await store.createOrders(staging, 'calculated', [{ climes: 4, partner_order_id: 'o-1', customer_email: 'ada@example.com', customer_name: 'Ada', customer_phone: '+1 555' }], Date.now());
  await store.close();
  return path;
}

describe('truecost orders erase-customer', () => {
  it("empties the order's e-mail, name and phone and keeps its climes, as a process of its own", async () => {
    const path = await fileWithOrder('erase.db');
    const result = truecost(['orders', 'erase-customer', '--partner', 'acme', '--env', 'staging', '--order', 'o-1', '--db', `sqlite:${path}`]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('Erased the customer\'s e-mail, name and phone from order "o-1" of partner acme (staging); its climes and dates are kept.\n');
    const store = await openSqliteStore({ path });
    expect(await store.getOrder(staging, 'o-1')).toMatchObject({ microClimes: 4e6, order: { customer_email: '', customer_name: '', customer_phone: '', climes: 4 } });
    await store.close();
  });

  it('exits 1 with a clear error, writing nothing, for an order the partner and environment do not hold', async () => {
    const path = await fileWithOrder('unknown.db');
    for (const [env, order] of [['staging', 'o-2'], ['production', 'o-1']]) {
      const { lines, output } = capture();
      expect(await ordersCommand(['erase-customer', '--partner', 'acme', '--env', env!, '--order', order!, '--db', `sqlite:${path}`], output)).toBe(1);
      expect(lines.stderr).toBe(`No order "${order}" of partner acme (${env}): nothing was erased. Check --partner, --env and --order.\n`);
      expect(lines.stdout).toBe('');
    }
    const store = await openSqliteStore({ path });
    expect((await store.getOrder(staging, 'o-1'))?.order.customer_email).toBe('ada@example.com');
    await store.close();
  });

  it('refuses memory:, a missing option and an unknown subcommand as usage errors', async () => {
    const { output } = capture();
    const refused = (args: string[]) => ordersCommand(args, output);
    await expect(refused(['erase-customer', '--partner', 'acme', '--env', 'staging', '--order', 'o-1', '--db', 'memory:'])).rejects.toThrow(
      /orders erase-customer cannot write to a memory: store/,
    );
    await expect(refused(['erase-customer', '--partner', 'acme', '--env', 'staging'])).rejects.toThrow(new UsageError('Missing --order.'));
    await expect(refused(['erase-customer', '--partner', 'acme', '--env', 'dev', '--order', 'o-1'])).rejects.toThrow(/--env must be staging or production/);
    await expect(refused(['erase'])).rejects.toThrow(new UsageError('Unknown orders command "erase".'));
    const help = truecost(['orders', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('truecost orders erase-customer --partner ID --env staging|production --order ID [--db URL]');
    expect(help.stdout).toContain('memory: is refused');
  });
});
