import * as z from 'zod/mini';
import { addIssue, storableString } from './common.js';

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
  readonly iata?: string;
  /** A port's UN/LOCODE, e.g. `INNSA`. */
  readonly locode?: string;
  /** An India PIN code of six digits, e.g. `411001`. */
  readonly pin?: string;
  /** Degrees north of the equator (WGS-84), -90 to 90. */
  readonly lat?: number;
  /** Degrees east of Greenwich (WGS-84), -180 to 180. */
  readonly lon?: number;
}

const PLACE_KINDS = ['iata', 'locode', 'pin'] as const;

/**
 * A place: `{ iata }`, `{ locode }`, `{ pin }` or `{ lat, lon }`; codes are upper-cased.
 *
 * @remarks Since 0.6.0
 */
export const placeSchema = /* @__PURE__ */ z.pipe(
  z.object({
    iata: z.optional(storableString().check(z.regex(/^[A-Za-z]{3}$/, 'Must be a three-letter IATA airport code, such as BOM.'))),
    locode: z.optional(storableString().check(z.regex(/^[A-Za-z]{2}[A-Za-z2-9]{3}$/, 'Must be a five-character UN/LOCODE, such as INNSA.'))),
    pin: z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((pin) => String(pin)),
      ).check(z.regex(/^[1-9]\d{5}$/, 'Must be an India PIN code of six digits, such as 411001.')),
    ),
    lat: z.optional(z.number().check(z.gte(-90), z.lte(90))),
    lon: z.optional(z.number().check(z.gte(-180), z.lte(180))),
  }),
  z.transform((place, payload): Place => {
    const kinds = PLACE_KINDS.filter((kind) => place[kind] !== undefined);
    const point = place.lat !== undefined || place.lon !== undefined;
    if (kinds.length + (point ? 1 : 0) !== 1) {
      addIssue(payload, [], 'Must be exactly one of { iata }, { locode }, { pin } or { lat, lon }.');
      return z.NEVER;
    }
    if (point) {
      if (place.lat === undefined || place.lon === undefined) {
        addIssue(payload, [place.lat === undefined ? 'lat' : 'lon'], 'lat and lon go together: send both.');
        return z.NEVER;
      }
      return { lat: place.lat, lon: place.lon };
    }
    const kind = kinds[0]!;
    return { [kind]: String(place[kind]).toUpperCase() };
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
  readonly avoid?: readonly SeaPassage[];
}

/** The fields a leg given by places adds to its schema. */
export const legRouteShape = {
  origin: /* @__PURE__ */ z.optional(
    placeSchema.check(z.describe('Where the leg starts, instead of its distance: exactly one of { iata }, { locode }, { pin } or { lat, lon }; with destination (docs/api.md, "Legs given by places").')),
  ),
  destination: /* @__PURE__ */ z.optional(placeSchema.check(z.describe('Where the leg ends: exactly one of { iata }, { locode }, { pin } or { lat, lon }; with origin.'))),
  avoid: /* @__PURE__ */ z.optional(
    z.array(z.enum(SEA_PASSAGES)).check(z.describe('Sea legs given by places: the passages closed to the route (e.g. suez, which sends it round the Cape of Good Hope).')),
  ),
};

/**
 * The route of a parsed leg: undefined when it sent neither place, else both places (a missing one
 * is reported at its path). `distanceField` names the distance the places stand for.
 */
export function legRoute(
  leg: { readonly origin?: Place | undefined; readonly destination?: Place | undefined; readonly avoid?: readonly SeaPassage[] | undefined },
  payload: z.core.ParsePayload,
  distanceField: string,
): LegRoute | undefined | 'refused' {
  const { origin, destination, avoid } = leg;
  if (origin === undefined && destination === undefined) {
    if (avoid !== undefined) {
      addIssue(payload, ['avoid'], 'Applies only to a leg given by origin and destination.');
      return 'refused';
    }
    return undefined;
  }
  if (origin === undefined || destination === undefined) {
    addIssue(payload, [origin === undefined ? 'origin' : 'destination'], `Required with ${origin === undefined ? 'destination' : 'origin'}: send both places, or ${distanceField} alone.`);
    return 'refused';
  }
  return avoid === undefined ? { origin, destination } : { origin, destination, avoid };
}
