import type { FactorUse } from '../factor.js';

// The constants of the distance rules of legs given by places (docs/methodology.md, "Distances
// from places"), each with its citation.

/** Added to the great-circle distance of a flight for the routing and holding around airports. */
export const AIR_DISTANCE_ADDITION: FactorUse = {
  name: 'Great-circle distance correction of a flight',
  value: 95,
  unit: 'km',
  source: 'EN 16258:2012 (great-circle distance plus 95 km for a flight), as ISO 14083:2023 practice and the GLEC Framework keep it when the flown distance is unknown; cited by pledge4future co2calculator from CSN EN 16258:2012',
  tag: 'transcribed',
};

/** Road distance over great-circle distance. */
export const ROAD_CIRCUITY: FactorUse = {
  name: 'Road circuity factor',
  value: 1.2,
  unit: 'road km / great-circle km',
  source: 'Newell (1980), Traffic Flow on Transportation Networks, MIT Press: network distance about 1.2 times the straight line; O\'Sullivan (1996) finds 1.21 to 1.23 (as summarised in Wikibooks, Transportation Geography and Network Science, "Circuity")',
  tag: 'transcribed',
};

/** Rail distance over great-circle distance: the road factor, no rail-specific factor having been found published. */
export const RAIL_CIRCUITY: FactorUse = {
  name: 'Rail circuity factor (road value)',
  value: ROAD_CIRCUITY.value,
  unit: 'rail km / great-circle km',
  source: `${ROAD_CIRCUITY.source}; used for rail for want of a published rail factor`,
  tag: 'assumed',
};
