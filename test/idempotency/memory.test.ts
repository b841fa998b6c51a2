import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { addKey, BASE, order } from '../http/support.js';
import { idempotencySuite } from './handler-suite.js';

idempotencySuite('the memory store', async () => createMemoryStore());

describe('a guarded write whose claim was lost', () => {
  it('answers 409 and frees nothing of another request, whichever copy of the error class the store threw', async () => {
    const store = createMemoryStore();
    const key = await addKey(store, 'acme', 'staging');
    await store.createOrders({ partnerId: 'acme', environment: 'staging' }, 'calculated', [order('o-1') as never], 0);
    // A store bundled apart from the handler throws its own copy of the class: only the name is shared.
    const lost = Object.assign(new Error('lost'), { name: 'IdempotencyClaimLost' });
    const handler = createHandler({ store: { ...store, changeOrder: () => Promise.reject(lost) } });
    const answer = await handler(
      new Request(`${BASE}/v3/integrations/calculated/order/add`, {
        method: 'PATCH',
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': 'k' },
        body: JSON.stringify({ partner_order_id: 'o-1', climes: 1 }),
      }),
    );
    expect(answer.status).toBe(409);
    expect(answer.headers.get('retry-after')).toBe('1');
    // The request released its claim: the key is free again.
    expect(await store.getIdempotencyKey({ partnerId: 'acme', environment: 'staging' }, 'k')).toBeUndefined();
  });
});
