// The emissions statement (docs/api.md, "The emissions statement"): a period's recorded
// calculations by group, with their methods, the share from primary data, and the orders of the
// period as credits, shown apart and never subtracted. Pure: the store's totals are its input.
import {
  addedTotals,
  EMISSIONS_GROUPINGS,
  NO_CALCULATIONS,
  type CalculationTotals,
  startOfUtcDay,
  type CalculationStore,
  type EmissionsGrouping,
  type EmissionsRollupRow,
  type OrderCredits,
} from './calculations.js';
import { fromMicroClimes } from './climes.js';
import type { Scope } from './types.js';

/** One row of the statement, or its total. Kilograms of CO2e with three decimals (whole grams). */
export interface EmissionsFigures {
  readonly count: number;
  /** Well-to-wheel CO2e. */
  readonly kg: number;
  readonly tank_to_wheel_kg: number;
  readonly well_to_tank_kg: number;
  /** The share of `kg` computed from primary data (the carrier's own fuel or energy), 0 to 1. */
  readonly primary_share: number;
}

/** A row of the statement: its group and its figures. */
export interface EmissionsRow extends EmissionsFigures {
  readonly group: string;
}

/** The statement as the API answers it (`{report: ...}`). */
export interface EmissionsReport {
  readonly from: string;
  readonly to: string;
  readonly group_by: EmissionsGrouping;
  /** By group, in the order of the group's name. */
  readonly rows: readonly EmissionsRow[];
  readonly total: EmissionsFigures;
  /** Every methodology version the period's calculations were computed with, in order. */
  readonly methodology_versions: readonly string[];
  /** The orders created in the period and the climes they hold now: shown apart, never netted. */
  readonly credits: { readonly orders: number; readonly climes: number };
}

/** The statement's period and grouping, as asked. */
export interface EmissionsPeriod {
  /** First day, `YYYY-MM-DD` (UTC), included. */
  readonly from: string;
  /** Day after the last, `YYYY-MM-DD` (UTC), excluded. */
  readonly to: string;
  readonly groupBy: EmissionsGrouping;
}

/** Longest period a statement covers, in days: a little over ten years. */
export const MAX_REPORT_DAYS = 3700;

const kilograms = (grams: number): number => grams / 1000;

function figuresOf(sums: CalculationTotals): EmissionsFigures {
  return {
    count: sums.count,
    kg: kilograms(sums.wellToWheelGrams),
    tank_to_wheel_kg: kilograms(sums.tankToWheelGrams),
    well_to_tank_kg: kilograms(sums.wellToTankGrams),
    primary_share: sums.wellToWheelGrams === 0 ? 0 : Math.round((sums.primaryGrams / sums.wellToWheelGrams) * 10_000) / 10_000,
  };
}

/** Code-point order, as the listings sort ids, so that the rows' order never depends on a locale. */
const byGroup = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The statement from the store's totals of the period (by group and version) and its credits. */
export function emissionsReport(period: EmissionsPeriod, totals: readonly EmissionsRollupRow[], credits: OrderCredits): EmissionsReport {
  const groups = new Map<string, CalculationTotals>();
  const versions = new Set<string>();
  let total = NO_CALCULATIONS;
  for (const row of totals) {
    groups.set(row.group, addedTotals(groups.get(row.group) ?? NO_CALCULATIONS, row));
    versions.add(row.methodologyVersion);
    total = addedTotals(total, row);
  }
  return {
    from: period.from,
    to: period.to,
    group_by: period.groupBy,
    rows: [...groups.keys()].sort(byGroup).map((group) => ({ group, ...figuresOf(groups.get(group)!) })),
    total: figuresOf(total),
    methodology_versions: [...versions].sort(byGroup),
    credits: { orders: credits.orders, climes: fromMicroClimes(credits.microClimes) },
  };
}

/** Reads the statement of a period from a store: its per-day totals and the period's orders. */
export async function readEmissionsReport(store: CalculationStore, scope: Scope, period: EmissionsPeriod): Promise<EmissionsReport> {
  const [totals, credits] = await Promise.all([
    store.emissionsRollup(scope, { fromDay: period.from, toDay: period.to, groupBy: period.groupBy }),
    store.orderCredits(scope, startOfUtcDay(period.from), startOfUtcDay(period.to)),
  ]);
  return emissionsReport(period, totals, credits);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const at = startOfUtcDay(text);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/**
 * Checks a statement's period and grouping as the API and the command line take them: the period
 * itself, or the first problem as `{path, reason}` with `path` the parameter's name.
 */
export function checkEmissionsPeriod(asked: {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly groupBy?: string | undefined;
}): EmissionsPeriod | { readonly path: string; readonly reason: string } {
  const { from, to } = asked;
  if (from === undefined || !isCalendarDay(from)) return { path: 'from', reason: 'from must be a day written YYYY-MM-DD (the first day of the period, UTC).' };
  if (to === undefined || !isCalendarDay(to)) return { path: 'to', reason: 'to must be a day written YYYY-MM-DD (the day after the period, UTC).' };
  const days = (startOfUtcDay(to) - startOfUtcDay(from)) / 86_400_000;
  if (days <= 0) return { path: 'to', reason: 'to must be after from: the period runs from `from` up to the day before `to`.' };
  if (days > MAX_REPORT_DAYS) return { path: 'to', reason: `A period covers at most ${MAX_REPORT_DAYS} days.` };
  const groupBy = asked.groupBy ?? 'scope3_category';
  if (!(EMISSIONS_GROUPINGS as readonly string[]).includes(groupBy)) {
    return { path: 'group_by', reason: `group_by must be one of ${EMISSIONS_GROUPINGS.join(', ')}.` };
  }
  return { from, to, groupBy: groupBy as EmissionsGrouping };
}
