import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METHODOLOGY_VERSION } from '../../src/data/version.js';
import { requestSamples } from '../../src/testing/index.js';
import { addKey, order, setup } from './support.js';

// Recorded calculations and the emissions statement (docs/api.md), on both transports (support.ts).

const flight = { queries: { flights: [{ departure: 'DEL', arrival: 'BOM', no_of_tickets: 2, flight_class: 'BUSINESS' }] } };
const record = (extra: Record<string, unknown> = {}) => ({ reference: 'PNR-1', client: 'acme-corp', occurred_at: '2026-11-05', scope3_category: 6, ...extra });

/** The kilograms of an answer in tonnes, given as one string or number per element. */
const tonnesAsKg = (values: readonly (string | number)[]): number => values.reduce<number>((sum, value) => sum + Number(value), 0) * 1000;

describe('recording a calculation', () => {
  it('answers the usual body plus calculation_id, and the record gives the same figure in kg with its version, category, client and reference', async () => {
    const { call } = await setup();
    const plain = await call('POST', '/v3/flight', flight);
    const answer = await call('POST', '/v3/flight', { ...flight, record: record() });
    expect(answer.status).toBe(200);
    const { calculation_id, ...rest } = answer.json;
    expect(rest).toEqual(plain.json);
    expect(calculation_id).toMatch(/^[0-9a-f-]{36}$/);

    const read = await call('GET', `/v3/calculations/${calculation_id}`);
    expect(read.status).toBe(200);
    const calculation = read.json.calculation;
    expect(calculation).toMatchObject({
      calculation_id,
      endpoint: 'flight',
      environment: 'staging',
      reference: 'PNR-1',
      client: 'acme-corp',
      occurred_at: '2026-11-05T00:00:00.000Z',
      scope3_category: 6,
      methodology_version: METHODOLOGY_VERSION,
      data_type: 'modelled',
      request: { ...flight, record: record() },
      response: plain.json,
    });
    expect(calculation.kg).toBeCloseTo(tonnesAsKg(plain.json.truecost.map((f: { truecost: string }) => f.truecost)), 3);
    expect(calculation.tank_to_wheel_kg + calculation.well_to_tank_kg).toBeCloseTo(calculation.kg, 2);
  });

  it('records a trip, a logistics shipment and a commute in kg whatever unit the endpoint answers in', async () => {
    const { call } = await setup();
    const cases = [
      { path: '/v3/trip', body: requestSamples.trip, kg: (json: any) => json.trip.total_kg },
      { path: '/v3/logistics', body: requestSamples.logistics, kg: (json: any) => tonnesAsKg([json.truecost.total_truecost]) },
      { path: '/v3/commute', body: requestSamples.commute, kg: (json: any) => tonnesAsKg([json.truecost.total_truecost]) },
    ];
    for (const { path, body, kg } of cases) {
      const answer = await call('POST', path, { ...(body as object), record: record({ scope3_category: 4 }) });
      expect(answer.status, path).toBe(200);
      expect(typeof answer.json.calculation_id).toBe('string');
      const read = await call('GET', `/v3/calculations/${answer.json.calculation_id}`);
      expect(Math.abs(read.json.calculation.kg - kg(answer.json)), path).toBeLessThanOrEqual(0.002);
    }
  });

  it('records the well-to-wheel figure even when the answer was asked tank-to-wheel', async () => {
    const { call } = await setup();
    const wtw = await call('POST', '/v3/flight', flight);
    const ttw = await call('POST', '/v3/flight?basis=ttw', { ...flight, record: record() });
    const read = await call('GET', `/v3/calculations/${ttw.json.calculation_id}`);
    expect(read.json.calculation.kg).toBeCloseTo(tonnesAsKg([wtw.json.truecost[0].truecost]), 3);
    expect(read.json.calculation.query).toBe('basis=ttw');
  });

  it('stores nothing without record', async () => {
    const { call } = await setup();
    const answer = await call('POST', '/v3/flight', flight);
    expect(answer.json.calculation_id).toBeUndefined();
    expect((await call('GET', '/v3/calculations')).json).toEqual({ calculations: [], has_more: false });
  });

  it('records a retry with the same Idempotency-Key once, and answers it the same id', async () => {
    const { call } = await setup();
    const body = { ...flight, record: record() };
    const first = await call('POST', '/v3/flight', body, { 'idempotency-key': 'calc-1' });
    const again = await call('POST', '/v3/flight', body, { 'idempotency-key': 'calc-1' });
    expect(again.json.calculation_id).toBe(first.json.calculation_id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await call('GET', '/v3/calculations')).json.calculations).toHaveLength(1);
  });

  it('refuses bad record fields with their path', async () => {
    const { call } = await setup();
    const refused = [
      [{ scope3_category: 16 }, 'record.scope3_category'],
      [{ scope3_category: 2.5 }, 'record.scope3_category'],
      [{ occurred_at: '5 Nov 2026' }, 'record.occurred_at'],
      [{ occurred_at: '2026-02-30' }, 'record.occurred_at'],
      [{ occurred_at: '2026-11-05T10:00:00' }, 'record.occurred_at'],
      [{ client: 'x'.repeat(129) }, 'record.client'],
      [{ reference: '' }, 'record.reference'],
      [{ categroy: 4 }, 'record.categroy'],
    ] as const;
    for (const [fields, path] of refused) {
      const answer = await call('POST', '/v3/cars', { ...requestSamples.car, record: fields });
      expect(answer.status, path).toBe(400);
      expect(answer.json.error.path).toBe(path);
    }
    expect((await call('POST', '/v3/flight', { ...flight, record: null })).json.error.path).toBe('record');
    expect((await call('POST', '/v3/flight', { ...flight, record: [] })).json.error.path).toBe('record');
    // The body's own problems come first.
    const both = await call('POST', '/v3/flight', { queries: { flights: [] }, record: { scope3_category: 0 } });
    expect(both.json.error.path).toBe('queries.flights');
  });

  it('is invisible to another partner and to the other environment', async () => {
    const { call, store, production } = await setup();
    const answer = await call('POST', '/v3/flight', { ...flight, record: record() });
    const id = answer.json.calculation_id;
    const other = await addKey(store, 'other', 'staging');
    for (const key of [other, production]) {
      expect((await call('GET', `/v3/calculations/${id}`, undefined, { 'x-api-key': key })).status).toBe(404);
      expect((await call('GET', '/v3/calculations', undefined, { 'x-api-key': key })).json.calculations).toEqual([]);
    }
    const foreign = await call('GET', `/v3/calculations/${id}`, undefined, { 'x-api-key': other });
    expect(foreign.json).toEqual({ message: 'Calculation not found.' });
    const report = await call('GET', '/v3/reports/emissions?from=2026-11-01&to=2026-12-01', undefined, { 'x-api-key': other });
    expect(report.json.report.total.count).toBe(0);
  });
});

