import { createMemoryStore } from '../../src/stores/memory.js';
import { idempotencySuite } from './handler-suite.js';

idempotencySuite('the memory store', async () => createMemoryStore());
