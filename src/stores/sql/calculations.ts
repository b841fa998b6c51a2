// Recorded calculations in the SQL stores (docs/api.md, "Recorded calculations"): the statements
// both dialects share, the rows and the methods that are reads. Recording and deleting run in each
// store's own transactions (sqlite/calculations.ts, postgres/calculations.ts).
import {
  EMISSIONS_GROUPINGS,
  rollupKeyOf,
  startOfUtcDay,
  UNCLASSIFIED_GROUP,
  type CalculationDataType,
  type CalculationEndpoint,
  type CalculationRecord,
  type CalculationStore,
  type EmissionsGrouping,
  type EmissionsRollupRow,
  type RollupKey,
} from '../../orders/calculations.js';
import { ENVIRONMENTS, type Environment } from '../../orders/types.js';
import { integerOrNull, type Decoders, type DialectName, type SqlInteger } from './dialect.js';
import { keyset, listingSelect, pageOf, type Bound } from './listings.js';
import type { SqlRunner } from './queries.js';
import type { Parameters } from './statements.js';
import { tables, type Column } from './tables.js';

const tableNamed = (name: string) => tables.find((table) => table.name === name)!;

/** The columns of `calculations` and of `calculation_days`, as ./tables.ts declares them. */
export const CALCULATION_COLUMNS: readonly Column[] = tableNamed('calculations').columns;
export const CALCULATION_DAY_COLUMNS: readonly Column[] = tableNamed('calculation_days').columns;

/** Adds an inserted row's count and grams to the day's totals when the day has its row already. */
export const ADD_TO_DAY_TOTALS = `ON CONFLICT (${tableNamed('calculation_days').primaryKey!.join(', ')}) DO UPDATE SET
    calculation_count = calculation_days.calculation_count + excluded.calculation_count,
    well_to_wheel_g = calculation_days.well_to_wheel_g + excluded.well_to_wheel_g,
    tank_to_wheel_g = calculation_days.tank_to_wheel_g + excluded.tank_to_wheel_g,
    well_to_tank_g = calculation_days.well_to_tank_g + excluded.well_to_tank_g,
    primary_g = calculation_days.primary_g + excluded.primary_g`;

/** A row of `calculations`. */
export interface CalculationRow {
  calculation_id: string;
  partner_id: string;
  environment: Environment;
  endpoint: CalculationEndpoint;
  reference: string | null;
  client: string | null;
  occurred_at: SqlInteger;
  recorded_at: SqlInteger;
  scope3_category: number | null;
  methodology_version: string;
  well_to_wheel_g: SqlInteger;
  tank_to_wheel_g: SqlInteger;
  well_to_tank_g: SqlInteger;
  primary_g: SqlInteger;
  data_type: CalculationDataType;
  query: string;
  request_json: string;
  response_json: string;
}

/** A row of an `emissionsRollup` statement: one group and methodology version, summed over days. */
interface RollupRow {
  statement_group: string;
  methodology_version: string;
  calculation_count: SqlInteger;
  well_to_wheel_g: SqlInteger;
  tank_to_wheel_g: SqlInteger;
  well_to_tank_g: SqlInteger;
  primary_g: SqlInteger;
}

/** Which filters a calculations listing has: both client and reference read the reference's index. */
type CalculationFilter = 'any' | 'client' | 'reference' | 'both';
const FILTERS: readonly CalculationFilter[] = ['any', 'client', 'reference', 'both'];
const FILTER_TERMS: Readonly<Record<CalculationFilter, string[]>> = {
  any: [],
  client: ['client = :client'],
  reference: ['reference = :reference'],
  both: ['reference = :reference', 'client = :client'],
};
/** A listing reads forward only: the first page, or the page after a calculation. */
const CALCULATION_BOUNDS = ['first', 'after'] as const satisfies readonly Bound[];
type CalculationBound = (typeof CALCULATION_BOUNDS)[number];

const listingName = (filter: CalculationFilter, bound: CalculationBound) => `listing calculations ${filter} ${bound}` as const;
const rollupName = (groupBy: EmissionsGrouping) => `emissionsRollup ${groupBy}` as const;

/**
 * The statement group of a `calculation_days` row, as SQL: the same as `groupOf` (src/orders/calculations.ts).
 * A client named like the unclassified group joins it, as it does there.
 */
const GROUP_SQL: Readonly<Record<EmissionsGrouping, string>> = {
  scope3_category: `CASE WHEN scope3_category = 0 THEN '${UNCLASSIFIED_GROUP}' ELSE CAST(scope3_category AS TEXT) END`,
  endpoint: 'endpoint',
  month: 'substr(day, 1, 7)',
  client: `CASE WHEN client = '' THEN '${UNCLASSIFIED_GROUP}' ELSE client END`,
};

