import * as z from 'zod/mini';
import { rule, type ReportIssue } from './common.js';

// A leg given by its two places instead of its distance (docs/methodology.md, "Distances from
// places"). The schema checks the shape only; truecost/places resolves the codes, so that a
// calculator that never meets a place never loads the tables.

/**
 * Passages of the sea network a sea leg may avoid (`avoid`), each a strait, canal or cape of the
 * network's source (docs/data-sources.md, "Places").
 *
 * @remarks Since 0.6.0
 */
export const SEA_PASSAGES = [
  'suez',
  'panama',
  'bab_el_mandeb',
  'malacca',
  'sunda',
  'hormuz',
  'gibraltar',
  'bosporus',
  'dardanelles',
  'bering',
  'cape_of_good_hope',
  'cape_horn',
  'northwest_passage',
] as const;
/**
 * One of {@link SEA_PASSAGES}.
 *
 * @remarks Since 0.6.0
 */
export type SeaPassage = (typeof SEA_PASSAGES)[number];

/**
 * A place as sent: exactly one of an airport's IATA code, a port's UN/LOCODE, an India PIN code, or
 * a latitude and longitude in degrees (WGS-84).
 *
 * @remarks Since 0.6.0
 */
export interface Place {
  /** An airport's IATA code, e.g. `BOM`. */
  readonly iata?: string | undefined;
  /** A port's UN/LOCODE, e.g. `INNSA`. */
  readonly locode?: string | undefined;
  /** An India PIN code of six digits, e.g. `411001`. */
  readonly pin?: string | undefined;
  /** Degrees north of the equator (WGS-84), -90 to 90. */
  readonly lat?: number | undefined;
  /** Degrees east of Greenwich (WGS-84), -180 to 180. */
  readonly lon?: number | undefined;
}

/**
 * A place: exactly one of `{ iata }`, `{ locode }`, `{ pin }` or `{ lat, lon }`. The codes (any
 * case) and the coordinates' ranges are checked by `truecost/places` when it resolves the place,
 * not here, so that a bundle without places carries neither the tables nor their rules.
 *
 * @remarks Since 0.6.0
 */
export const placeSchema = /* @__PURE__ */ z
  .object({
    iata: z.optional(z.string()),
    locode: z.optional(z.string()),
    pin: z.optional(z.string()),
    lat: z.optional(z.number()),
    lon: z.optional(z.number()),
  })
  .check(
    rule((place: Place, report) => {
      const sent = [place.iata, place.locode, place.pin, place.lat ?? place.lon].filter((value) => value !== undefined).length;
      if (sent !== 1 || (place.lat === undefined) !== (place.lon === undefined)) report([], 'Exactly one of iata, locode, pin, or lat and lon.');
    }),
  );

/**
 * The places of a leg sent instead of its distance, and the sea passages it avoids.
 *
 * @remarks Since 0.6.0
 */
export interface LegRoute {
  readonly origin: Place;
  readonly destination: Place;
  /** The passages closed to a sea route, each one of {@link SEA_PASSAGES} (checked when the route is resolved). */
  readonly avoid?: readonly string[];
}

/**
 * The places a parsed leg keeps as they were sent (so that no field of the body reads as ignored):
 * both or neither, and `avoid` only with them.
 *
 * @remarks Since 0.6.0
 */
export interface LegPlaces {
  readonly origin?: Place;
  readonly destination?: Place;
  /** The passages closed to a sea route (see {@link LegRoute}). */
  readonly avoid?: string[];
}

/** The fields a leg given by places adds to its schema. */
export const legRouteShape = {
  origin: /* @__PURE__ */ z.optional(placeSchema),
  destination: /* @__PURE__ */ z.optional(placeSchema),
  // The names are checked by truecost/places (SEA_PASSAGES), so that a bundle without places does not carry them.
  avoid: /* @__PURE__ */ z.optional(z.array(z.string())),
};

/**
 * The route of a parsed leg: undefined when it sent neither place, else both places; a missing
 * place, or `avoid` without places, is reported at its path, and the answer is then `refused`.
 */
export function legRoute(
  leg: { readonly origin?: Place | undefined; readonly destination?: Place | undefined; readonly avoid?: readonly string[] | undefined },
  report: ReportIssue,
): LegRoute | undefined | 'refused' {
  const { origin, destination, avoid } = leg;
  if (origin === undefined || destination === undefined) {
    const missing = origin === undefined ? (destination === undefined ? (avoid === undefined ? undefined : 'avoid') : 'origin') : 'destination';
    if (missing === undefined) return undefined;
    report([missing], 'Send both origin and destination.');
    return 'refused';
  }
  return avoid === undefined ? { origin, destination } : { origin, destination, avoid };
}
