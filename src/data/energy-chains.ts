import type { EnergyChain } from './energy-chain.js';
import {
  airFreightChain,
  containerShipChain,
  desnzDieselTruckChain,
  generalCargoShipChain,
  railChain,
} from './freight-energy-chains.js';
import {
  cngChain,
  dieselBusChain,
  dieselCarChain,
  dieselTruckChain,
  gridChain,
  motorbikeChain,
  petrolCarChain,
} from './road-energy-chains.js';

export type { EnergyChain } from './energy-chain.js';

/** Every energy chain by name, for explanations and docs. */
export const energyChains = {
  petrolCar: petrolCarChain,
  dieselCar: dieselCarChain,
  cngCar: cngChain,
  motorbike: motorbikeChain,
  dieselBus: dieselBusChain,
  dieselTruck: dieselTruckChain,
  desnzDieselTruck: desnzDieselTruckChain,
  rail: railChain,
  containerShip: containerShipChain,
  generalCargoShip: generalCargoShipChain,
  airFreight: airFreightChain,
  grid: gridChain,
} as const satisfies Record<string, EnergyChain>;
