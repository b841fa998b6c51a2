// The Emissions page and its CSV, against the dashboard's fetch handler and a memory store holding
// recorded calculations.
import { beforeEach, describe, expect, it } from 'vitest';
import { createDashboardHandler } from '../../src/dashboard/handler.js';
import { monthsOf } from '../../src/dashboard/emissions.js';
import { newToken, tokenHash } from '../../src/dashboard/tokens.js';
import { emissionsReportCsv } from '../../src/http/emissions-csv.js';
import { readEmissionsReport } from '../../src/orders/emissions-report.js';
import type { Store } from '../../src/orders/store.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { calculationRecord } from '../fixtures/calculations.js';

const NOW = Date.parse('2026-11-18T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let store: Store;
let cookie: string;
/** The store methods the handler called. */
let calls: string[];

beforeEach(async () => {
  const memory = createMemoryStore();
  await memory.recordCalculations([
    calculationRecord({ id: 'c1', partnerId: 'p1', occurredAt: '2026-09-12', scope3Category: 6, km: 50 }),
    calculationRecord({ id: 'c2', partnerId: 'p1', occurredAt: '2026-11-02T10:00:00Z', scope3Category: 6 }),
    calculationRecord({ id: 'c3', partnerId: 'p1', occurredAt: '2026-11-20', scope3Category: 4, km: 300 }),
    calculationRecord({ id: 'c4', partnerId: 'p1', occurredAt: '2026-11-21' }),
    calculationRecord({ id: 'c5', partnerId: 'p1', occurredAt: '2026-11-03', environment: 'production', km: 900 }),
    calculationRecord({ id: 'c6', partnerId: 'p2', occurredAt: '2026-11-03', km: 700 }),
  ]);
  await memory.createOrders({ partnerId: 'p1', environment: 'staging' }, 'vote', [{ partner_order_id: 'o1', climes: 2.5, customer_name: 'Ada', customer_email: 'ada@example.com' }], NOW - DAY);
  const token = newToken();
  await memory.createSession({ tokenHash: tokenHash(token), partnerId: 'p1', createdAt: NOW, expiresAt: NOW + DAY });
  cookie = `truecost_session=${token}`;
  calls = [];
  // Every method call is noted, to show that the page only reads.
  store = new Proxy(memory, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return value.apply(target, args);
      };
    },
  });
});

