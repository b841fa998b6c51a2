import { createMemoryStore } from '../../src/stores/memory.js';
import { storeContract } from './contract.js';
import { storeModelProperty } from './model.js';

storeContract('the memory store', async () => createMemoryStore());
storeModelProperty('the memory store', async () => createMemoryStore(), 200);
