// Shared data for the store tests: scopes, a clock and order bodies, the same as the store
// contract's own checks use.
export { day, now, order, otherPartner, production, staging } from '../../src/testing/store-checks/fixtures.js';