describe('listing recorded calculations', () => {
  it('lists newest first by occurred_at, filters by period, client and reference, and pages by cursor', async () => {
    const { call } = await setup();
    const days = ['2026-11-03', '2026-11-01', '2026-11-02', '2026-10-31'];
    const ids: Record<string, string> = {};
    for (const [index, day] of days.entries()) {
      const answer = await call('POST', '/v3/flight', { ...flight, record: record({ occurred_at: day, client: index % 2 === 0 ? 'a' : 'b', reference: `R${index}` }) });
      ids[day] = answer.json.calculation_id;
    }
    const all = await call('GET', '/v3/calculations');
    expect(all.json.calculations.map((c: { occurred_at: string }) => c.occurred_at.slice(0, 10))).toEqual(['2026-11-03', '2026-11-02', '2026-11-01', '2026-10-31']);
    const november = await call('GET', '/v3/calculations?from=2026-11-01&to=2026-11-03');
    expect(november.json.calculations.map((c: { calculation_id: string }) => c.calculation_id)).toEqual([ids['2026-11-02'], ids['2026-11-01']]);
    const clientA = await call('GET', '/v3/calculations?client=a');
    expect(clientA.json.calculations.map((c: { client: string }) => c.client)).toEqual(['a', 'a']);
    expect((await call('GET', '/v3/calculations?reference=R2')).json.calculations[0].calculation_id).toBe(ids['2026-11-02']);
    const first = await call('GET', '/v3/calculations?limit=3');
    expect(first.json.has_more).toBe(true);
    const last = first.json.calculations.at(-1).calculation_id;
    const second = await call('GET', `/v3/calculations?limit=3&after=${last}`);
    expect(second.json).toMatchObject({ has_more: false, calculations: [{ calculation_id: ids['2026-10-31'] }] });
  });

  it('refuses an unknown cursor, a bad limit, a bad date and a query parameter it does not read', async () => {
    const { call } = await setup();
    for (const [query, path] of [
      ['after=nope', 'after'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['from=yesterday', 'from'],
      ['clinet=a', 'clinet'],
      ['limit=1&limit=2', 'limit'],
    ]) {
      const answer = await call('GET', `/v3/calculations?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.error.path, query).toBe(path);
    }
  });
});

describe('the emissions statement', () => {
  async function recordedMonth() {
    const context = await setup();
    const { call } = context;
    const sent = [
      { path: '/v3/flight', body: flight, record: record({ occurred_at: '2026-11-01T00:00:00Z', scope3_category: 6, client: 'a' }) },
      { path: '/v3/trip', body: requestSamples.trip, record: record({ occurred_at: '2026-11-15T10:00:00+05:30', scope3_category: 6, client: 'b' }) },
      { path: '/v3/logistics', body: requestSamples.logistics, record: record({ occurred_at: '2026-11-30T23:59:59.999Z', scope3_category: 4, client: 'a' }) },
      { path: '/v3/commute', body: requestSamples.commute, record: record({ occurred_at: '2026-11-20', scope3_category: undefined, client: undefined }) },
      // Outside the month: the day before and the first day after.
      { path: '/v3/flight', body: flight, record: record({ occurred_at: '2026-10-31T23:59:59.999Z' }) },
      { path: '/v3/flight', body: flight, record: record({ occurred_at: '2026-12-01T00:00:00Z' }) },
    ];
    const kg: number[] = [];
    for (const { path, body, record: fields } of sent) {
      const answer = await call('POST', path, { ...(body as object), record: JSON.parse(JSON.stringify(fields)) });
      expect(answer.status).toBe(200);
      kg.push((await call('GET', `/v3/calculations/${answer.json.calculation_id}`)).json.calculation.kg);
    }
    return { ...context, kg };
  }

  const sum = (values: readonly number[]): number => Math.round(values.reduce((total, value) => total + value, 0) * 1000) / 1000;

  it('sums exactly the recorded kg of the month by category, endpoint and client, and none outside it', async () => {
    const { call, kg } = await recordedMonth();
    const inMonth = sum(kg.slice(0, 4));
    for (const groupBy of ['scope3_category', 'endpoint', 'client', 'month']) {
      const answer = await call('GET', `/v3/reports/emissions?from=2026-11-01&to=2026-12-01&group_by=${groupBy}`);
      expect(answer.status).toBe(200);
      const { report } = answer.json;
      expect(report.total.count).toBe(4);
      expect(report.total.kg).toBe(inMonth);
      expect(sum(report.rows.map((row: { kg: number }) => row.kg))).toBe(inMonth);
      expect(report.methodology_versions).toEqual([METHODOLOGY_VERSION]);
    }
    const byCategory = (await call('GET', '/v3/reports/emissions?from=2026-11-01&to=2026-12-01&group_by=scope3_category')).json.report;
    expect(byCategory.rows.map((row: { group: string; count: number }) => [row.group, row.count])).toEqual([
      ['4', 1],
      ['6', 2],
      ['unclassified', 1],
    ]);
    expect(byCategory.rows[1].kg).toBe(sum([kg[0]!, kg[1]!]));
    const byClient = (await call('GET', '/v3/reports/emissions?from=2026-11-01&to=2026-12-01&group_by=client')).json.report;
    expect(byClient.rows.map((row: { group: string }) => row.group)).toEqual(['a', 'b', 'unclassified']);
  });

  it('lists the orders of the period as credits, apart, never netted, and answers the same totals as CSV', async () => {
    const { call, kg } = await recordedMonth();
    await call('POST', '/v3/integrations/vote/order', { order: order('O-1', { climes: 2.5 }) });
    const period = '/v3/reports/emissions?from=2026-11-01&to=2026-12-01&group_by=endpoint';
    // The orders were created now: a period around today holds them.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const withOrders = (await call('GET', `/v3/reports/emissions?from=${today}&to=${tomorrow}`)).json.report;
    expect(withOrders.credits).toEqual({ orders: 1, climes: 2.5 });
    const report = (await call('GET', period)).json.report;
    expect(report.total.kg).toBe(sum(kg.slice(0, 4)));
    const csv = await call('GET', period, undefined, { accept: 'text/csv' });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toContain('from 2026-11-01 (included) to 2026-12-01 (excluded)');
    expect(lines[1]).toContain(METHODOLOGY_VERSION);
    expect(lines[3]).toBe('group,count,kg,tank_to_wheel_kg,well_to_tank_kg,primary_share');
    const total = lines.at(-1)!.split(',');
    expect(total[0]).toBe('total');
    expect(Number(total[2])).toBe(report.total.kg);
    expect(lines.slice(4, -1).map((line) => line.split(',')[0])).toEqual(report.rows.map((row: { group: string }) => row.group));
  });

  it('refuses a bad period or grouping with the parameter named', async () => {
    const { call } = await setup();
    for (const [query, path] of [
      ['to=2026-12-01', 'from'],
      ['from=2026-11-01', 'to'],
      ['from=2026-11-01&to=2026-11-01', 'to'],
      ['from=2026-11-31&to=2026-12-01', 'from'],
      ['from=2026-11-01&to=2026-12-01&group_by=week', 'group_by'],
      ['from=2026-11-01&to=2026-12-01&grup_by=month', 'grup_by'],
    ]) {
      const answer = await call('GET', `/v3/reports/emissions?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.error.path, query).toBe(path);
    }
  });

  it('for any recorded calculations, the statement total is the sum of the records inside the period', async () => {
    const { call } = await setup();
    const recorded: { day: string; kg: number }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 1, max: 15 }), async (dayOffset, category) => {
        const day = new Date(Date.UTC(2026, 9, 1) + dayOffset * 86_400_000).toISOString().slice(0, 10);
        const answer = await call('POST', '/v3/flight', { ...flight, record: { occurred_at: day, scope3_category: category } });
        const read = await call('GET', `/v3/calculations/${answer.json.calculation_id}`);
        recorded.push({ day, kg: read.json.calculation.kg });
        const report = (await call('GET', '/v3/reports/emissions?from=2026-11-01&to=2026-12-01')).json.report;
        expect(report.total.kg).toBe(sum(recorded.filter((r) => r.day >= '2026-11-01' && r.day < '2026-12-01').map((r) => r.kg)));
      }),
      { numRuns: 30 },
    );
  });
});
