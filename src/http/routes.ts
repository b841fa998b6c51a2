import type { AnyRoute } from './route.js';
import { flightRoutes, roadRoutes } from './routes-calculators.js';
import { bulkRoutes } from './routes-bulk.js';
import { orderRoutes } from './routes-orders.js';
import { eventRoutes } from './routes-events.js';
import { certificateRoutes } from './routes-certificates.js';
import { systemRoutes } from './routes-system.js';
import { tripRoutes } from './routes-trip.js';
import { calculationRoutes } from './routes-calculations.js';

/**
 * The route table of the partner API: the single source of truth for the router, the `Allow`
 * header of a 405 and the OpenAPI document.
 *
 * @remarks Since 0.1.0
 */
export const routes: readonly AnyRoute[] = [
  ...systemRoutes,
  ...orderRoutes,
  ...eventRoutes,
  ...certificateRoutes,
  ...flightRoutes,
  ...roadRoutes,
  ...tripRoutes,
  ...calculationRoutes,
  ...bulkRoutes,
];