/** The statements of recorded calculations both stores run. */
export function calculationStatements(dialect: DialectName) {
  const listings = {} as Record<ReturnType<typeof listingName>, string>;
  for (const filter of FILTERS) {
    for (const bound of CALCULATION_BOUNDS) {
      const { where, order } = keyset(dialect, 'occurred_at', 'calculation_id', bound);
      // A listing without a period reads from the earliest to the latest safe integer, so that one
      // statement per filter serves every period and each reads its index as a range.
      const period = ['occurred_at >= :from', 'occurred_at < :to'];
      listings[listingName(filter, bound)] = listingSelect('calculations', [...FILTER_TERMS[filter], ...period, ...where], order);
    }
  }
  const rollups = {} as Record<ReturnType<typeof rollupName>, string>;
  for (const groupBy of EMISSIONS_GROUPINGS) {
    const group = GROUP_SQL[groupBy];
    // Reads the per-day totals only, by their primary key's range of days.
    rollups[rollupName(groupBy)] = `SELECT ${group} AS statement_group, methodology_version,
    SUM(calculation_count) AS calculation_count, SUM(well_to_wheel_g) AS well_to_wheel_g, SUM(tank_to_wheel_g) AS tank_to_wheel_g,
    SUM(well_to_tank_g) AS well_to_tank_g, SUM(primary_g) AS primary_g FROM calculation_days
    WHERE partner_id = :partnerId AND environment = :environment AND day >= :fromDay AND day < :toDay
    GROUP BY ${group}, methodology_version ORDER BY statement_group, methodology_version`;
  }
  return {
    calculation: `SELECT * FROM calculations WHERE calculation_id = :calculationId AND partner_id = :partnerId AND environment = :environment`,
    calculationPosition: `SELECT occurred_at FROM calculations WHERE calculation_id = :calculationId
    AND partner_id = :partnerId AND environment = :environment`,
    orderCredits: `SELECT COUNT(*) AS orders, COALESCE(SUM(micro_climes), 0) AS micro_climes FROM orders
    WHERE partner_id = :partnerId AND environment = :environment AND created_at >= :from AND created_at < :to`,
    deleteCalculations: `DELETE FROM calculations WHERE partner_id = :partnerId AND environment = :environment AND occurred_at < :before`,
    deleteCalculationDays: `DELETE FROM calculation_days WHERE partner_id = :partnerId AND environment = :environment AND day < :beforeDay`,
    ...rollups,
    ...listings,
  };
}

/** The columns of a calculation's row by name; what was asked and answered as JSON text, kept byte for byte. */
export function calculationColumns(record: CalculationRecord): Record<string, unknown> {
  return {
    calculation_id: record.calculationId,
    partner_id: record.partnerId,
    environment: record.environment,
    endpoint: record.endpoint,
    reference: record.reference,
    client: record.client,
    occurred_at: record.occurredAt,
    recorded_at: record.recordedAt,
    scope3_category: record.scope3Category,
    methodology_version: record.methodologyVersion,
    well_to_wheel_g: record.wellToWheelGrams,
    tank_to_wheel_g: record.tankToWheelGrams,
    well_to_tank_g: record.wellToTankGrams,
    primary_g: record.primaryGrams,
    data_type: record.dataType,
    query: record.query,
    request_json: JSON.stringify(record.request),
    response_json: JSON.stringify(record.response),
  };
}

/** The count and grams a day's totals hold. */
type DayTotals = Omit<EmissionsRollupRow, 'group' | 'methodologyVersion'>;

/**
 * What the calculations add to their days' totals: one `calculation_days` row by name per key
 * (`rollupKeyOf`), holding the count and grams to add to it.
 */
export function calculationDayColumns(records: readonly CalculationRecord[]): Record<string, string | number>[] {
  const days = new Map<string, { key: RollupKey; totals: DayTotals }>();
  for (const record of records) {
    const key = rollupKeyOf(record);
    const id = JSON.stringify([key.partnerId, key.environment, key.day, key.endpoint, key.scope3Category, key.client, key.methodologyVersion]);
    const totals = days.get(id)?.totals ?? { count: 0, wellToWheelGrams: 0, tankToWheelGrams: 0, wellToTankGrams: 0, primaryGrams: 0 };
    days.set(id, {
      key,
      totals: {
        count: totals.count + 1,
        wellToWheelGrams: totals.wellToWheelGrams + record.wellToWheelGrams,
        tankToWheelGrams: totals.tankToWheelGrams + record.tankToWheelGrams,
        wellToTankGrams: totals.wellToTankGrams + record.wellToTankGrams,
        primaryGrams: totals.primaryGrams + record.primaryGrams,
      },
    });
  }
  return [...days.values()].map(({ key, totals }) => ({
    partner_id: key.partnerId,
    environment: key.environment,
    day: key.day,
    endpoint: key.endpoint,
    scope3_category: key.scope3Category,
    client: key.client,
    methodology_version: key.methodologyVersion,
    calculation_count: totals.count,
    well_to_wheel_g: totals.wellToWheelGrams,
    tank_to_wheel_g: totals.tankToWheelGrams,
    well_to_tank_g: totals.wellToTankGrams,
    primary_g: totals.primaryGrams,
  }));
}

