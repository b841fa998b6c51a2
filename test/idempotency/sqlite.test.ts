import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSqliteStore } from '../../src/stores/sqlite.js';
import { idempotencySuite } from './handler-suite.js';

const directory = mkdtempSync(join(tmpdir(), 'truecost-idempotency-'));
let files = 0;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

idempotencySuite('the SQLite store', () => openSqliteStore({ path: join(directory, `store-${(files += 1)}.db`) }));
