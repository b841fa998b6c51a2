import { createMemoryStore } from '../../src/stores/memory.js';
import { storeContract } from './contract.js';

storeContract('the memory store', async () => createMemoryStore());
