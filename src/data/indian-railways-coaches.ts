import type { FactorUse } from './factor.js';

// Berths or seats per coach of each Indian Railways class in the ICF coach design (one body size for
// all mainline classes), and AC 3-tier against AC 3-tier economy in the LHB design (3E's only
// design, a longer body: it is compared with 3A within that design). Inputs of the per-class
// allocation of src/calculators/trip/indian-rail.ts. See docs/methodology.md, "Indian rail".

/** The classes of Indian Railways a rail leg may name. */
export const INDIAN_RAIL_CLASSES = ['1A', '2A', '3A', '3E', 'SL', 'CC', 'EC', '2S'] as const;
/** One of {@link INDIAN_RAIL_CLASSES}. */
export type IndianRailClass = (typeof INDIAN_RAIL_CLASSES)[number];

/* @__NO_SIDE_EFFECTS__ */
function capacity(label: string, value: number, source: string): FactorUse {
  return { name: `Berths or seats per coach, ${label}`, value, unit: 'places/coach', source, tag: 'transcribed' };
}

const WIKIPEDIA = 'Wikipedia, "Indian Railways coaching stock" (ICF coaches)';
const IRFCA = 'indiarailinfo.com FAQ 493 (IRFCA text), ICF coaches';
const RCF_2004 = 'rediff.com, 7 December 2004: Rail Coach Factory general manager on the ICF chair cars ("existing design 67 and 46")';

/** The classes compared within the ICF design. */
export type IcfRailClass = Exclude<IndianRailClass, '3E'>;

/** Places per ICF coach by class. */
export const icfCoachPlaces: Readonly<Record<IcfRailClass, FactorUse>> = {
  '1A': capacity('AC First (1A), ICF full coach', 18, WIKIPEDIA),
  '2A': capacity('AC 2-tier (2A), ICF', 48, WIKIPEDIA),
  '3A': capacity('AC 3-tier (3A), ICF', 64, WIKIPEDIA),
  SL: capacity('Sleeper (SL), ICF', 72, `${IRFCA}: "accommodation for 72 persons"`),
  CC: capacity('AC Chair Car (CC), ICF', 67, RCF_2004),
  EC: capacity('Executive Chair Car (EC), ICF', 46, RCF_2004),
  '2S': capacity('Second Sitting (2S), ICF', 108, IRFCA),
};

const ECONOMY_RELEASE = 'Ministry of Railways release on the AC 3-tier economy coach (March 2021), reported by The Shillong Times (21 March 2021): "83 berths from existing 72"';

/** Berths of the LHB AC 3-tier coach and of the LHB AC 3-tier economy coach built on it. */
export const lhbThirdAcPlaces = {
  '3A': capacity('AC 3-tier (3A), LHB', 72, ECONOMY_RELEASE),
  '3E': capacity('AC 3-tier economy (3E), LHB', 83, ECONOMY_RELEASE),
} as const satisfies Record<string, FactorUse>;
