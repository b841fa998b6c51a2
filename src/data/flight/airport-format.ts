// The packed form of the airport table (src/data/flight/airports.ts): written by
// scripts/airport-packing.ts, read by ./airport-index.ts. One fixed-width field per airport, in the
// order of the sorted IATA codes.

/** Characters of one IATA code. */
export const IATA_WIDTH = 3;
/** Characters of one ISO 3166-1 alpha-2 country. */
export const COUNTRY_WIDTH = 2;
/** Characters of one ICAO code. */
export const ICAO_WIDTH = 4;
/** The ICAO field of an airport without one. */
export const NO_ICAO = '....';
/** Base-36 digits of one coordinate: 36^5 exceeds 360 × 10^4. */
export const COORDINATE_WIDTH = 5;
/** Coordinates are kept in ten-thousandths of a degree (as OurAirports gives them in data/flight/). */
export const COORDINATE_SCALE = 10_000;
/** Added to latitudes and longitudes before packing, so that every packed value is positive. */
export const LATITUDE_OFFSET = 90;
export const LONGITUDE_OFFSET = 180;
