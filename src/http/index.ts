/**
 * truecost/http: the partner HTTP API as one fetch handler, with adapters for Node's http,
 * Express, Fastify and Hono.
 *
 * @packageDocumentation
 */
export { apiErrors } from '../errors.js';
