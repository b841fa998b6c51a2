import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiErrors, payloadTooLargeMessage } from '../src/errors.js';
import { DEFAULT_MAX_BODY_BYTES } from '../src/http/index.js';

describe('payloadTooLargeMessage', () => {
  it("is the 413 message of apiErrors for the handler's default limit", () => {
    expect(payloadTooLargeMessage(DEFAULT_MAX_BODY_BYTES)).toBe(apiErrors.payloadTooLarge.message);
    expect(apiErrors.payloadTooLarge.message).toBe('Payload Too Large! The body must be at most 1 MiB.');
  });

  it('names the limit in the largest whole unit', () => {
    expect(payloadTooLargeMessage(64 * 1024)).toBe('Payload Too Large! The body must be at most 64 KiB.');
    expect(payloadTooLargeMessage(5 * 1024 * 1024)).toBe('Payload Too Large! The body must be at most 5 MiB.');
    expect(payloadTooLargeMessage(1536)).toBe('Payload Too Large! The body must be at most 1536 bytes.');
    expect(payloadTooLargeMessage(100)).toBe('Payload Too Large! The body must be at most 100 bytes.');
    expect(payloadTooLargeMessage(1)).toBe('Payload Too Large! The body must be at most 1 byte.');
  });

  it('states a limit that converts back to the same number of bytes', () => {
    const units: Record<string, number> = { byte: 1, bytes: 1, KiB: 1024, MiB: 1024 * 1024 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (bytes) => {
        const match = /at most (\d+) (bytes?|KiB|MiB)\.$/.exec(payloadTooLargeMessage(bytes));
        expect(match).not.toBeNull();
        expect(Number(match?.[1]) * (units[match?.[2] ?? ''] ?? Number.NaN)).toBe(bytes);
      }),
    );
  });
});
