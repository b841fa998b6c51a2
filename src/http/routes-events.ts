// The events feed (docs/api.md, "Order events"): the partner's order events, oldest first, by
// cursor, for a receiver that missed deliveries. The same ids and bodies as the webhooks.
import { eventBody } from '../orders/events.js';
import { DEFAULT_EVENTS_LIMIT, listEventsResponseSchema, MAX_EVENTS_LIMIT } from '../schemas/events.js';
import type { ValidationProblem } from '../validation/validate.js';
import * as z from 'zod/mini';
import { failure, success } from './reply.js';
import { defineRoute, type AnyRoute } from './route.js';

/** What a feed's query string asks for. */
interface EventsQuery {
  readonly after?: string;
  readonly limit: number;
}

const LIMIT = /^[1-9][0-9]{0,5}$/;

/** The query parameters the feed reads; any other is refused, as the service's own endpoints refuse what they do not read. */
const FEED_PARAMETERS = ['after', 'limit'];

/** The feed's query: `after` (an event id) and `limit` (1 to the maximum), each at most once; else the problem to answer 400 with. */
export function eventsQuery(query: string): EventsQuery | ValidationProblem {
  const params = new URLSearchParams(query);
  for (const name of params.keys()) {
    if (!FEED_PARAMETERS.includes(name)) return { path: name, reason: `Unknown query parameter; this route reads ${FEED_PARAMETERS.join(', ')}.` };
  }
  const afters = params.getAll('after');
  const limits = params.getAll('limit');
  if (afters.length > 1 || afters[0] === '') return { path: 'after', reason: 'after must be the id of an event, given at most once.' };
  if (limits.length > 1) return { path: 'limit', reason: 'limit must be given at most once.' };
  const limit = limits[0] === undefined ? DEFAULT_EVENTS_LIMIT : LIMIT.test(limits[0]) ? Number(limits[0]) : NaN;
  if (!(limit >= 1 && limit <= MAX_EVENTS_LIMIT)) return { path: 'limit', reason: `limit must be a whole number from 1 to ${MAX_EVENTS_LIMIT}.` };
  return afters[0] === undefined ? { limit } : { after: afters[0], limit };
}

/** `GET /v3/integrations/events`. */
export const eventRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v3/integrations/events',
    operationId: 'listEvents',
    summary: 'List order events',
    description:
      "The order events of the key's partner and environment, oldest first: the same events, ids and bodies as the signed webhooks the events endpoint receives. Page with `after`, the id of the last event of the previous page, while `has_more` is true.",
    tag: 'Orders',
    auth: true,
    queryParameters: [
      { name: 'after', description: 'The id of an event of this partner and environment: the page starts after it. Absent: from the oldest event. An unknown id is a 400.', schema: z.string() },
      {
        name: 'limit',
        description: `How many events the page holds at most: 1 to ${MAX_EVENTS_LIMIT} (default ${DEFAULT_EVENTS_LIMIT}). Anything else is a 400.`,
        schema: z.string(),
      },
    ],
    responses: [{ status: 200, description: 'A page of events.', schema: listEventsResponseSchema }],
    failures: ['badRequest'],
    serverError: 'serverError',
    async handle({ query, scope, store }) {
      const asked = eventsQuery(query ?? '');
      if ('path' in asked) return failure('badRequest', asked);
      const page = await store.listEvents(scope, asked);
      if (page === undefined) return failure('badRequest', { path: 'after', reason: 'No event of this partner and environment has this id.' });
      return success(200, { events: page.items.map((event) => eventBody(event, event.order)), has_more: page.hasMore });
    },
  }),
];
