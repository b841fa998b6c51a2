import { describe, expect, it } from 'vitest';
import {
  METHODOLOGY_VERSION,
  assignFlightIds,
  bulkFlightRequestSchema,
  bulkFlightResults,
  bulkFlightResultsSchema,
  explainFlightTruecost,
  flightEmissions,
  flightRequestSchema,
  flightResponseSchema,
  flightTruecost,
  validate,
  type BulkFlight,
  type Flight,
  type FlightRequest,
} from '../../../src/index.js';
import { aircraftType } from '../../../src/calculators/flight/aircraft.js';
import { CARGO_MASS_FRACTION_ROWS } from '../../../src/data/flight/t100.js';

function request(...flights: object[]): FlightRequest {
  const parsed = validate(flightRequestSchema, { queries: { flights } });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

const delBom: Flight = {
  departure: 'DEL',
  arrival: 'BOM',
  no_of_tickets: 1,
  aircraft_model: '320',
  flight_class: 'ECONOMY',
  flight_type: 'ONE_WAY',
};

describe('flightTruecost (E6)', () => {
  it('answers the contract body: the message and each flight in request order, tonnes as 6-decimal strings', () => {
    const body = flightTruecost(
      request(
        { flight_id: 'a', departure: 'DEL', arrival: 'BOM', no_of_tickets: 1 },
        { flight_id: 'b', departure: 'LHR', arrival: 'JFK', no_of_tickets: 2, flight_type: 'ROUND_TRIP' },
      ),
    );
    expect(validate(flightResponseSchema, body).ok).toBe(true);
    expect(body.message).toBe('Truecost calculated successfully');
    expect(body.truecost.map((row) => row.flight_id)).toEqual(['a', 'b']);
    for (const row of body.truecost) expect(row.truecost).toMatch(/^\d+\.\d{6}$/);
  });

  it('gives DEL-BOM economy one way on the default 320 as 0.115961 t (docs/methodology.md)', () => {
    const body = flightTruecost(request({ departure: 'del', arrival: 'bom', no_of_tickets: 1 }));
    expect(body.truecost).toEqual([{ flight_id: 'flight-1', truecost: '0.115961' }]);
  });

  it('rounds once, from the unrounded per-flight value', () => {
    const body = flightTruecost(request({ departure: 'DEL', arrival: 'BOM', no_of_tickets: 7 }));
    expect(body.truecost[0]?.truecost).toBe((flightEmissions({ ...delBom, no_of_tickets: 7 }).tonnes).toFixed(6));
  });

  it('refuses an out-of-range non-CO2 multiplier as a programming error', () => {
    expect(() => flightTruecost(request(delBom), { nonCo2Multiplier: Number.NaN })).toThrow(RangeError);
    expect(() => flightTruecost(request(delBom), { nonCo2Multiplier: -1 })).toThrow(RangeError);
  });
});

describe('assignFlightIds', () => {
  it('keeps partner ids and numbers the others by position', () => {
    expect(assignFlightIds([{ flight_id: 'x' }, {}, {}])).toEqual(['x', 'flight-2', 'flight-3']);
  });

  it('never collides with an id the partner sent, wherever it stands', () => {
    expect(assignFlightIds([{}, { flight_id: 'flight-1' }, {}, { flight_id: 'flight-3' }])).toEqual([
      'flight-1-2',
      'flight-1',
      'flight-3-2',
      'flight-3',
    ]);
    expect(assignFlightIds([{}, { flight_id: 'flight-1' }, { flight_id: 'flight-1-2' }])).toEqual([
      'flight-1-3',
      'flight-1',
      'flight-1-2',
    ]);
  });

  it('is deterministic', () => {
    const flights = [{}, { flight_id: 'flight-1' }, {}];
    expect(assignFlightIds(flights)).toEqual(assignFlightIds(flights));
  });
});

describe('explainFlightTruecost', () => {
  it('returns the same body as flightTruecost, the methodology version and one item per flight', () => {
    const parsed = request(delBom, { ...delBom, departure: 'LHR', arrival: 'JFK' });
    const explained = explainFlightTruecost(parsed);
    expect(explained.result).toEqual(flightTruecost(parsed));
    expect(explained.methodologyVersion).toBe(METHODOLOGY_VERSION);
    expect(explained.items.map((item) => item.item)).toEqual(['flight-1', 'flight-2']);
  });

  it('explains the DEL-BOM worked example: distance, fuel, seats and factors', () => {
    const [item] = explainFlightTruecost(request(delBom)).items;
    expect(item?.basis).toMatchObject({ gases: 'CO2e', scope: 'well-to-wake', gwp: 'IPCC AR5 GWP100' });
    // Tank-to-wake 3.1894 and well-to-tank 0.6465 kg CO2e per kg of fuel: the parts sum to the total.
    expect(item!.basis.tank_to_wheel + item!.basis.well_to_tank).toBeCloseTo(item!.unrounded, 15);
    expect(item!.basis.well_to_tank / item!.basis.tank_to_wheel).toBeCloseTo(0.6465 / 3.1894, 12);
    expect(item?.quantities.great_circle_km).toBeCloseTo(1136.81, 2);
    expect(item?.quantities.ccd_distance_nm).toBeCloseTo(628.75, 2);
    expect(item?.quantities.fuel_kg).toBeCloseTo(4298.07, 2);
    expect(item?.quantities.aircraft_used).toBe('A320');
    expect(item?.quantities.seat_area_economy_seats).toBe(167.5);
    expect(item?.quantities.seat_map).toBe('F0 J13 W0 Y148');
    expect(item?.quantities.cargo_share).toBe(0.0045);
    expect(item?.quantities.per_passenger_kg_co2e).toBeCloseTo(115.961, 3);
    expect(item?.factors.map((factor) => factor.value)).toEqual(expect.arrayContaining([1.052, 17, 3.1894, 0.6465, 0.845]));
  });

  it('says that the default 320 is beyond its table from London to New York and which generic aircraft flew instead', () => {
    const [item] = explainFlightTruecost(request({ departure: 'LHR', arrival: 'JFK', no_of_tickets: 1 })).items;
    expect(item?.quantities.aircraft_asked).toBe('320');
    expect(item?.quantities.aircraft_used).toBe('A20N');
    expect(item?.assumptions.join(' ')).toMatch(/default aircraft 320 .* beyond the end of its fuel table \(3000 NM, this flight 3130 NM\) the generic aircraft .* A20N/);
  });

  it('flies a named aircraft beyond its fuel table on its own table, extrapolated linearly from its last two points (777-300ER DFW-DXB)', () => {
    const { explanation } = flightEmissions({ ...delBom, departure: 'DFW', arrival: 'DXB', aircraft_model: '77W' });
    const type = aircraftType('B77W');
    if (type === undefined) throw new Error('B77W is missing');
    const q = explanation.quantities;
    expect(q.aircraft_used).toBe('B77W');
    const ccd = q.ccd_distance_nm as number;
    expect(ccd).toBeGreaterThan(type.rangeNm);
    const last = type.ccdNm.length - 1;
    const [x0, x1, y0, y1] = [type.ccdNm[last - 1], type.ccdNm[last], type.ccdKg[last - 1], type.ccdKg[last]] as number[];
    expect(q.fuel_kg).toBeCloseTo(type.ltoKg + (y1 as number) + (((y1 as number) - (y0 as number)) * (ccd - (x1 as number))) / ((x1 as number) - (x0 as number)), 6);
    expect(explanation.assumptions.join(' ')).toMatch(/exceeds the longest in the fuel table of B77W \(7000 NM\); as in TIM, the aircraft keeps its own table, extrapolated linearly from its last two points/);
    expect(explanation.assumptions.join(' ')).not.toMatch(/generic aircraft/);
  });

  it('keeps an explicitly named 320 on its own table too, unless it is the default', () => {
    const named = flightEmissions({ ...delBom, departure: 'LHR', arrival: 'JFK', aircraft_model: 'A320' });
    expect(named.explanation.quantities.aircraft_used).toBe('A320');
  });

  it('uses the generic wide-body beyond the narrow-body range', () => {
    const [item] = explainFlightTruecost(request({ departure: 'LHR', arrival: 'SYD', no_of_tickets: 1, aircraft_model: 'nope' })).items;
    expect(item?.quantities.aircraft_used).toBe('B789');
    expect(item?.quantities.cargo_share).toBe(CARGO_MASS_FRACTION_ROWS.wide.at(-1)?.[1]);
  });

  it('takes 3 % off the fuel of a winglet variant', () => {
    const base = flightEmissions({ ...delBom, aircraft_model: '738' }).explanation.quantities.fuel_kg as number;
    const winglet = flightEmissions({ ...delBom, aircraft_model: '73H' }).explanation.quantities.fuel_kg as number;
    expect(winglet).toBeCloseTo(base * 0.97, 9);
  });

  it('gives a cabin absent from the typical configuration its own seat-area factor, and says so', () => {
    const { explanation } = flightEmissions({ ...delBom, flight_class: 'FIRST' });
    expect(explanation.quantities.cabin_in_typical_configuration).toBe('no');
    expect(explanation.quantities.area_factor).toBe(1.5);
    expect(explanation.assumptions.join(' ')).toMatch(/has no FIRST seats; as in TIM, the cabin still takes its own seat-area factor \(1.5\)/);
    const economy = flightEmissions(delBom).explanation.quantities;
    expect(economy.cabin_in_typical_configuration).toBe('yes');
    expect(flightEmissions(delBom).explanation.assumptions.join(' ')).not.toMatch(/has no ECONOMY seats/);
  });

  it('reports the non-CO2 estimate of the multiplier beside the CO2e figure, never inside it, and says so', () => {
    const plain = flightEmissions(delBom);
    const withNonCo2 = flightEmissions(delBom, { nonCo2Multiplier: 1.7 });
    const ttw = plain.explanation.quantities.tank_to_wake_kg_per_passenger as number;
    expect(withNonCo2.kilograms).toBe(plain.kilograms);
    expect(withNonCo2.explanation.basis).toEqual(plain.explanation.basis);
    expect(withNonCo2.explanation.quantities.non_co2_estimate_kg_per_passenger).toBeCloseTo(ttw * 0.7, 9);
    expect(withNonCo2.explanation.quantities.non_co2_estimate_t).toBeCloseTo((ttw * 0.7) / 1000, 12);
    expect(plain.explanation.quantities.non_co2_estimate_t).toBeUndefined();
    expect(withNonCo2.explanation.assumptions.join(' ')).toMatch(/estimated apart, never inside the CO2e figure: the tank-to-wake part times 1.7 - 1/);
  });

  it('answers the tank-to-wake part alone on basis ttw: DEL-BOM 3.1894 / 3.8359 of 0.115961 t', () => {
    expect(flightTruecost(request(delBom), { basis: 'ttw' }).truecost[0]?.truecost).toBe('0.096417');
    const { explanation } = flightEmissions(delBom, { basis: 'ttw' });
    expect(explanation.basis).toMatchObject({ scope: 'tank-to-wake', well_to_tank: 0 });
    expect(explanation.basis.tank_to_wheel).toBe(explanation.unrounded);
    expect(() => flightTruecost(request(delBom), { basis: 'both' as never })).toThrow(RangeError);
  });

  it('states the load factor and the cargo mass fraction used, by body class and distance band, with its T-100 source', () => {
    const narrow = flightEmissions(delBom).explanation;
    expect([narrow.quantities.load_factor, narrow.quantities.cargo_share]).toEqual([0.845, 0.0045]);
    expect(narrow.assumptions.join(' ')).toMatch(/Load factor 0.845 \(TIM's global default\) on every route/);
    expect(narrow.assumptions.join(' ')).toMatch(/Cargo carries 0.45 % of the fuel: the cargo mass fraction of narrow-body flights in the flight's 1 000 km great-circle band \(Cargo mass fraction, narrow-body, great-circle 1 000 to 2 000 km\)/);
    const wide = flightEmissions({ ...delBom, departure: 'ZRH', arrival: 'SFO', aircraft_model: '789' }).explanation;
    expect([wide.quantities.load_factor, wide.quantities.cargo_share]).toEqual([0.845, 0.254]);
    const cargo = wide.factors.find((factor) => factor.name.startsWith('Cargo mass fraction'));
    expect(cargo).toMatchObject({ name: 'Cargo mass fraction, wide-body, great-circle 9 000 to 10 000 km', value: 0.254, tag: 'derived' });
    expect(cargo?.source).toMatch(/US DOT BTS T-100 International Segment \(all carriers\), 2024-01 and 2026-02, scheduled passenger flights \(5125 departures\)/);
    expect(wide.quantities.seat_map_source).toBe('T-100 median seats, manufacturer split scaled');
  });

  it('reads an ICAO type designator as aircraft_model too', () => {
    expect(flightEmissions({ ...delBom, aircraft_model: 'a20n' }).explanation.quantities.aircraft_used).toBe('A20N');
  });
});

describe('bulkFlightResults (E7 delivery)', () => {
  const flights: BulkFlight[] = [
    { ...delBom, flight_id: 'one' },
    { ...delBom, flight_id: 'two', flight_type: 'ROUND_TRIP', no_of_tickets: 3 },
    { ...delBom, flight_id: '__proto__' },
  ];

  it('maps every flight_id to its truecost string', () => {
    const results = bulkFlightResults(flights);
    expect(validate(bulkFlightResultsSchema, results).ok).toBe(true);
    expect(Object.keys(results)).toEqual(['one', 'two', '__proto__']);
    expect(results.one).toBe('0.115961');
    expect(results.two).toBe(flightEmissions(flights[1] as Flight).tonnes.toFixed(6));
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
  });

  it('agrees with E6 for the same flights', () => {
    const parsed = validate(bulkFlightRequestSchema, flights.slice(0, 2));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const e6 = flightTruecost({ queries: { flights: parsed.value } });
    expect(Object.values(bulkFlightResults(parsed.value))).toEqual(e6.truecost.map((row) => row.truecost));
  });
});

describe('the worked examples of docs/methodology.md', () => {
  it('gives LHR-JFK economy on the default 320 as 0.355155 t, flown by the generic A20N', () => {
    const { tonnes, explanation } = flightEmissions({ ...delBom, departure: 'LHR', arrival: 'JFK' });
    expect(tonnes.toFixed(6)).toBe('0.355155');
    expect(explanation.quantities.fuel_kg).toBeCloseTo(14990.91, 2);
  });

  it('gives DEL-BOM economy by the DESNZ method as 0.092139 t', () => {
    expect(flightEmissions(delBom, { method: 'desnz-2025' }).tonnes.toFixed(6)).toBe('0.092139');
  });

  it('gives ZRH-SFO economy on a 789 with truecost defaults as 0.587379 t', () => {
    const flight: Flight = { ...delBom, departure: 'ZRH', arrival: 'SFO', aircraft_model: '789' };
    expect(flightEmissions(flight).tonnes.toFixed(6)).toBe('0.587379');
  });
});
