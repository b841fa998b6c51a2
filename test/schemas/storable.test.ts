import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identifierSchema, isStorableText, storableString, UNSTORABLE_TEXT_REASON, validate } from '../../src/index.js';

describe('storable text', () => {
  it('is exactly the strings that survive a UTF-8 round trip and hold no NUL', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.constantFrom('\u0000', '\ud800', 'a\udfffb')), (value) => {
        const survives = Buffer.from(value, 'utf8').toString('utf8') === value;
        expect(isStorableText(value)).toBe(survives && !value.includes('\u0000'));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a surrogate pair and refuses either half alone', () => {
    expect(isStorableText('\ud83d\ude00')).toBe(true);
    expect(isStorableText('\ud83d')).toBe(false);
    expect(isStorableText('\ude00\ud83d')).toBe(false);
  });

  it('is the first rule of a string field: the refusal names it and says why', () => {
    const result = validate(identifierSchema, 'x\u0000');
    expect(result).toEqual({ ok: false, error: { path: '', reason: UNSTORABLE_TEXT_REASON } });
    expect(validate(storableString(), '\ud800').ok).toBe(false);
    expect(validate(storableString(), '').ok).toBe(true);
  });
});
