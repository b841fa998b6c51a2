// What every server example shares: a memory store with one staging key, created in code and
// printed at start.
import type { AddressInfo, Server } from 'node:net';
import { createHandler, generateApiKey, hashApiKey, readApiReferenceScript, type FetchHandler } from 'truecost/http';
import { createMemoryStore } from 'truecost/stores/memory';

/**
 * A handler on a fresh memory store, and a staging key for partner `demo`. The API reference page
 * (`/docs`) needs the script of `@scalar/api-reference`, read from node_modules once at start.
 * `basePath` is the prefix the application serves the API under, when the framework does not
 * remove it from the request's URL (Hono; docs/frameworks.md).
 */
export async function demoHandler(options: { readonly basePath?: string } = {}): Promise<{ handler: FetchHandler; key: string }> {
  const store = createMemoryStore();
  // A key is shown once, here; the store keeps only its hash.
  const key = generateApiKey('staging');
  await store.addApiKey({ keyHash: await hashApiKey(key), partnerId: 'demo', environment: 'staging', createdAt: Date.now() });
  const apiReferenceScript = await readApiReferenceScript();
  return { handler: createHandler({ store, ...options, ...(apiReferenceScript === undefined ? {} : { apiReferenceScript }) }), key };
}

/** The port to listen on: `PORT`, default 3000 (`PORT=0` picks a free one). */
export function port(): number {
  return Number(process.env['PORT'] ?? 3000);
}

/** The address a listening server is reached at, e.g. `http://127.0.0.1:3000`. */
export function addressOf(server: Server): string {
  const { port: listening } = server.address() as AddressInfo;
  return `http://127.0.0.1:${listening}`;
}

/** True when the module is the script node was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === new URL(`file://${process.argv[1]}`).href;
}
