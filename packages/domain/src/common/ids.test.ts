import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSchema, isId, LinkTokenSchema } from './ids';

describe('DESIGN.md database ids and link tokens', () => {
  it('accepts 24-character lowercase hex ids only', () => {
    expect(IdSchema.safeParse('0123456789abcdef01234567').success).toBe(true);
    expect(IdSchema.safeParse('0123456789ABCDEF01234567').success).toBe(false);
    expect(IdSchema.safeParse('0123456789abcdef0123456').success).toBe(false);
    expect(IdSchema.safeParse('0123456789abcdef012345678').success).toBe(false);
    expect(IdSchema.safeParse('0123456789abcdef0123456g').success).toBe(false);
    expect(isId(42)).toBe(false);
  });

  it('accepts 32-character URL-safe link tokens only', () => {
    expect(LinkTokenSchema.safeParse('abcdefghijklmnopqrstuvwxyzAB_-09').success).toBe(true);
    expect(LinkTokenSchema.safeParse('a'.repeat(31)).success).toBe(false);
    expect(LinkTokenSchema.safeParse('a'.repeat(33)).success).toBe(false);
    expect(LinkTokenSchema.safeParse(`${'a'.repeat(31)}+`).success).toBe(false);
  });

  it('property: every 24-hex string is an id', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{24}$/), (s) => {
        expect(isId(s)).toBe(true);
      }),
    );
  });
});
