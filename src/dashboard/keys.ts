import { API_KEY_PREFIXES } from '../http/keys.js';
import type { Environment } from '../orders/types.js';

/** Characters of a key's secret kept in clear after its environment prefix, to tell keys apart. */
const SHOWN_SECRET_CHARACTERS = 6;

/** The start of a key that its list shows: `truecost_staging_` or `truecost_prod_` and six characters. */
export function keyPrefix(key: string, environment: Environment): string {
  return key.slice(0, API_KEY_PREFIXES[environment].length + SHOWN_SECRET_CHARACTERS);
}
