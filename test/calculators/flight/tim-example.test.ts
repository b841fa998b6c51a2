import { describe, expect, it } from 'vitest';
import { aircraftType } from '../../../src/calculators/flight/aircraft.js';
import { fuelMethodPerPassenger } from '../../../src/calculators/flight/fuel.js';
import type { SeatCabin } from '../../../src/data/flight/factors.js';

// Google Travel Impact Model 3.0.0, README worked example: ZRH-SFO on a B789 with 188 Y, 21 W and
// 48 J seats, great-circle 9369 km, route factor 1.0273, cargo 8 %, load factor 0.845.
const b789 = aircraftType('B789');
const seats = { FIRST: 0, BUSINESS: 48, PREMIUM_ECONOMY: 21, ECONOMY: 188 };
const published: Record<SeatCabin, { tankToWake: number; wellToWake: number }> = {
  ECONOMY: { tankToWake: 476.275, wellToWake: 572.815 },
  PREMIUM_ECONOMY: { tankToWake: 714.412, wellToWake: 859.224 },
  BUSINESS: { tankToWake: 1905.098, wellToWake: 2291.262 },
  FIRST: { tankToWake: 2381.373, wellToWake: 2864.077 },
};

function timExample(cabin: SeatCabin) {
  if (b789 === undefined) throw new Error('B789 is missing from the fuel data');
  return fuelMethodPerPassenger({
    greatCircleKm: 9369,
    type: b789,
    cabin,
    distanceFactor: 1.0273,
    seats,
    cargoShare: 0.08,
    loadFactor: 0.845,
  });
}

describe('the TIM 3.0 worked example (ZRH-SFO, B789)', () => {
  it('burns 56 440 kg of fuel over 5 180 NM', () => {
    const result = timExample('ECONOMY');
    expect(result.ccdNm).toBeCloseTo(5180, 0);
    expect(Math.abs(result.fuelKg - 56440)).toBeLessThan(1);
    expect(result.seatArea).toBe(411.5);
  });

  for (const cabin of Object.keys(published) as SeatCabin[]) {
    it(`gives TIM's ${cabin} figures per passenger to within 1 kg`, () => {
      const result = timExample(cabin);
      const expected = published[cabin];
      expect(Math.abs(result.tankToWakeKg - expected.tankToWake)).toBeLessThan(1);
      expect(Math.abs(result.perPassengerKg - expected.wellToWake)).toBeLessThan(1);
    });
  }
});
