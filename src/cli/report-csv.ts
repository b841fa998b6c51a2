import { csvCell } from '../dashboard/csv.js';
import type { Iso14083Report } from '../schemas/iso14083-report.js';

// The ISO 14083 report of a shipment as CSV (cells as the dashboard's exports write them, src/dashboard/csv.ts; lines ended with LF):
// one row per transport chain element (a hub's mode cell is `hub`), in request order, then a row of totals.
// `truecost calc logistics|freight FILE --report csv`.

const COLUMNS = [
  'element',
  'mode',
  'transport_operation_category',
  'distance_km',
  'mass_t',
  'tonne_km',
  'tank_to_wheel_kg',
  'well_to_tank_kg',
  'well_to_wheel_kg',
  'intensity_tank_to_wheel_kg_per_tonne_km',
  'intensity_well_to_wheel_kg_per_tonne_km',
  'data_type',
  'sources',
] as const;

/** The report as CSV text, its lines joined with LF (the command line ends the last one). */
export function reportCsv({ report }: Iso14083Report): string {
  const rows: (string | number)[][] = [[...COLUMNS]];
  for (const element of report.transport_chain_elements) {
    const sources = element.sources.map((source) => `${source.name}: ${source.value} ${source.unit} (${source.source})`).join('; ');
    if ('hub_type' in element) {
      // A hub: its operation category in the category's column, no distance or tonne-km, its intensity per tonne in the data type's cell.
      rows.push([
        element.element,
        'hub',
        element.hub_operation_category,
        '',
        element.mass_t,
        '',
        element.tank_to_wheel_kg,
        element.well_to_tank_kg,
        element.well_to_wheel_kg,
        '',
        '',
        `${element.data_type}, ${element.intensity_kg_per_tonne} kg CO2e/t handled`,
        sources,
      ]);
      continue;
    }
    rows.push([
      element.element,
      element.mode,
      element.transport_operation_category,
      element.distance_km,
      element.mass_t,
      element.tonne_km,
      element.tank_to_wheel_kg,
      element.well_to_tank_kg,
      element.well_to_wheel_kg,
      element.intensity_tank_to_wheel_kg_per_tonne_km,
      element.intensity_well_to_wheel_kg_per_tonne_km,
      element.data_type,
      sources,
    ]);
  }
  const { totals } = report;
  rows.push([
    'total',
    '',
    '',
    '',
    '',
    totals.tonne_km,
    totals.tank_to_wheel_kg,
    totals.well_to_tank_kg,
    totals.well_to_wheel_kg,
    '',
    totals.intensity_well_to_wheel_kg_per_tonne_km,
    `primary data share ${totals.primary_data_share}`,
    `${report.standard}, truecost methodology ${report.methodology_version}`,
  ]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\n');
}
