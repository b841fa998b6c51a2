// The part of docs/accuracy.md that computes the development-set legs again with their operating
// carrier (scripts/accuracy.ts writes the whole file): both figures, IndiGo's legs apart, and every
// leg whose seat map the carrier changed.
import { groupBy, pct, summarise, type ComparedLeg } from './accuracy.js';

/** The legs of a Google Flights flight number (the TIM README example has none). */
export const isGoogleLeg = (leg: ComparedLeg) => leg.leg.kind === 'google_flights_leg';

/** One line of the comparison without and with carriers. */
function carrierLine(name: string, legs: readonly ComparedLeg[]): string {
  const all = summarise(legs);
  const body = (kind: 'narrow' | 'wide') => {
    const group = legs.filter((leg) => leg.body === kind);
    return group.length === 0 ? '–' : `${summarise(group).median.toFixed(3)} (${group.length})`;
  };
  return `| ${name} | ${all.n} | ${all.median.toFixed(3)} | ${body('narrow')} | ${body('wide')} | ${pct(all.within10)} | ${pct(all.within20)} |`;
}

/** The section of docs/accuracy.md that computes every leg again with its operating carrier. */
export function carrierSection(without: readonly ComparedLeg[], withCarriers: readonly ComparedLeg[]): string[] {
  const indigo = (legs: readonly ComparedLeg[]) => legs.filter((leg) => leg.leg.flight?.startsWith('6E') === true);
  const changed = withCarriers.filter((leg) => leg.seatMapStep !== undefined && leg.seatMapStep !== 'typical');
  const steps = groupBy(changed, (leg) => String(leg.seatMapStep));
  const families = withCarriers.filter((leg) => leg.familyStep !== undefined && leg.familyStep !== 'least-in-family');
  const familySteps = groupBy(families, (leg) => String(leg.familyStep));
  const before = new Map(without.map((leg) => [leg.leg, leg]));
  const lines = [
    '## With the operating carrier',
    '',
    'The same legs computed again with the operating carrier the flight number names (`carrier`, the',
    'first two characters of `6E 6028`), so that each flies its carrier\'s cited seat map where',
    "truecost's table has one for the type (docs/methodology.md, \"Seat maps by operating carrier\"); the",
    "others fly the typical map as before. A leg whose aircraft Google names by its family only (\"Boeing",
    '737") flies the member its carrier flies (docs/methodology.md, "Aircraft families by operating',
    'carrier"). The table\'s rows are cited from the airlines\' statements and the press, and the members',
    'come from US DOT T-100 departures: nothing was chosen to fit these figures.',
    '',
    '| legs computed | legs | median | median narrow-body (legs) | median wide-body (legs) | within ±10 % | within ±20 % |',
    '|---|---|---|---|---|---|---|',
    carrierLine('without carriers', without),
    carrierLine('with carriers', withCarriers),
    carrierLine('IndiGo (6E), without carriers', indigo(without)),
    carrierLine('IndiGo (6E), with carriers', indigo(withCarriers)),
    '',
    `Legs whose seat map the carrier changed: ${changed.length} of ${withCarriers.length}` +
      (changed.length === 0 ? '.' : ` (${[...steps.keys()].sort().map((step) => `${step} ${steps.get(step)?.length}`).join(', ')}):`),
    '',
  ];
  if (changed.length > 0) {
    lines.push('| flight | route | aircraft used | seat map step | without carrier | with carrier |', '|---|---|---|---|---|---|');
    for (const leg of changed) {
      lines.push(
        `| ${leg.leg.flight} | ${leg.leg.dep}-${leg.leg.arr} | ${leg.icao} | ${leg.seatMapStep} | ${(before.get(leg.leg)?.ratio ?? NaN).toFixed(3)} | ${leg.ratio.toFixed(3)} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    `Legs whose aircraft the carrier chose (its member of a family the leg names, or the variant it states it flies): ${families.length} of ${withCarriers.length}` +
      (families.length === 0 ? '.' : ` (${[...familySteps.keys()].sort().map((step) => `${step} ${familySteps.get(step)?.length}`).join(', ')}):`),
    '',
  );
  if (families.length > 0) {
    lines.push('| flight | route | family | without carrier | with carrier | family step | without carrier | with carrier |', '|---|---|---|---|---|---|---|---|');
    for (const leg of families) {
      const old = before.get(leg.leg);
      lines.push(
        `| ${leg.leg.flight} | ${leg.leg.dep}-${leg.leg.arr} | ${leg.leg.airplane} | ${old?.icao ?? ''} | ${leg.icao} | ${leg.familyStep} | ${(old?.ratio ?? NaN).toFixed(3)} | ${leg.ratio.toFixed(3)} |`,
      );
    }
    lines.push('');
  }
  return lines;
}
