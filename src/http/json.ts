// JSON text of the hottest answers, written field by field: the same text as JSON.stringify, at
// a fraction of its cost for a known shape (docs/http.md, "Speed"). Property tests in
// test/http/json.test.ts hold each writer to JSON.stringify for arbitrary values of its type.
import { successMessages } from '../errors.js';
import type { FlightResponse } from '../schemas/flight.js';

/** True when JSON writes `value` as it is between quotes: no `"`, `\`, control character or surrogate. */
export function writtenAsIs(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}

/**
 * A string as JSON text, exactly as `JSON.stringify` writes it. A string {@link writtenAsIs} is
 * quoted as it is; any other goes to `JSON.stringify`, which alone decides how to escape.
 */
export function jsonString(value: string): string {
  return writtenAsIs(value) ? `"${value}"` : JSON.stringify(value);
}

/** The start of every E6 answer, up to its list: written once. */
const FLIGHT_RESPONSE_START = `{"message":${jsonString(successMessages.truecostCalculated)},"truecost":[`;

/**
 * The E6 answer as JSON text: `JSON.stringify(body)`, written for its one shape. Where both strings
 * of an element are written as they are (every id a partner is likely to send, every truecost),
 * the element is one template with the quotes in it: two strings fewer to join per element.
 */
export function flightResponseJson(body: FlightResponse): string {
  let text = body.message === successMessages.truecostCalculated ? FLIGHT_RESPONSE_START : `{"message":${jsonString(body.message)},"truecost":[`;
  const { truecost } = body;
  for (let index = 0; index < truecost.length; index += 1) {
    const { flight_id: id, truecost: tonnes } = truecost[index]!;
    if (index > 0) text += ',';
    text +=
      writtenAsIs(id) && writtenAsIs(tonnes)
        ? `{"flight_id":"${id}","truecost":"${tonnes}"}`
        : `{"flight_id":${jsonString(id)},"truecost":${jsonString(tonnes)}}`;
  }
  return `${text}]}`;
}
