import { combustion, type EnergyChain } from './energy-chain.js';
import { indiaGridElectricity } from './grid.js';
import {
  busGases,
  cngCarGases,
  cngFuel,
  dieselFuel,
  dieselCarGases,
  hgvGases,
  indiaGridLosses,
  motorbikeGases,
  petrolCarGases,
  petrolFuel,
} from './well-to-tank.js';

// The energy chains of road vehicles and of the grid, one export each (each call marked pure, as a
// bundler reads the mark of a function only within its own file) so that a bundle keeps only
// those its calculators reach. Tank-to-wheel CO2e of a fuel-burning vehicle is its combustion CO2
// plus CH4 and N2O; an electric one has none, and its whole figure is well-to-tank.

/** A petrol car: India GHG Program CO2 along DESNZ's petrol car gases and petrol well-to-tank. */
export const petrolCarChain = /* @__PURE__ */ combustion('petrol car', 'petrol', petrolFuel, petrolCarGases);
/** A diesel car (and the SUV, a diesel MUV). */
export const dieselCarChain = /* @__PURE__ */ combustion('diesel car', 'diesel', dieselFuel, dieselCarGases);
/** A CNG car or three-wheeler. */
export const cngChain = /* @__PURE__ */ combustion('CNG vehicle', 'CNG', cngFuel, cngCarGases);
/** A petrol motorcycle. */
export const motorbikeChain = /* @__PURE__ */ combustion('petrol motorcycle', 'petrol', petrolFuel, motorbikeGases);
/** A diesel bus or coach. */
export const dieselBusChain = /* @__PURE__ */ combustion('diesel bus', 'diesel', dieselFuel, busGases);
/** A diesel truck of the India GHG Program classes. */
export const dieselTruckChain = /* @__PURE__ */ combustion('diesel truck', 'diesel', dieselFuel, hgvGases);

/** Electricity from the Indian grid: the CO2 at generation, grossed up for the losses before the plug. */
export const gridChain: EnergyChain = {
  name: 'electricity from the Indian grid',
  tankToWheel: 0,
  wellToTank: 1 / (1 - indiaGridLosses.value),
  factors: [indiaGridElectricity, indiaGridLosses],
  note: `Tank-to-wheel: none at the vehicle. Well-to-tank: the grid's CO2 at generation divided by (1 - ${indiaGridLosses.value}) for transmission and distribution losses; fuel upstream of the power stations and their CH4 and N2O are not included.`,
};

