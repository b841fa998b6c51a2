// The Emissions page (docs/dashboard.md, "Emissions"): the partner's emissions statement of a period
// (docs/api.md, "The emissions statement"), its kilograms per month as a bar chart drawn on the
// server, the period's orders as credits apart, and the statement's CSV. Reads only.
import { emissionsReportCsv } from '../http/emissions-csv.js';
import { EMISSIONS_GROUPINGS, type EmissionsGrouping } from '../orders/calculations.js';
import { checkEmissionsPeriod, readEmissionsReport, type EmissionsFigures, type EmissionsPeriod, type EmissionsReport } from '../orders/emissions-report.js';
import type { Store } from '../orders/store.js';
import { ENVIRONMENTS, type Environment, type Scope } from '../orders/types.js';
import { html, type SafeHtml } from './html.js';
import { BASE, layout, type Viewer } from './pages.js';
import { oneOf, PageError, respond } from './responses.js';

/** The page's question: an environment, and a period and grouping as asked (checked or not). */
interface EmissionsAsked {
  readonly environment: Environment;
  readonly from: string;
  readonly to: string;
  readonly groupBy: string;
}

/** What each grouping is called on the page. */
const GROUPING_NAMES: Readonly<Record<EmissionsGrouping, string>> = {
  scope3_category: 'Scope 3 category',
  endpoint: 'Calculator',
  month: 'Month',
  client: 'Client',
};

/** The first day of the month of `day` (`YYYY-MM-DD`), `months` months on. */
function monthStart(day: string, months = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00.000Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/**
 * The question of `?env=&from=&to=&group_by=`: staging, the current calendar month in UTC (`to`
 * the first of the next) and the statement's default grouping where a parameter is absent or empty.
 */
function askedOf(url: URL, now: number): EmissionsAsked {
  const parameter = (name: string): string | undefined => url.searchParams.get(name) || undefined;
  const today = new Date(now).toISOString().slice(0, 10);
  return {
    environment: oneOf<Environment>(url.searchParams.get('env'), ENVIRONMENTS, 'env') ?? 'staging',
    from: parameter('from') ?? monthStart(today),
    to: parameter('to') ?? monthStart(today, 1),
    groupBy: parameter('group_by') ?? 'scope3_category',
  };
}

/** The query string of a question, for the CSV link. */
function queryOf(asked: EmissionsAsked): string {
  return new URLSearchParams({ env: asked.environment, from: asked.from, to: asked.to, group_by: asked.groupBy }).toString();
}

/** The months a period touches, `YYYY-MM`, in order. */
export function monthsOf(period: Pick<EmissionsPeriod, 'from' | 'to'>): string[] {
  const months: string[] = [];
  for (let month = monthStart(period.from); month < period.to; month = monthStart(month, 1)) months.push(month.slice(0, 7));
  return months;
}

/** Kilograms of each month of the period (0 for a month without calculations), from the store's per-day totals. */
async function kilogramsByMonth(store: Store, scope: Scope, period: EmissionsPeriod): Promise<Map<string, number>> {
  const grams = new Map<string, number>(monthsOf(period).map((month) => [month, 0]));
  for (const row of await store.emissionsRollup(scope, { fromDay: period.from, toDay: period.to, groupBy: 'month' })) {
    grams.set(row.group, (grams.get(row.group) ?? 0) + row.wellToWheelGrams);
  }
  return new Map([...grams].map(([month, total]) => [month, total / 1000]));
}

const CHART = { width: 640, height: 240, top: 16, bottom: 40, left: 8, right: 8 } as const;

/**
 * The kilograms per month as an SVG bar chart, one bar per month, drawn on the server (no script):
 * an image with its title and a description that says every value, and the values again as a table
 * under it.
 */
export function monthChart(kilograms: ReadonlyMap<string, number>): SafeHtml {
  const months = [...kilograms];
  const highest = Math.max(0, ...months.map(([, kg]) => kg));
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left - CHART.right) / Math.max(months.length, 1);
  const bars = months.map(([month, kg], index) => {
    const height = highest === 0 ? 0 : (kg / highest) * plotHeight;
    const x = CHART.left + index * slot;
    const middle = x + slot / 2;
    // Every label when they fit; else every few, so that they never overlap.
    const labelled = index % Math.ceil(months.length / 12) === 0;
    return html`<rect class="bar" x="${(x + slot * 0.15).toFixed(1)}" y="${(CHART.top + plotHeight - height).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${height.toFixed(1)}"></rect>${
      labelled ? html`<text x="${middle.toFixed(1)}" y="${CHART.height - CHART.bottom + 18}" text-anchor="middle">${month}</text>` : ''
    }`;
  });
  const description = months.map(([month, kg]) => `${month}: ${kg} kg`).join('; ');
  return html`<svg class="chart" viewBox="0 0 ${CHART.width} ${CHART.height}" role="img" aria-labelledby="chart-title" aria-describedby="chart-description">
<title id="chart-title">kg CO2e per month, well-to-wheel</title>
<desc id="chart-description">${description}</desc>
<line class="axis" x1="${CHART.left}" y1="${CHART.top + plotHeight}" x2="${CHART.width - CHART.right}" y2="${CHART.top + plotHeight}"></line>
${bars}</svg>
<div class="table"><table>
<caption class="muted">The chart's values</caption>
<thead><tr><th scope="col">Month</th><th scope="col">kg CO2e</th></tr></thead>
<tbody>${months.map(([month, kg]) => html`<tr><td>${month}</td><td>${kg}</td></tr>`)}</tbody></table></div>`;
}

