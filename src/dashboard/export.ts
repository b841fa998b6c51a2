// The export of a partner's orders (docs/dashboard.md, "Export"): every order the filters select,
// read newest first by keyset in batches and streamed as CSV or JSON Lines, so that the server holds
// one batch at a time whatever the partner's history; and every order event, as JSON Lines.
import { fromMicroClimes } from '../orders/climes.js';
import { eventBody, type EventPage } from '../orders/events.js';
import { orderState } from '../orders/machine.js';
import type { ListPosition, Store } from '../orders/store.js';
import type { OrderRecord } from '../orders/types.js';
import { csvLines } from './csv.js';
import type { Filters } from './listing-pages.js';
import { filtersOf, orderPosition, orderQuery } from './listings.js';
import type { Viewer } from './pages.js';
import { respond } from './responses.js';

/** Orders read per batch. */
export const EXPORT_BATCH = 500;

/** The formats of the export: CSV for spreadsheets, JSON Lines (one object per line) for programs. */
export type ExportFormat = 'csv' | 'jsonl';

const COLUMNS = ['environment', 'variant', 'partner_order_id', 'cart_id', 'state', 'climes', 'customer_name', 'customer_email', 'customer_phone', 'project_id', 'created_at', 'unlock_date', 'cancelled_at'] as const;

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson' };

function valuesOf(record: OrderRecord, at: number): (string | number | null)[] {
  const sent = record.order;
  const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
  return [record.environment, record.variant, record.partnerOrderId, record.cartId, orderState(record, at), fromMicroClimes(record.microClimes),
    sent.customer_name, sent.customer_email, sent.customer_phone ?? null, sent.project_id ?? null,
    iso(record.createdAt), iso(record.unlockDate), iso(record.cancelledAt)];
}

/** The lines of a batch in the format. */
export function exportLines(records: readonly OrderRecord[], at: number, format: ExportFormat): string {
  if (format === 'csv') return csvLines(records.map((record) => valuesOf(record, at)));
  return records.map((record) => `${JSON.stringify(Object.fromEntries(valuesOf(record, at).map((value, index) => [COLUMNS[index], value])))}\n`).join('');
}

/**
 * The download's file name: what it holds, e.g. `truecost-orders-acme-production-unlocked-2026-11-27.csv`
 * (the partner, the environment, the variant and state filters when set, the day of the export in UTC).
 */
export function exportFileName(partnerId: string, filters: Filters, at: number, format: ExportFormat): string {
  const parts = [partnerId, filters['env'], filters['variant'], filters['state'], filters['q'] === undefined ? undefined : 'search'];
  const words = parts.filter((part): part is string => part !== undefined).map((part) => part.replace(/[^A-Za-z0-9._-]+/g, '_'));
  return `truecost-orders-${words.join('-')}-${new Date(at).toISOString().slice(0, 10)}.${format}`;
}

/**
 * A streamed download read in batches: `first` is read before answering, so that a store that
 * cannot answer gives an error page; each later batch is read only when the reader wants more (the
 * response's consumer sets the pace), and a failure then cuts the download short (the client sees
 * an incomplete transfer) and is reported to `onError`.
 */
async function streamedDownload<Batch>(spec: {
  readonly first: () => Promise<Batch>;
  readonly next: (batch: Batch) => Promise<Batch> | undefined;
  readonly lines: (batch: Batch) => string;
  readonly heading: string;
  readonly contentType: string;
  readonly fileName: string;
  readonly onError: ((error: unknown) => void) | undefined;
}): Promise<Response> {
  const encoder = new TextEncoder();
  let batch = await spec.first();
  let pending = spec.heading + spec.lines(batch);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (pending !== '') {
          controller.enqueue(encoder.encode(pending));
          pending = '';
        }
        const reading = spec.next(batch);
        if (reading === undefined) return controller.close();
        batch = await reading;
        pending = spec.lines(batch);
      } catch (error) {
        spec.onError?.(error);
        controller.error(error);
      }
    },
  }, { highWaterMark: 0 });
  return respond(200, body, { 'content-type': spec.contentType, 'content-disposition': `attachment; filename="${spec.fileName}"` });
}

/** Every order the filters of `url` select, at `at`, as a streamed download (`streamedDownload`). */
export async function exportOrders(store: Store, viewer: Viewer, url: URL, at: number, format: ExportFormat, onError?: (error: unknown) => void): Promise<Response> {
  const { filters, environment } = filtersOf(url, 'orders');
  const read = (after: ListPosition | undefined) =>
    store.listOrders(viewer.partnerId, orderQuery(filters, environment, { limit: EXPORT_BATCH, ...(after === undefined ? {} : { after }) }, at));
  return streamedDownload({
    first: () => read(undefined),
    next: (batch) => {
      const last = batch.items.at(-1);
      return batch.hasMore && last !== undefined ? read(orderPosition(last)) : undefined;
    },
    lines: (batch) => exportLines(batch.items, at, format),
    heading: format === 'csv' ? csvLines([[...COLUMNS]]) : '',
    contentType: CONTENT_TYPES[format],
    fileName: exportFileName(viewer.partnerId, filters, at, format),
    onError,
  });
}

/**
 * Every order event of the partner in the environment of `?env=` (default staging), oldest first,
 * as JSON Lines: one event per line, as the webhooks and the events feed carry it (no customer
 * field), read from the feed in batches.
 */
export async function exportEvents(store: Store, viewer: Viewer, url: URL, at: number, onError?: (error: unknown) => void): Promise<Response> {
  const { filters, environment } = filtersOf(url, 'orders');
  const scope = { partnerId: viewer.partnerId, environment };
  const read = async (after: string | undefined): Promise<EventPage> =>
    (await store.listEvents(scope, { limit: EXPORT_BATCH, ...(after === undefined ? {} : { after }) })) ?? { items: [], hasMore: false };
  return streamedDownload({
    first: () => read(undefined),
    next: (batch) => {
      const last = batch.items.at(-1);
      return batch.hasMore && last !== undefined ? read(last.eventId) : undefined;
    },
    lines: (batch) => batch.items.map((event) => `${JSON.stringify(eventBody(event, event.order))}\n`).join(''),
    heading: '',
    contentType: CONTENT_TYPES.jsonl,
    fileName: `truecost-events-${[viewer.partnerId, filters['env']].map((part) => String(part).replace(/[^A-Za-z0-9._-]+/g, '_')).join('-')}-${new Date(at).toISOString().slice(0, 10)}.jsonl`,
    onError,
  });
}
