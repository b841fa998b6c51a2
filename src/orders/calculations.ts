// Recorded calculations (docs/api.md, "Recorded calculations"): a calculator's answer kept with
// what was asked, for the partner's own records and for the emissions statement. What a store keeps,
// and the pure parts every store shares: the day a calculation counts on and its statement groups.
import type { CalculationEndpoint } from './calculation-endpoints.js';
import type { IdempotencyGuard } from './idempotency.js';
import type { ListPage } from './dashboard-store.js';
import type { Environment, Scope } from './types.js';

export { CALCULATION_ENDPOINTS, type CalculationEndpoint } from './calculation-endpoints.js';

/**
 * Where a recorded figure comes from, after ISO 14083's data types: `primary`, the carrier's own
 * fuel or energy; `modelled`, a model of the vehicle on the request's inputs; `default`, a
 * published average intensity; `mixed`, a calculation whose parts differ.
 */
export const CALCULATION_DATA_TYPES = ['primary', 'modelled', 'default', 'mixed'] as const;

/** The data type of a recorded calculation (see {@link CALCULATION_DATA_TYPES}). */
export type CalculationDataType = (typeof CALCULATION_DATA_TYPES)[number];

/** How the emissions statement groups its rows. */
export const EMISSIONS_GROUPINGS = ['scope3_category', 'endpoint', 'month', 'client'] as const;

/** A grouping of the emissions statement: `'scope3_category'`, `'endpoint'`, `'month'` or `'client'`. */
export type EmissionsGrouping = (typeof EMISSIONS_GROUPINGS)[number];

/** The statement's group of the calculations that have no category (or no client). */
export const UNCLASSIFIED_GROUP = 'unclassified';

/**
 * A calculation as stored. Figures are whole grams of CO2e (the API's tonnes carry six decimals, so
 * a gram is their last digit), so that sums are exact; times are milliseconds since the epoch.
 */
export interface CalculationRecord extends Scope {
  readonly calculationId: string;
  readonly endpoint: CalculationEndpoint;
  readonly reference: string | null;
  readonly client: string | null;
  /** When what was calculated took place (the partner's `occurred_at`, else the time of the request), in milliseconds since the epoch. */
  readonly occurredAt: number;
  /** When the calculation was recorded, in milliseconds since the epoch. */
  readonly recordedAt: number;
  /** The GHG Protocol Scope 3 category, a code from 1 to 15, or null when the partner gave none. */
  readonly scope3Category: number | null;
  readonly methodologyVersion: string;
  /** Well-to-wheel CO2e: `tankToWheelGrams + wellToTankGrams`. */
  readonly wellToWheelGrams: number;
  readonly tankToWheelGrams: number;
  readonly wellToTankGrams: number;
  /** The part of `wellToWheelGrams` computed from primary data (the carrier's own fuel or energy). */
  readonly primaryGrams: number;
  readonly dataType: CalculationDataType;
  /** The query string of the request, without `?` ('' when none). */
  readonly query: string;
  /** The body as the partner sent it. */
  readonly request: unknown;
  /** The answer as the calculator gave it, without `calculation_id`. */
  readonly response: unknown;
}

/** Which of a partner's calculations to list, newest first (by `occurredAt`, then id). */
export interface CalculationListQuery {
  /** `occurredAt` at or after, in milliseconds. */
  readonly from?: number;
  /** `occurredAt` before, in milliseconds. */
  readonly to?: number;
  readonly client?: string;
  readonly reference?: string;
  /** The id of the last calculation of the previous page. */
  readonly after?: string;
  /** How many calculations the page holds at most. */
  readonly limit: number;
}

/** The statement's totals of one group and one methodology version, over whole UTC days. */
export interface EmissionsRollupRow {
  /** The category (`'1'` to `'15'`), endpoint, month (`YYYY-MM`) or client; {@link UNCLASSIFIED_GROUP} when none. */
  readonly group: string;
  readonly methodologyVersion: string;
  /** How many calculations the totals count. */
  readonly count: number;
  readonly wellToWheelGrams: number;
  readonly tankToWheelGrams: number;
  readonly wellToTankGrams: number;
  readonly primaryGrams: number;
}

/** The count and grams of some calculations, added up. */
export type CalculationTotals = Omit<EmissionsRollupRow, 'group' | 'methodologyVersion'>;

/** The totals of no calculation. */
export const NO_CALCULATIONS: CalculationTotals = { count: 0, wellToWheelGrams: 0, tankToWheelGrams: 0, wellToTankGrams: 0, primaryGrams: 0 };

