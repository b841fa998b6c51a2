import { combustion, freightChain } from './energy-chain.js';
import { airLongHaulWellToTank, containerShipWellToTank, railWellToTank } from './freight-well-to-tank.js';
import { dieselFuel } from './well-to-tank.js';

// The energy chains of the DESNZ freight factors, one export each (each call marked pure, as for
// the road chains).

/** A diesel truck of the DESNZ articulated class, whose factor is CO2e already. */
export const desnzDieselTruckChain = /* @__PURE__ */ combustion('diesel truck (DESNZ CO2e)', 'diesel', dieselFuel);
/** A freight train. */
export const railChain = /* @__PURE__ */ freightChain('freight train', railWellToTank);
/** A container ship. */
export const containerShipChain = /* @__PURE__ */ freightChain('container ship', containerShipWellToTank);
// DESNZ publishes no well-to-tank row for the next two; their fuel is that of the row used, and both
// parts of a tonne-km scale with the fuel burnt, so the well-to-tank share is the same.
/** A general cargo ship, at the container ship's well-to-tank share. */
export const generalCargoShipChain = /* @__PURE__ */ freightChain('general cargo ship (container ship share)', containerShipWellToTank);
/** Air freight of either haul, at the long-haul well-to-tank share. */
export const airFreightChain = /* @__PURE__ */ freightChain('air freight (long-haul share)', airLongHaulWellToTank);