/**
 * The parameters of `deleteCalculations` and `deleteCalculationDays`, one set per environment
 * deleted from: the calculations that occurred before the UTC day, and the totals of the days before it.
 */
export function deletionParameters(partnerId: string, beforeDay: string, environment: Environment | undefined): Parameters[] {
  return (environment === undefined ? ENVIRONMENTS : [environment]).map((env) => ({ partnerId, environment: env, before: startOfUtcDay(beforeDay), beforeDay }));
}

/** The calculation of a row. */
export function calculationOf(decode: Decoders, row: CalculationRow): CalculationRecord {
  const integer = (value: SqlInteger): number => decode.integer(value);
  return {
    partnerId: row.partner_id,
    environment: row.environment,
    calculationId: row.calculation_id,
    endpoint: row.endpoint,
    reference: row.reference,
    client: row.client,
    occurredAt: integer(row.occurred_at),
    recordedAt: integer(row.recorded_at),
    scope3Category: integerOrNull(decode, row.scope3_category),
    methodologyVersion: row.methodology_version,
    wellToWheelGrams: integer(row.well_to_wheel_g),
    tankToWheelGrams: integer(row.tank_to_wheel_g),
    wellToTankGrams: integer(row.well_to_tank_g),
    primaryGrams: integer(row.primary_g),
    dataType: row.data_type,
    query: row.query,
    request: JSON.parse(row.request_json) as unknown,
    response: JSON.parse(row.response_json) as unknown,
  };
}

/** The calculation methods that are reads, one shared statement each (a listing after a calculation, two). */
export function sqlCalculationReads(
  runner: SqlRunner,
  decode: Decoders,
): Pick<CalculationStore, 'getCalculation' | 'listCalculations' | 'emissionsRollup' | 'orderCredits'> {
  const integer = (value: SqlInteger): number => decode.integer(value);
  return {
    async getCalculation(scope, calculationId) {
      const row = await runner.get<CalculationRow>('calculation', { ...scope, calculationId });
      return row === undefined ? undefined : calculationOf(decode, row);
    },
    async listCalculations(scope, query) {
      let after: { at: number; id: string } | undefined;
      if (query.after !== undefined) {
        const found = await runner.get<{ occurred_at: SqlInteger }>('calculationPosition', { ...scope, calculationId: query.after });
        if (found === undefined) return undefined;
        after = { at: integer(found.occurred_at), id: query.after };
      }
      const { client, reference } = query;
      const filter: CalculationFilter = client === undefined ? (reference === undefined ? 'any' : 'reference') : reference === undefined ? 'client' : 'both';
      const parameters = {
        ...scope,
        client,
        reference,
        from: query.from ?? Number.MIN_SAFE_INTEGER,
        to: query.to ?? Number.MAX_SAFE_INTEGER,
      };
      const bounds = { limit: query.limit, ...(after === undefined ? {} : { after }) };
      return pageOf<CalculationRow, CalculationRecord>(runner, (bound) => listingName(filter, bound as CalculationBound), parameters, bounds, (row) =>
        calculationOf(decode, row),
      );
    },
    async emissionsRollup(scope, query) {
      const found = await runner.all<RollupRow>(rollupName(query.groupBy), { ...scope, fromDay: query.fromDay, toDay: query.toDay });
      return found.map((row) => ({
        group: row.statement_group,
        methodologyVersion: row.methodology_version,
        count: integer(row.calculation_count),
        wellToWheelGrams: integer(row.well_to_wheel_g),
        tankToWheelGrams: integer(row.tank_to_wheel_g),
        wellToTankGrams: integer(row.well_to_tank_g),
        primaryGrams: integer(row.primary_g),
      }));
    },
    async orderCredits(scope, from, to) {
      const row = (await runner.get<{ orders: SqlInteger; micro_climes: SqlInteger }>('orderCredits', { ...scope, from, to }))!;
      return { orders: integer(row.orders), microClimes: integer(row.micro_climes) };
    },
  };
}
