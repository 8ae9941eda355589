import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidTimeValue,
  normalizeDuration,
  normalizeTime,
  parseDuration,
  parseTimeInput,
} from './time-values';

describe('Spec 001 §5 time normalisation', () => {
  it('caps above 23 hours to 23:59 and turns negatives into 00:00', () => {
    expect(normalizeTime(23, 59)).toBe('23:59');
    expect(normalizeTime(24, 0)).toBe('23:59');
    expect(normalizeTime(99, 10)).toBe('23:59');
    expect(normalizeTime(-1, 30)).toBe('00:00');
    expect(normalizeTime(5, -1)).toBe('00:00');
    expect(normalizeTime(7, 5)).toBe('07:05');
    expect(normalizeTime(0, 0)).toBe('00:00');
  });

  it('carries minutes past 59 into the hour, still capped at 23:59', () => {
    expect(normalizeTime(1, 75)).toBe('02:15');
    expect(normalizeTime(23, 75)).toBe('23:59');
  });

  it('parses typed input with overflowing or negative hours', () => {
    expect(parseTimeInput('25:10')).toEqual({ hours: 25, minutes: 10 });
    expect(parseTimeInput('-1:00')).toEqual({ hours: -1, minutes: 0 });
    expect(parseTimeInput('noon')).toBeNull();
  });

  it('always lands in 00:00..23:59 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), (h, m) =>
        isValidTimeValue(normalizeTime(h, m)),
      ),
    );
    fc.assert(fc.property(fc.double(), fc.double(), (h, m) => isValidTimeValue(normalizeTime(h, m))));
  });
});

describe('Spec 001 §5 durations (DESIGN.md: total hours and remaining minutes, no padding)', () => {
  it('stores 90 minutes as "1-30"', () => {
    expect(normalizeDuration(1, 30)).toBe('1-30');
    expect(normalizeDuration(0, 90)).toBe('1-30');
    expect(normalizeDuration(26, 5)).toBe('26-5');
    expect(normalizeDuration(0, 0)).toBe('0-0');
    expect(normalizeDuration(-2, 0)).toBe('0-0');
  });

  it('parses stored durations and refuses padding or minutes past 59', () => {
    expect(parseDuration('1-30')).toEqual({ hours: 1, minutes: 30, totalMinutes: 90 });
    expect(parseDuration('0-0')).toEqual({ hours: 0, minutes: 0, totalMinutes: 0 });
    for (const bad of ['01-30', '1-05', '1-60', '1:30', '-1-0', '1-']) expect(parseDuration(bad)).toBeNull();
  });

  it('always lands in range and round-trips through parse (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), (h, m) => {
        const parsed = parseDuration(normalizeDuration(h, m));
        expect(parsed).not.toBeNull();
        expect(parsed!.minutes).toBeGreaterThanOrEqual(0);
        expect(parsed!.minutes).toBeLessThan(60);
        expect(parsed!.totalMinutes).toBe(Math.max(h * 60 + m, 0));
      }),
    );
  });
});
