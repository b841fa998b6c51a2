import type { FactorUse } from './factor.js';

// Combustion CO2 of the fuels cars burn, tank-to-wheel. Petrol and diesel per litre are the values
// of the India GHG Program (2015), which equal the IPCC 2006 defaults at 0.740 and 0.830 kg/l.

/** CO2 per unit of fuel burnt (petrol and diesel per litre, CNG per kg). */
export const fuelCombustion = {
  petrol: {
    name: 'Petrol combustion',
    value: 2.27193,
    unit: 'kg CO2/l',
    source:
      'India GHG Program, India Specific Road Transport Emission Factors v1.0 (2015); equals IPCC 2006 Vol. 2 Ch. 1 Tables 1.2 and 1.4 (69,300 kg/TJ x 44.3 TJ/Gg) at 0.740 kg/l',
    tag: 'transcribed',
  },
  diesel: {
    name: 'Diesel combustion',
    value: 2.6444,
    unit: 'kg CO2/l',
    source:
      'India GHG Program, India Specific Road Transport Emission Factors v1.0 (2015); equals IPCC 2006 Vol. 2 Ch. 1 Tables 1.2 and 1.4 (74,100 kg/TJ x 43.0 TJ/Gg) at 0.830 kg/l',
    tag: 'transcribed',
  },
  cng: {
    name: 'CNG combustion',
    value: 2.6928,
    unit: 'kg CO2/kg',
    source: 'IPCC 2006 Guidelines Vol. 2 Ch. 1 Tables 1.2 and 1.4, natural gas: 56,100 kg CO2/TJ x 48.0 TJ/Gg',
    tag: 'derived',
  },
} as const satisfies Record<string, FactorUse>;
