import { readFile } from 'node:fs/promises';
import { basisArgument, CALCULATOR_PATHS, outcomeOf } from './calc.js';
import { calculate, type CalcOutcome } from './calculator-calls.js';
import { explanationText } from './explain-text.js';
import { parseCommand, UsageError } from './usage.js';

interface LegAnswer {
  readonly leg_id: string;
  readonly mode: string;
  readonly kg: number;
  readonly tank_to_wheel_kg?: number;
  readonly well_to_tank_kg?: number;
}

/** One line per leg and the total, in kg CO2e. */
function tripText(body: { trip: { trip_id: string; total_kg: number; legs: readonly LegAnswer[] }; explanations?: unknown[] }, basis: string | undefined): string {
  const scope = basis === 'ttw' ? 'tank-to-wheel' : 'well-to-wheel';
  const lines = body.trip.legs.map((leg, index) => {
    const parts = leg.tank_to_wheel_kg === undefined ? ' (hotel stay)' : ` (tank-to-wheel ${leg.tank_to_wheel_kg}, well-to-tank ${leg.well_to_tank_kg})`;
    const line = `${leg.leg_id}  ${leg.mode}: ${leg.kg} kg CO2e${parts}`;
    const explanation = body.explanations?.[index];
    return explanation === undefined ? line : `${line}\n${explanationText(explanation as never)}`;
  });
  return [...lines, `${body.trip.trip_id}: ${body.trip.total_kg} kg CO2e in total (transport ${scope})`].join('\n');
}

/**
 * `truecost trip FILE [--json] [--explain] [--basis wtw|ttw]`: the truecost of the booking in FILE
 * (the JSON body of `POST /v3/trip`), one line per leg and the total; --json prints the API's body.
 */
export async function tripCommand(args: readonly string[]): Promise<CalcOutcome> {
  const { positionals, values } = parseCommand(args, {
    json: { type: 'boolean' },
    explain: { type: 'boolean' },
    basis: { type: 'string' },
  });
  const basis = basisArgument(values.basis);
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0) throw new UsageError('truecost trip needs one file: the JSON body of POST /v3/trip, e.g. truecost trip booking.json.');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`truecost trip cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UsageError(`truecost trip reads a JSON request body from ${file}, and this is not JSON.`);
  }
  const answer = await calculate(CALCULATOR_PATHS['trip']!, body, { explain: values.explain === true, basis });
  return outcomeOf(answer, (answered) => (values.json === true ? JSON.stringify(answered) : tripText(answered, basis)));
}