const handler = () => createDashboardHandler({ store, now: () => NOW });
const request = (path: string, withCookie = true) =>
  handler()(new Request(`http://dashboard.test${path}`, { headers: withCookie ? { cookie } : {} }));
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the Emissions page', () => {
  it("shows the statement of the current UTC month by default: the rows, their totals and the credits, from the partner's own calculations", async () => {
    const answer = await request('/dashboard/emissions');
    expect(answer.status).toBe(200);
    const page = await answer.text();
    const report = await readEmissionsReport(store, { partnerId: 'p1', environment: 'staging' }, { from: '2026-11-01', to: '2026-12-01', groupBy: 'scope3_category' });
    expect(report.rows.map((row) => row.group)).toEqual(['4', '6', 'unclassified']);
    expect(page).toContain('value="2026-11-01"');
    expect(page).toContain('value="2026-12-01"');
    const statement = text(/<table id="statement">[\s\S]*?<\/table>/.exec(page)![0]);
    for (const row of report.rows) expect(statement).toContain(` ${row.group} ${row.count} ${row.kg} ${row.tank_to_wheel_kg} ${row.well_to_tank_kg} `);
    expect(statement).toContain(` Total ${report.total.count} ${report.total.kg} `);
    expect(report.total.count).toBe(3);
    expect(page).toContain('<span id="credit-orders">1</span> orders');
    expect(page).toContain('<span id="credit-climes">2.5</span> climes');
    expect(page).toContain('never subtracted');
    expect(page).toContain('<a href="/dashboard/emissions">Emissions</a>');
  });

  it('groups by the asked grouping in the asked environment, and never writes to the store', async () => {
    const page = await (await request('/dashboard/emissions?env=production&from=2026-11-01&to=2026-12-01&group_by=endpoint')).text();
    const statement = text(/<table id="statement">[\s\S]*?<\/table>/.exec(page)![0]);
    expect(statement).toContain(' logistics 1 ');
    expect(statement).toContain(' Total 1 ');
    expect(new Set(calls)).toEqual(new Set(['findSession', 'emissionsRollup', 'orderCredits']));
  });

  it('draws one bar per month of the period, with its values as text', async () => {
    const page = await (await request('/dashboard/emissions?from=2026-08-15&to=2027-01-01&group_by=month')).text();
    const chart = /<svg[\s\S]*?<\/svg>/.exec(page)![0];
    expect(chart).toContain('role="img"');
    expect(chart).toMatch(/<title id="chart-title">kg CO2e per month/);
    expect(monthsOf({ from: '2026-08-15', to: '2027-01-01' })).toEqual(['2026-08', '2026-09', '2026-10', '2026-11', '2026-12']);
    expect(chart.match(/<rect class="bar"/g)).toHaveLength(5);
    const september = calculationRecord({ id: 'x', partnerId: 'p1', occurredAt: '2026-09-12', km: 50 }).wellToWheelGrams / 1000;
    expect(chart).toContain(`2026-09: ${september} kg`);
    expect(chart).toContain('2026-10: 0 kg');
    // The tallest bar is November's, the month with the most.
    const heights = [...chart.matchAll(/<rect class="bar"[^>]* height="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(Math.max(...heights)).toBe(heights[3]);
    expect(heights[0]).toBe(0);
  });

  it('answers a period it refuses with the form and a message, status 400, not a 500', async () => {
    for (const [query, message] of [
      ['from=2026-11-31&to=2026-12-01', 'from must be a day written YYYY-MM-DD'],
      ['from=2026-12-01&to=2026-11-01', 'to must be after from'],
      ['from=yesterday', 'from must be a day written YYYY-MM-DD'],
      ['group_by=colour', 'group_by must be one of'],
    ] as const) {
      const answer = await request(`/dashboard/emissions?${query}`);
      const page = await answer.text();
      expect([query, answer.status]).toEqual([query, 400]);
      expect(page).toContain('role="alert"');
      expect(page).toContain(message);
      expect(page).toContain('<form method="get" action="/dashboard/emissions"');
    }
    expect((await request('/dashboard/emissions.csv?from=2026-13-01&to=2026-12-01')).status).toBe(400);
    expect((await request('/dashboard/emissions?env=test')).status).toBe(400);
  });

  it('sends a signed-out visitor to the sign-in page, for the page and its CSV', async () => {
    for (const path of ['/dashboard/emissions', '/dashboard/emissions.csv']) {
      const answer = await request(path, false);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/dashboard/sign-in');
    }
    expect(calls).not.toContain('emissionsRollup');
  });
});

describe('the Emissions CSV', () => {
  it("is the statement's CSV, as a download named for the partner, the environment and the period", async () => {
    const page = await (await request('/dashboard/emissions?from=2026-09-01&to=2026-12-01&group_by=month')).text();
    const link = /<a href="(\/dashboard\/emissions\.csv\?[^"]+)" download>/.exec(page)![1]!.replaceAll('&amp;', '&');
    const answer = await request(link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="truecost-emissions-p1-staging-2026-09-01-2026-12-01-month.csv"');
    const report = await readEmissionsReport(store, { partnerId: 'p1', environment: 'staging' }, { from: '2026-09-01', to: '2026-12-01', groupBy: 'month' });
    expect(await answer.text()).toBe(emissionsReportCsv(report));
    expect(report.rows.map((row) => row.group)).toEqual(['2026-09', '2026-11']);
  });
});
