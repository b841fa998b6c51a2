// The store contract's checks of partners' profiles and project catalogues, and of orders that name
// recorded calculations (docs/api.md, "Certificates" and "Orders").
import { expectThat } from '../expect.js';
import { calculation, now, order, otherPartner, production, staging, type DefineCheck } from './fixtures.js';

/** Registers the checks of profiles, projects and orders' calculations, in order. */
export function defineProfileChecks(check: DefineCheck): void {
  check('partner profiles: a partner without one has every field null, and a profile set reads back whole', async (store) => {
    expectThat(await store.getProfile('p1'), 'the profile never set').toEqual({ displayName: null, gramsPerClime: null, locale: null });
    await store.setProfile('p1', { displayName: 'Chai & Co', gramsPerClime: 10_000, locale: 'hi' }, now);
    expectThat(await store.getProfile('p1')).toEqual({ displayName: 'Chai & Co', gramsPerClime: 10_000, locale: 'hi' });
    await store.setProfile('p1', { displayName: 'Chai & Co', gramsPerClime: null, locale: null }, now + 1);
    expectThat(await store.getProfile('p1'), 'the profile replaced').toEqual({ displayName: 'Chai & Co', gramsPerClime: null, locale: null });
    expectThat(await store.getProfile('p2'), "another partner's profile").toEqual({ displayName: null, gramsPerClime: null, locale: null });
  });

  check('partner profiles: setting one keeps the partner\'s endpoints, and setting an endpoint keeps the profile', async (store) => {
    await store.setResultEndpoint('p1', { url: 'https://shop.example/results', secret: 's' }, now);
    await store.setProfile('p1', { displayName: 'Chai & Co', gramsPerClime: 2500, locale: 'en' }, now);
    expectThat(await store.getResultEndpoint('p1')).toEqual({ url: 'https://shop.example/results', secret: 's' });
    await store.setResultEndpoint('p1', { url: 'https://shop.example/other', secret: 't' }, now);
    expectThat(await store.getProfile('p1')).toEqual({ displayName: 'Chai & Co', gramsPerClime: 2500, locale: 'en' });
  });

  check('project catalogues: adds, lists by id, replaces keeping when it was added, and removes, per partner', async (store) => {
    await store.putProject({ partnerId: 'p1', projectId: 'mangroves', name: 'Mangroves of the Sundarbans', registry: 'Verra', registryUrl: 'https://registry.verra.org/app/projectDetail/VCS/1' }, now);
    await store.putProject({ partnerId: 'p1', projectId: 'cookstoves', name: 'Clean cookstoves', registry: null, registryUrl: null }, now + 1);
    await store.putProject({ partnerId: 'p2', projectId: 'mangroves', name: 'Other mangroves', registry: null, registryUrl: null }, now);
    expectThat((await store.listProjects('p1')).map((project) => project.projectId)).toEqual(['cookstoves', 'mangroves']);
    await store.putProject({ partnerId: 'p1', projectId: 'mangroves', name: 'Sundarbans mangroves', registry: null, registryUrl: null }, now + 5);
    expectThat(await store.getProject('p1', 'mangroves')).toEqual({
      partnerId: 'p1',
      projectId: 'mangroves',
      name: 'Sundarbans mangroves',
      registry: null,
      registryUrl: null,
      createdAt: now,
      updatedAt: now + 5,
    });
    expectThat((await store.getProject('p2', 'mangroves'))?.name, "the other partner's project").toBe('Other mangroves');
    expectThat(await store.removeProject('p1', 'mangroves')).toBe(true);
    expectThat(await store.removeProject('p1', 'mangroves'), 'a second removal').toBe(false);
    expectThat(await store.getProject('p1', 'mangroves')).toBeUndefined();
    expectThat((await store.listProjects('p2')).length, "the other partner's catalogue").toBe(1);
  });

  check('orders with calculations: sums the grams of the recorded calculations an order names, and keeps their ids', async (store) => {
    await store.recordCalculations([calculation({ calculationId: 'calc-a', wellToWheelGrams: 1200 }), calculation({ calculationId: 'calc-b', wellToWheelGrams: 3456 })]);
    const plan = await store.createOrders(staging, 'calculated', [order({ calculation_ids: ['calc-a', 'calc-b'] }), order({ partner_order_id: 'o-2' })], now);
    expectThat(plan).toMatchObject({ ok: true });
    const record = await store.getOrder(staging, 'o-1');
    expectThat(record?.calculationGrams, 'the grams of the order with calculations').toBe(4656);
    expectThat(record?.order.calculation_ids).toEqual(['calc-a', 'calc-b']);
    expectThat((await store.getOrder(staging, 'o-2'))?.calculationGrams, 'the grams of the order without').toBeNull();
    // Sending the same order again is a safe retry; the same id with other calculations is a conflict.
    expectThat(await store.createOrders(staging, 'calculated', [order({ calculation_ids: ['calc-a', 'calc-b'] })], now + 1)).toMatchObject({ ok: true, inserts: [] });
    expectThat(await store.createOrders(staging, 'calculated', [order({ calculation_ids: ['calc-b', 'calc-a'] })], now + 1)).toMatchObject({ ok: false, refusal: { kind: 'conflict' } });
  });

  check("orders with calculations: refuses the whole batch at an id that is no calculation of the key's partner and environment", async (store) => {
    await store.recordCalculations([
      calculation({ calculationId: 'calc-a' }),
      calculation({ ...production, calculationId: 'calc-production' }),
      calculation({ ...otherPartner, calculationId: 'calc-other' }),
    ]);
    for (const foreign of ['calc-production', 'calc-other', 'calc-unknown']) {
      const batch = [order({ partner_order_id: 'o-1', calculation_ids: ['calc-a'] }), order({ partner_order_id: 'o-2', calculation_ids: ['calc-a', foreign] })];
      const plan = await store.createOrders(staging, 'calculated', batch, now);
      expectThat(plan, `the batch naming ${foreign}`).toEqual({ ok: false, refusal: { kind: 'unknown_calculation', calculationIndex: 1 }, index: 1 });
      expectThat(await store.getOrder(staging, 'o-1'), `the first order of the batch naming ${foreign}`).toBeUndefined();
    }
  });
}
