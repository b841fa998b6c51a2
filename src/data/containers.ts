import type { FactorUse } from './factor.js';

/** The container size-type codes the freight calculator accepts (ISO 6346 style). */
export const CONTAINER_TYPES = ['20BU', '45GP', '42GP', '22UP', '42UP', '42VH', '22TN'] as const;

/** One of {@link CONTAINER_TYPES}. */
export type ContainerType = (typeof CONTAINER_TYPES)[number];

/** A container type: its default tare and its maximum gross mass, both in tonnes. */
export interface ContainerSpec {
  readonly description: string;
  readonly tare: FactorUse;
  readonly maxGross: FactorUse;
}

const HAPAG = 'Hapag-Lloyd container specification brochure (as transcribed)';
const ISO_668_GROSS = 'ISO 668 rating of 20 ft and 40 ft freight containers';

/* @__NO_SIDE_EFFECTS__ */
function gross(value: number, source = ISO_668_GROSS): FactorUse {
  return { name: 'Container maximum gross mass', value, unit: 't', source, tag: 'transcribed' };
}

/* @__NO_SIDE_EFFECTS__ */
function tare(value: number, source: string, tag: FactorUse['tag']): FactorUse {
  return { name: 'Container default tare', value, unit: 't', source, tag };
}

/** Default tare and maximum gross mass of each accepted container type. */
export const containerSpecs: Readonly<Record<ContainerType, ContainerSpec>> = {
  '20BU': {
    description: '20 ft dry-bulk container (non-pressurised)',
    tare: tare(2.4, 'truecost assumption: 20 ft general purpose tare 2.23 t plus about 0.17 t of loading hatches', 'assumed'),
    maxGross: gross(30.48),
  },
  '45GP': {
    description: '40 ft high-cube general purpose container',
    tare: tare(3.94, `${HAPAG}, 40 ft high cube general purpose`, 'transcribed'),
    maxGross: gross(30.48),
  },
  '42GP': {
    description: '40 ft general purpose container',
    tare: tare(3.74, `${HAPAG}, 40 ft general purpose`, 'transcribed'),
    maxGross: gross(30.48),
  },
  '22UP': {
    description: '20 ft hard-top container',
    tare: tare(2.63, `${HAPAG}, 20 ft hard top`, 'transcribed'),
    maxGross: gross(30.48),
  },
  '42UP': {
    description: '40 ft hard-top container',
    tare: tare(4.2, `truecost assumption from ${HAPAG}: 40 ft high-cube hard top 4.35 t, standard height slightly lighter`, 'assumed'),
    maxGross: gross(30.48),
  },
  '42VH': {
    description: '40 ft ventilated container',
    tare: tare(3.9, 'truecost assumption: 40 ft general purpose tare plus ventilation fittings (20 ft ventilated 2.33 t)', 'assumed'),
    maxGross: gross(30.48),
  },
  '22TN': {
    description: '20 ft ISO tank for non-dangerous liquids',
    tare: tare(4.0, `${HAPAG}, 20 ft tank, tare 3.8 to 4.2 t: midpoint`, 'derived'),
    maxGross: gross(36, `${HAPAG}, 20 ft tank`),
  },
};
