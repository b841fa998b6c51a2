import type { ItemExplanation } from '../calculators/explanation.js';

/** A number as the explanation prints it: up to 6 significant decimals, no float noise. */
function quantity(value: number | string): string {
  return typeof value === 'number' ? String(Number(value.toPrecision(10))) : value;
}

/**
 * One element's explanation as lines of text for the terminal: what was computed, the quantities,
 * each factor with its value, unit, source and status, and the assumptions.
 */
export function explanationText(item: ItemExplanation): string {
  const { basis } = item;
  const lines = [
    `How ${item.item} was computed (${basis.gases}, ${basis.scope}, ${basis.gwp}):`,
    `  Parts: tank-to-wheel ${quantity(basis.tank_to_wheel)} + well-to-tank ${quantity(basis.well_to_tank)}`,
    '  Quantities:',
  ];
  for (const [name, value] of Object.entries(item.quantities)) lines.push(`    ${name}: ${quantity(value)}`);
  lines.push('  Factors:');
  for (const factor of item.factors) {
    lines.push(`    ${factor.name}: ${quantity(factor.value)} ${factor.unit} [${factor.tag}]`, `      source: ${factor.source}`);
  }
  lines.push('  Assumptions:');
  for (const assumption of item.assumptions) lines.push(`    - ${assumption}`);
  return lines.join('\n');
}
