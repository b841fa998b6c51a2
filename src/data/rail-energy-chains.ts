import { combustion } from './energy-chain.js';
import { dieselFuel, hgvGases } from './well-to-tank.js';

// The energy chain of a diesel locomotive (Indian rail, src/calculators/trip/indian-rail.ts): its
// combustion CO2 with the CH4 and N2O of DESNZ's all-diesel HGV row (the nearest heavy diesel
// engine DESNZ splits by gas; it publishes no split for a diesel train), and diesel's well-to-tank
// share. Electric traction takes the grid chain (./road-energy-chains.ts): all of it is well-to-tank.

/** A diesel locomotive. */
export const dieselLocomotiveChain = /* @__PURE__ */ combustion('diesel locomotive', 'diesel', dieselFuel, hgvGases);
