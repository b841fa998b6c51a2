// Shared data for the store tests: scopes, a clock, order bodies and calculations, the same as the store
// contract's own checks use.
export { calculation, day, now, order, otherPartner, production, staging } from '../../src/testing/store-checks/fixtures.js';
