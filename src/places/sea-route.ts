import { unpackNumbers, PLACE_COORDINATE_SCALE } from '../data/places/format.js';
import { SEA_LINES, SEA_NODES, SEA_PASSAGE_LINES } from '../data/places/sea-network.js';
import type { Coordinates } from '../data/flight/airport-locations.js';
import { greatCircleKm } from '../calculators/flight/geo.js';
import type { SeaPassage } from '../schemas/places.js';

// The shortest route over the sea network (Eurostat SeaRoute's "marnet", ./data/places/sea-network.ts):
// Dijkstra over its nodes, each port snapped to the nearest node (docs/methodology.md, "Sea").

/** The passages of the network's source behind each name a leg may avoid. */
const SOURCE_PASSAGES: Readonly<Record<SeaPassage, string>> = {
  suez: 'suez',
  panama: 'panama',
  bab_el_mandeb: 'babalmandab',
  malacca: 'malacca',
  sunda: 'sunda',
  hormuz: 'ormuz',
  gibraltar: 'gibraltar',
  bosporus: 'bosporus',
  dardanelles: 'dardanelles',
  bering: 'bering',
  cape_of_good_hope: 'south_africa',
  cape_horn: 'chili',
  northwest_passage: 'northwest',
};

/** Passages every route avoids: the Northwest Passage is closed by ice most of the year (the source's default too). */
export const ALWAYS_AVOIDED: readonly SeaPassage[] = ['northwest_passage'];

interface SeaGraph {
  readonly nodes: readonly Coordinates[];
  /** Per node, its edges as [neighbour, km, line] triples, flattened. */
  readonly edges: readonly number[][];
}

let graph: SeaGraph | undefined;

function seaGraph(): SeaGraph {
  if (graph !== undefined) return graph;
  const deltas = unpackNumbers(SEA_NODES);
  const nodes: Coordinates[] = [];
  let latitude = 0;
  let longitude = 0;
  for (let i = 0; i < deltas.length; i += 2) {
    latitude += deltas[i]!;
    longitude += deltas[i + 1]!;
    nodes.push({ latitude: latitude / PLACE_COORDINATE_SCALE, longitude: longitude / PLACE_COORDINATE_SCALE });
  }
  const edges: number[][] = nodes.map(() => []);
  let index = 0;
  SEA_LINES.split(';').forEach((line, lineNumber) => {
    let previous = -1;
    for (const delta of unpackNumbers(line)) {
      index += delta;
      if (previous !== -1) {
        const km = greatCircleKm(nodes[previous]!, nodes[index]!);
        edges[previous]!.push(index, km, lineNumber);
        edges[index]!.push(previous, km, lineNumber);
      }
      previous = index;
    }
  });
  graph = { nodes, edges };
  return graph;
}

/** The node of the network nearest to `point`, and its distance from it in km. */
export function nearestSeaNode(point: Coordinates): { node: number; km: number } {
  const { nodes } = seaGraph();
  let best = 0;
  let bestKm = Infinity;
  nodes.forEach((node, index) => {
    // A cheap bound first: a degree of latitude is about 111 km.
    if (Math.abs(node.latitude - point.latitude) * 111 > bestKm) return;
    const km = greatCircleKm(point, node);
    if (km < bestKm) {
      best = index;
      bestKm = km;
    }
  });
  return { node: best, km: bestKm };
}

/** A route over the sea network: its length in km and the points it passes. */
export interface SeaRoute {
  /** Length from the first point to the last, in km, the legs from each place to its node included. */
  readonly km: number;
  readonly points: readonly Coordinates[];
}

/** Min-heap of [distance, node] pairs. */
class Queue {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, value: number): void {
    const { keys, values } = this;
    let i = keys.length;
    keys.push(key);
    values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      values[i] = values[parent]!;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }
  pop(): [number, number] {
    const { keys, values } = this;
    const top: [number, number] = [keys[0]!, values[0]!];
    const lastKey = keys.pop()!;
    const lastValue = values.pop()!;
    if (keys.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= keys.length) break;
        const child = left + 1 < keys.length && keys[left + 1]! < keys[left]! ? left + 1 : left;
        if (keys[child]! >= lastKey) break;
        keys[i] = keys[child]!;
        values[i] = values[child]!;
        i = child;
      }
      keys[i] = lastKey;
      values[i] = lastValue;
    }
    return top;
  }
}

/**
 * The shortest route by sea from `from` to `to`, avoiding `avoid` (and {@link ALWAYS_AVOIDED}).
 *
 * @returns The route, or undefined when the avoided passages leave none.
 */
export function seaRoute(from: Coordinates, to: Coordinates, avoid: readonly SeaPassage[]): SeaRoute | undefined {
  const { nodes, edges } = seaGraph();
  const closed = new Set<number>();
  for (const passage of [...ALWAYS_AVOIDED, ...avoid]) {
    for (const line of SEA_PASSAGE_LINES[SOURCE_PASSAGES[passage]] ?? []) closed.add(line);
  }
  const start = nearestSeaNode(from);
  const end = nearestSeaNode(to);
  const distance = new Float64Array(nodes.length).fill(Infinity);
  const previous = new Int32Array(nodes.length).fill(-1);
  distance[start.node] = 0;
  const queue = new Queue();
  queue.push(0, start.node);
  while (queue.size > 0) {
    const [km, node] = queue.pop();
    if (km > distance[node]!) continue;
    if (node === end.node) break;
    const out = edges[node]!;
    for (let i = 0; i < out.length; i += 3) {
      if (closed.has(out[i + 2]!)) continue;
      const next = out[i]!;
      const through = km + out[i + 1]!;
      if (through < distance[next]!) {
        distance[next] = through;
        previous[next] = node;
        queue.push(through, next);
      }
    }
  }
  if (distance[end.node] === Infinity) return undefined;
  const points: Coordinates[] = [to];
  for (let node = end.node; node !== -1; node = previous[node]!) points.push(nodes[node]!);
  points.push(from);
  points.reverse();
  return { km: start.km + distance[end.node]! + end.km, points };
}