function figureCells(figures: EmissionsFigures): SafeHtml {
  return html`<td>${figures.count}</td><td>${figures.kg}</td><td>${figures.tank_to_wheel_kg}</td><td>${figures.well_to_tank_kg}</td><td>${(figures.primary_share * 100).toFixed(1)}%</td>`;
}

function statementTable(report: EmissionsReport): SafeHtml {
  const head = html`<thead><tr><th scope="col">${GROUPING_NAMES[report.group_by]}</th><th scope="col">Calculations</th><th scope="col">kg CO2e</th>
<th scope="col">Tank-to-wheel kg</th><th scope="col">Well-to-tank kg</th><th scope="col">From primary data</th></tr></thead>`;
  if (report.rows.length === 0) return html`<p class="muted">No recorded calculations in this period.</p>`;
  return html`<div class="table"><table id="statement">${head}
<tbody>${report.rows.map((row) => html`<tr><th scope="row">${row.group}</th>${figureCells(row)}</tr>`)}</tbody>
<tfoot><tr><th scope="row">Total</th>${figureCells(report.total)}</tr></tfoot></table></div>`;
}

/** The period and grouping form; a GET, which changes nothing. */
function periodForm(asked: EmissionsAsked): SafeHtml {
  return html`<form method="get" action="${BASE}/emissions" class="filters">
<div><label for="env">Environment</label><select id="env" name="env">${ENVIRONMENTS.map(
    (environment) => html`<option value="${environment}"${asked.environment === environment ? html` selected` : ''}>${environment}</option>`,
  )}</select></div>
<div><label for="from">From (included)</label><input id="from" name="from" type="date" required value="${asked.from}"></div>
<div><label for="to">To (excluded)</label><input id="to" name="to" type="date" required value="${asked.to}"></div>
<div><label for="group_by">Group by</label><select id="group_by" name="group_by">${EMISSIONS_GROUPINGS.map(
    (grouping) => html`<option value="${grouping}"${asked.groupBy === grouping ? html` selected` : ''}>${GROUPING_NAMES[grouping]}</option>`,
  )}</select></div>
<div><button type="submit">Show</button></div></form>`;
}

/** The page: the form, then the statement or why the period was refused. */
export function emissionsPage(
  viewer: Viewer,
  asked: EmissionsAsked,
  shown: { readonly report: EmissionsReport; readonly months: ReadonlyMap<string, number> } | { readonly problem: string },
): SafeHtml {
  if ('problem' in shown) {
    return layout('Emissions', viewer, html`${periodForm(asked)}<p class="error" role="alert">${shown.problem}</p>`);
  }
  const { report, months } = shown;
  const versions = report.methodology_versions.length === 0 ? 'none' : report.methodology_versions.join(', ');
  return layout(
    'Emissions',
    viewer,
    html`${periodForm(asked)}
<p class="muted">Your recorded ${asked.environment} calculations that occurred from ${report.from} up to ${report.to} (excluded), whole days in UTC,
in kg CO2e well-to-wheel. Methodology versions: ${versions}.</p>
<p><a href="${BASE}/emissions.csv?${queryOf(asked)}" download>Download this statement as CSV</a></p>
<section aria-labelledby="statement-heading"><h2 id="statement-heading">Statement by ${GROUPING_NAMES[report.group_by].toLowerCase()}</h2>
${statementTable(report)}</section>
<section aria-labelledby="months-heading"><h2 id="months-heading">kg CO2e per month</h2>
${monthChart(months)}</section>
<section aria-labelledby="credits-heading" class="panel"><h2 id="credits-heading">Credits</h2>
<p><span id="credit-orders">${report.credits.orders}</span> orders created in this period, holding <span id="credit-climes">${report.credits.climes}</span> climes now.</p>
<p class="muted">Credits are shown apart: they are never subtracted from the emissions above.</p></section>`,
  );
}

/** The question checked: the period, or a 400 with the page and the problem. */
function checkedPeriod(asked: EmissionsAsked): EmissionsPeriod | { readonly problem: string } {
  const period = checkEmissionsPeriod(asked);
  return 'path' in period ? { problem: `The period is refused: ${period.reason}` } : period;
}

/** `GET /dashboard/emissions`: the page of the statement the query asks for. */
export async function emissionsResponse(store: Store, viewer: Viewer, url: URL, now: number): Promise<Response> {
  const asked = askedOf(url, now);
  const period = checkedPeriod(asked);
  if ('problem' in period) return respond(400, emissionsPage(viewer, asked, period));
  const scope: Scope = { partnerId: viewer.partnerId, environment: asked.environment };
  const [report, months] = await Promise.all([readEmissionsReport(store, scope, period), kilogramsByMonth(store, scope, period)]);
  return respond(200, emissionsPage(viewer, asked, { report, months }));
}

/** `GET /dashboard/emissions.csv`: the statement's CSV, as the API's `Accept: text/csv` answers it, as a download. */
export async function emissionsCsvResponse(store: Store, viewer: Viewer, url: URL, now: number): Promise<Response> {
  const asked = askedOf(url, now);
  const period = checkedPeriod(asked);
  if ('problem' in period) throw new PageError(400, 'Bad request', period.problem);
  const report = await readEmissionsReport(store, { partnerId: viewer.partnerId, environment: asked.environment }, period);
  const words = [viewer.partnerId, asked.environment, period.from, period.to, period.groupBy].map((word) => word.replace(/[^A-Za-z0-9._-]+/g, '_'));
  return respond(200, emissionsReportCsv(report), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="truecost-emissions-${words.join('-')}.csv"`,
  });
}
