import { desnzFreightPerTonneKm } from './desnz-2025-freight.js';
import { desnz } from './well-to-tank.js';
import type { FactorUse } from './factor.js';

// DESNZ 2025 freight intensities with the well-to-tank row of the same kind of transport, per
// tonne-km ("Freighting goods" and "WTT- delivery vehs & freight"). Apart from the fuel factors of
// ./well-to-tank.ts so that a bundle of the road calculators keeps none of them.

const WTT_DELIVERY = 'WTT- delivery vehs & freight';

/** A DESNZ 2025 freight intensity and its own well-to-tank row. */
export interface FreightWellToTank {
  readonly tankToWheel: FactorUse;
  readonly wellToTank: FactorUse;
}

/** Freight train per tonne-km with its well-to-tank row. */
export const railWellToTank: FreightWellToTank = {
  tankToWheel: desnzFreightPerTonneKm.rail,
  wellToTank: desnz('Freight train, well-to-tank', 0.00691, 'kg CO2e/t-km', `${WTT_DELIVERY}, rail, freight train (28_911_3151)`),
};

/** Average container ship per tonne-km with its well-to-tank row. */
export const containerShipWellToTank: FreightWellToTank = {
  tankToWheel: desnzFreightPerTonneKm.containerShip,
  wellToTank: desnz('Container ship, average, well-to-tank', 0.00365, 'kg CO2e/t-km', `${WTT_DELIVERY}, cargo ship, container ship, average (28_916_3235)`),
};

/** Long-haul air freight per tonne-km (without RF) with its well-to-tank row. */
export const airLongHaulWellToTank: FreightWellToTank = {
  tankToWheel: desnzFreightPerTonneKm.airLongHaul,
  wellToTank: desnz('Air freight, long-haul, well-to-tank', 0.13516, 'kg CO2e/t-km', `${WTT_DELIVERY}, freight flights, long-haul to/from UK`),
};

