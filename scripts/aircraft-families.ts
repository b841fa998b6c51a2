// The members of the aircraft families TIM's Appendix A names by a family code (support
// `least-in-family` in ./aircraft-mapping.ts: "Boeing 737" is `737`, flown as its least efficient
// member). Each family lists the ICAO type designators (ICAO Doc 8643) of its variants that truecost
// has fuel and seat data for. scripts/carrier-families.ts finds which member each carrier flies most
// in T-100, and the generated table is what the runtime reads (docs/methodology.md, "Aircraft
// families by operating carrier"); test/calculators/flight/family.test.ts holds every choice to them.

/** TIM family code -> the ICAO designators of its members, oldest first. */
export const AIRCRAFT_FAMILY_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  // Airbus A318/319/320/321 (the first generation; the neo types have codes of their own).
  '32S': ['A318', 'A319', 'A320', 'A321'],
  '330': ['A332', 'A333', 'A338', 'A339'],
  '340': ['A342', 'A343', 'A345', 'A346'],
  '350': ['A359', 'A35K'],
  '737': ['B732', 'B733', 'B734', 'B735', 'B736', 'B737', 'B738', 'B739', 'B38M', 'B39M'],
  '747': ['B741', 'B742', 'B743', 'B744', 'B748'],
  '757': ['B752', 'B753'],
  '767': ['B762', 'B763', 'B764'],
  '777': ['B772', 'B773', 'B77L', 'B77W'],
  '787': ['B788', 'B789', 'B78X'],
  '146': ['B461', 'B462', 'B463'],
  '220': ['BCS1', 'BCS3'],
  ATR: ['AT43', 'AT45', 'AT46', 'AT72', 'AT73', 'AT75', 'AT76'],
  CRJ: ['CRJ1', 'CRJ2', 'CRJ7', 'CRJ9', 'CRJX'],
  DH8: ['DH8A', 'DH8B', 'DH8C', 'DH8D'],
  // Embraer 170/195: the first-generation E-Jets (the E2 types have codes of their own).
  EMJ: ['E170', 'E75L', 'E75S', 'E190', 'E195'],
  ERJ: ['E135', 'E145'],
};
