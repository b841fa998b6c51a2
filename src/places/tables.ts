import { PLACE_COORDINATE_SCALE, unpackNumbers } from '../data/places/format.js';
import { PIN_ROWS } from '../data/places/pins.js';
import { PORT_CODES, PORT_COORDINATES, PORT_NAMES } from '../data/places/ports.js';
import type { Coordinates } from '../data/flight/airport-locations.js';

// The ports and India PIN codes of truecost/places, unpacked on first use (./data/places/).

/** A port of the table, by UN/LOCODE. */
export interface Port extends Coordinates {
  readonly locode: string;
  readonly name: string;
}

let ports: Map<string, Port> | undefined;
let pins: Map<string, Coordinates> | undefined;

function portTable(): Map<string, Port> {
  if (ports !== undefined) return ports;
  const names = PORT_NAMES.split('|');
  const deltas = unpackNumbers(PORT_COORDINATES);
  ports = new Map();
  let latitude = 0;
  let longitude = 0;
  names.forEach((name, row) => {
    latitude += deltas[2 * row]!;
    longitude += deltas[2 * row + 1]!;
    const locode = PORT_CODES.slice(5 * row, 5 * row + 5);
    ports!.set(locode, { locode, name, latitude: latitude / PLACE_COORDINATE_SCALE, longitude: longitude / PLACE_COORDINATE_SCALE });
  });
  return ports;
}

function pinTable(): Map<string, Coordinates> {
  if (pins !== undefined) return pins;
  const numbers = unpackNumbers(PIN_ROWS);
  pins = new Map();
  let pin = 0;
  let latitude = 0;
  let longitude = 0;
  for (let i = 0; i < numbers.length; i += 3) {
    pin += numbers[i]!;
    latitude += numbers[i + 1]!;
    longitude += numbers[i + 2]!;
    pins.set(String(pin), { latitude: latitude / PLACE_COORDINATE_SCALE, longitude: longitude / PLACE_COORDINATE_SCALE });
  }
  return pins;
}

/**
 * A port by UN/LOCODE (upper case), from the table of truecost/places.
 *
 * @returns The port, or undefined when the code is not in the table.
 * @example
 * ```ts
 * portByLocode('INNSA'); // { locode: 'INNSA', name: 'Jawaharlal Nehru Port', latitude: 18.95, longitude: 72.95 }
 * ```
 * @remarks Since 0.6.0
 */
export function portByLocode(locode: string): Port | undefined {
  return portTable().get(locode);
}

/**
 * The centroid of an India PIN code (six digits), from the table of truecost/places.
 *
 * @returns Its coordinates in degrees, or undefined when the code is not in the table.
 * @example
 * ```ts
 * pinCentroid('411001'); // { latitude: 18.53, longitude: 73.88 }
 * ```
 * @remarks Since 0.6.0
 */
export function pinCentroid(pin: string): Coordinates | undefined {
  return pinTable().get(pin);
}
