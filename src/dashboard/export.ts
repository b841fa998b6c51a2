// The export of a partner's orders (docs/dashboard.md, "Export"): every order the filters select,
// read newest first by keyset in batches and streamed as CSV or JSON Lines, so that the server holds
// one batch at a time whatever the partner's history. Order events have no export yet.
import { fromMicroClimes } from '../orders/climes.js';
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
 * Every order the filters of `url` select, at `at`, as a streamed download. The first batch is read
 * before answering, so that a store that cannot answer gives an error page; a failure later cuts
 * the download short (the client sees an incomplete transfer) and is reported to `onError`.
 */
export async function exportOrders(store: Store, viewer: Viewer, url: URL, at: number, format: ExportFormat, onError?: (error: unknown) => void): Promise<Response> {
  const { filters, environment } = filtersOf(url, 'orders');
  const read = (after: ListPosition | undefined) =>
    store.listOrders(viewer.partnerId, orderQuery(filters, environment, { limit: EXPORT_BATCH, ...(after === undefined ? {} : { after }) }, at));
  const encoder = new TextEncoder();
  let batch = await read(undefined);
  let pending = (format === 'csv' ? csvLines([[...COLUMNS]]) : '') + exportLines(batch.items, at, format);
  const body = new ReadableStream<Uint8Array>({
    // Called only when the reader wants more: the response's consumer sets the pace.
    async pull(controller) {
      try {
        if (pending !== '') {
          controller.enqueue(encoder.encode(pending));
          pending = '';
        }
        const last = batch.items.at(-1);
        if (!batch.hasMore || last === undefined) return controller.close();
        batch = await read(orderPosition(last));
        pending = exportLines(batch.items, at, format);
      } catch (error) {
        onError?.(error);
        controller.error(error);
      }
    },
  }, { highWaterMark: 0 });
  return respond(200, body, {
    'content-type': CONTENT_TYPES[format],
    'content-disposition': `attachment; filename="${exportFileName(viewer.partnerId, filters, at, format)}"`,
  });
}
