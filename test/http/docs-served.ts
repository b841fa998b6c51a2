import { expect } from 'vitest';

/** Checks that a mounted truecost serves its API reference page and that page's script. */
export async function expectDocsServed(base: string): Promise<void> {
  const page = await fetch(`${base}/docs`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await page.text()).toContain('/docs/scalar.js');
  const script = await fetch(`${base}/docs/scalar.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect((await script.text()).length).toBeGreaterThan(100_000);
}
