// What every example shares: a memory store with one staging key, printed at start.
import { createHandler, generateApiKey, hashApiKey, readApiReferenceScript, type FetchHandler } from '../src/http/index.js';
import { createMemoryStore } from '../src/stores/memory.js';

/**
 * A handler on a fresh memory store, and a staging key for partner `demo`. The API reference page
 * (`/docs`) needs the script of `@scalar/api-reference`, read from node_modules once at start.
 */
export async function demoHandler(): Promise<{ handler: FetchHandler; key: string }> {
  const store = createMemoryStore();
  const key = generateApiKey('staging');
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'demo', environment: 'staging', createdAt: Date.now() });
  const apiReferenceScript = await readApiReferenceScript();
  return { handler: createHandler({ store, ...(apiReferenceScript === undefined ? {} : { apiReferenceScript }) }), key };
}

/** True when the module is the script node was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === new URL(`file://${process.argv[1]}`).href;
}