/** Two totals added up. */
export function addedTotals(a: CalculationTotals, b: CalculationTotals): CalculationTotals {
  return {
    count: a.count + b.count,
    wellToWheelGrams: a.wellToWheelGrams + b.wellToWheelGrams,
    tankToWheelGrams: a.tankToWheelGrams + b.tankToWheelGrams,
    wellToTankGrams: a.wellToTankGrams + b.wellToTankGrams,
    primaryGrams: a.primaryGrams + b.primaryGrams,
  };
}

/** One calculation's totals: a count of one and its grams. */
export function totalsOf(record: CalculationRecord): CalculationTotals {
  const { wellToWheelGrams, tankToWheelGrams, wellToTankGrams, primaryGrams } = record;
  return { count: 1, wellToWheelGrams, tankToWheelGrams, wellToTankGrams, primaryGrams };
}

/** The period and grouping of a statement: whole UTC days, `fromDay` included and `toDay` excluded (`YYYY-MM-DD`). */
export interface EmissionsQuery {
  readonly fromDay: string;
  readonly toDay: string;
  readonly groupBy: EmissionsGrouping;
}

/** The orders of a period, shown beside the emissions and never subtracted from them. */
export interface OrderCredits {
  /** How many orders were created in the period, cancelled ones included. */
  readonly orders: number;
  /** The climes those orders hold now, in micro-climes (a cancelled order holds none). */
  readonly microClimes: number;
}

/**
 * Recorded calculations, and the per-day totals the emissions statement reads: a calculation and
 * its day's totals are written in one transaction, so the statement never reads one without the
 * other, and its cost grows with the days of the period, not with the calculations in it.
 */
export interface CalculationStore {
  /**
   * Stores each calculation whose id is not stored yet, and adds it to its day's totals, all in one
   * transaction; an id already stored is left as it is (so a retried write records once). With a
   * guard, the guard's answer is stored with its key in the same transaction.
   */
  recordCalculations(records: readonly CalculationRecord[], guard?: IdempotencyGuard<void>): Promise<void>;
  /** The calculation with this id in the scope (another partner's or environment's is undefined). */
  getCalculation(scope: Scope, calculationId: string): Promise<CalculationRecord | undefined>;
  /** A page of the scope's calculations, newest first; undefined when `after` is no calculation of the scope. */
  listCalculations(scope: Scope, query: CalculationListQuery): Promise<ListPage<CalculationRecord> | undefined>;
  /** The totals of the period's calculations by group and methodology version, read from the per-day totals. */
  emissionsRollup(scope: Scope, query: EmissionsQuery): Promise<EmissionsRollupRow[]>;
  /** The orders created in the period (`from` included, `to` excluded, milliseconds) and their climes now. */
  orderCredits(scope: Scope, from: number, to: number): Promise<OrderCredits>;
  /**
   * Deletes the partner's calculations that occurred before the UTC day `beforeDay` (`YYYY-MM-DD`),
   * in one environment or both, with their days' totals; resolves to how many were deleted.
   */
  deleteCalculations(partnerId: string, beforeDay: string, environment?: Environment): Promise<number>;
}

const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDayOf(at: number): string {
  return new Date(Math.floor(at / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The start of a UTC day (`YYYY-MM-DD`), in milliseconds since the epoch. */
export function startOfUtcDay(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** The key of the per-day totals a calculation adds to: its day, and what the statement groups by. */
export interface RollupKey extends Scope {
  readonly day: string;
  readonly endpoint: CalculationEndpoint;
  /** 0 when the calculation has no category. */
  readonly scope3Category: number;
  /** '' when the calculation has no client. */
  readonly client: string;
  readonly methodologyVersion: string;
}

/** The per-day totals key of a calculation. */
export function rollupKeyOf(record: CalculationRecord): RollupKey {
  return {
    partnerId: record.partnerId,
    environment: record.environment,
    day: utcDayOf(record.occurredAt),
    endpoint: record.endpoint,
    scope3Category: record.scope3Category ?? 0,
    client: record.client ?? '',
    methodologyVersion: record.methodologyVersion,
  };
}

/** The statement's group of a per-day totals key. */
export function groupOf(key: Pick<RollupKey, 'day' | 'endpoint' | 'scope3Category' | 'client'>, groupBy: EmissionsGrouping): string {
  switch (groupBy) {
    case 'scope3_category':
      return key.scope3Category === 0 ? UNCLASSIFIED_GROUP : String(key.scope3Category);
    case 'endpoint':
      return key.endpoint;
    case 'month':
      return key.day.slice(0, 7);
    case 'client':
      return key.client === '' ? UNCLASSIFIED_GROUP : key.client;
  }
}
