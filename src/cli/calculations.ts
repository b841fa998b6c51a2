// `truecost report emissions` and `truecost calculations delete`: the operator's view of a
// partner's recorded calculations (docs/api.md, "Recorded calculations"): the emissions statement
// as CSV, and the deletion that ends their retention (docs/operations.md).
import { emissionsReportCsv } from '../http/emissions-csv.js';
import { checkEmissionsPeriod, isCalendarDay, readEmissionsReport } from '../orders/emissions-report.js';
import type { Environment } from '../orders/types.js';
import { environmentOf, partnerOf } from './admin.js';
import { dbUrlOf, lastingDbUrlOf, withStore } from './store-url.js';
import { parseCommand, required, UsageError } from './usage.js';

/** The option of each parameter `checkEmissionsPeriod` names in a problem. */
const PERIOD_OPTIONS: Readonly<Record<string, string>> = { from: '--from', to: '--to', group_by: '--group-by' };

/**
 * `truecost report emissions --partner P --env staging|production --from DAY --to DAY
 * [--group-by scope3_category|endpoint|month|client] [--db URL]`: the statement of the period as
 * CSV, as the API's `Accept: text/csv` answers it.
 */
export async function reportEmissionsCommand(args: readonly string[]): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    env: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    'group-by': { type: 'string' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const environment = environmentOf(values.env);
  const asked = { from: required(values.from, 'from'), to: required(values.to, 'to'), groupBy: values['group-by'] };
  const period = checkEmissionsPeriod(asked);
  if ('path' in period) {
    const option = PERIOD_OPTIONS[period.path] ?? period.path;
    const given = period.path === 'group_by' ? asked.groupBy : asked[period.path as 'from' | 'to'];
    throw new UsageError(`${option} ${JSON.stringify(given)} is refused: ${period.reason}`);
  }
  const report = await withStore(dbUrlOf(values.db), (store) => readEmissionsReport(store, { partnerId, environment }, period));
  return emissionsReportCsv(report).trimEnd();
}

/**
 * `truecost calculations delete --partner P --before DAY [--env staging|production] [--db URL]`:
 * deletes the partner's calculations that occurred before the UTC day, in one environment or both,
 * and says how many.
 */
export async function deleteCalculationsCommand(args: readonly string[]): Promise<string> {
  const { values, positionals } = parseCommand(args, {
    partner: { type: 'string' },
    before: { type: 'string' },
    env: { type: 'string' },
    db: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(positionals[0])}.`);
  const partnerId = partnerOf(values.partner);
  const before = required(values.before, 'before');
  if (!isCalendarDay(before)) throw new UsageError(`--before must be a day written YYYY-MM-DD (UTC); got ${JSON.stringify(before)}.`);
  const environment: Environment | undefined = values.env === undefined ? undefined : environmentOf(values.env);
  const deleted = await withStore(lastingDbUrlOf(values.db, 'calculations delete'), (store) =>
    store.deleteCalculations(partnerId, before, environment),
  );
  const where = environment ?? 'staging and production';
  return `Deleted ${deleted} recorded ${deleted === 1 ? 'calculation' : 'calculations'} of partner ${partnerId} (${where}) that occurred before ${before}.`;
}
