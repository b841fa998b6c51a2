// JSON text of the hottest answers, written field by field: the same text as JSON.stringify, at
// a fraction of its cost for a known shape (docs/http.md, "Speed"). Property tests in
// test/http/json.test.ts hold each writer to JSON.stringify for arbitrary values of its type.
import type { FlightResponse } from '../schemas/flight.js';

/**
 * A string as JSON text, exactly as `JSON.stringify` writes it. A string with nothing to escape
 * (no `"`, `\`, control character or surrogate) is quoted as it is; any other goes to
 * `JSON.stringify`, which alone decides how to escape.
 */
export function jsonString(value: string): string {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(value);
  }
  return `"${value}"`;
}

/** The E6 answer as JSON text: `JSON.stringify(body)`, written for its one shape. */
export function flightResponseJson(body: FlightResponse): string {
  let text = `{"message":${jsonString(body.message)},"truecost":[`;
  const { truecost } = body;
  for (let index = 0; index < truecost.length; index += 1) {
    const item = truecost[index]!;
    text += `${index === 0 ? '' : ','}{"flight_id":${jsonString(item.flight_id)},"truecost":${jsonString(item.truecost)}}`;
  }
  return `${text}]}`;
}
