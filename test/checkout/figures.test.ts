import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFigures } from '../../src/checkout/figures.js';
import { formatKg, formatMoney, knownCurrency } from '../../src/checkout/shared.js';
import { climesSchema } from '../../src/schemas/common.js';
import { validate } from '../../src/validation/validate.js';

const decimals = (value: number): number => (String(value).split('.')[1] ?? '').length;

describe('cardFigures', () => {
  it('gives the figures of the example in docs/checkout.md', () => {
    expect(cardFigures('0.115961', { climesPerTonne: 1, minorPerClime: 1200 })).toEqual({ kg: 115.961, climes: 0.115961, amountMinor: 140 });
    expect(cardFigures(0.1, { climesPerTonne: 3 })).toEqual({ kg: 100, climes: 0.3 });
    // A large product is still rounded up, never down (27 826.665777 02... climes).
    expect(cardFigures(279.20829045648645, { climesPerTonne: 99.66274902343743 }).climes).toBe(27826.665778);
  });

  it('rounds climes up to a millionth the API accepts, and the price up to a whole minor unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e4, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 100_000 }),
        (tonnes, climesPerTonne, minorPerClime) => {
          const figures = cardFigures(tonnes, { climesPerTonne, minorPerClime });
          const exact = tonnes * climesPerTonne;
          expect(decimals(figures.climes)).toBeLessThanOrEqual(6);
          expect(figures.climes).toBeGreaterThanOrEqual(exact * (1 - 1e-12));
          expect(figures.climes - exact).toBeLessThan(1e-6 + exact * 1e-12);
          expect(validate(climesSchema, figures.climes).ok).toBe(true);
          expect(Number.isInteger(figures.amountMinor)).toBe(true);
          expect(figures.amountMinor!).toBeGreaterThanOrEqual(figures.climes * minorPerClime * (1 - 1e-12));
          expect(figures.amountMinor! - figures.climes * minorPerClime).toBeLessThan(1 + 1e-9 * figures.climes * minorPerClime);
          expect(Math.abs(figures.kg - tonnes * 1000)).toBeLessThanOrEqual(0.0005 + tonnes * 1e-12);
        },
      ),
    );
  });

  it.each([['0'], [-1], ['ten'], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses the footprint %j with a message', (tonnes) => {
    expect(() => cardFigures(tonnes, { climesPerTonne: 1 })).toThrow(/tonnes above 0/);
  });

  it('refuses rates that are not numbers above 0 (climes) or not negative (price)', () => {
    expect(() => cardFigures(1, { climesPerTonne: 0 })).toThrow(/climesPerTonne/);
    expect(() => cardFigures(1, { climesPerTonne: 1, minorPerClime: -1 })).toThrow(/minorPerClime/);
  });
});

describe('src/checkout/', () => {
  it('imports nothing outside its folder: the browser bundle carries no core, zod or Node module', () => {
    const folder = resolve(import.meta.dirname, '../../src/checkout');
    for (const file of readdirSync(folder)) {
      const code = readFileSync(resolve(folder, file), 'utf8');
      for (const [, specifier] of code.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.js$/);
    }
  });
});

describe('the cards\' figures as text', () => {
  it('writes kg with one decimal at most, in the locale', () => {
    expect(formatKg(3.21, 'en')).toBe('3.2 kg CO₂e');
    expect(formatKg(3.25, 'de-DE')).toMatch(/^3,3\skg CO₂e$/);
    expect(formatKg(1500, 'en')).toBe('1,500 kg CO₂e');
    expect(formatKg(0, 'en')).toBe('0 kg CO₂e');
    // Under 0.1 kg, whole grams: a small cart is not "0 kg".
    expect(formatKg(0.045, 'en')).toBe('45 g CO₂e');
    expect(formatKg(0.0999, 'en')).toBe('100 g CO₂e');
    expect(formatKg(0.1, 'en')).toBe('0.1 kg CO₂e');
  });

  it('writes minor units in the currency\'s own decimals', () => {
    expect(formatMoney(42, 'EUR', 'en')).toBe('€0.42');
    expect(formatMoney(42, 'JPY', 'en')).toBe('¥42');
    expect(formatMoney(1234, 'KWD', 'en')).toMatch(/^KWD\s1\.234$/);
    expect(formatMoney(42, 'not a code', 'en')).toBeUndefined();
  });

  it('knows ISO 4217 codes, in any case, and refuses others', () => {
    expect(['EUR', 'eur', ' usd ', 'JPY', 'CHF'].map(knownCurrency)).toEqual(['EUR', 'EUR', 'USD', 'JPY', 'CHF']);
    expect(['ZZZ', 'EURO', '€', '', 'E1R'].map(knownCurrency)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    fc.assert(
      fc.property(fc.string(), (code) => {
        const known = knownCurrency(code);
        if (known !== undefined) expect(formatMoney(100, known, 'en')).toBeDefined();
      }),
    );
  });
});
