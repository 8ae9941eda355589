import { describe, expect, it } from 'vitest';
import {
  applyRuleOffsets,
  DAY_MS,
  formatRuleValue,
  parseRuleDate,
  parseRuleDateTime,
  parseRuleDuration,
  parseRuleTime,
  toComparablePair,
  wallClockMs,
} from './values';

const date = (text: string) => ({ kind: 'date', ms: parseRuleDate(text) as number }) as const;

describe('Spec 001 §5 validation rule offsets', () => {
  it('adds and subtracts years and days on dates; 29 February falls back to the 28th', () => {
    const plus = applyRuleOffsets(date('2024-02-29'), [
      { mathOperator: '+', offsetNumber: 1, timeUnit: 'years' },
      { mathOperator: '-', offsetNumber: 2, timeUnit: 'days' },
    ]);
    expect(plus && formatRuleValue(plus)).toBe('26-02-2025');
    const minus = applyRuleOffsets(date('2000-01-01'), [
      { mathOperator: '-', offsetNumber: 18, timeUnit: 'years' },
    ]);
    expect(minus && formatRuleValue(minus)).toBe('01-01-1982');
  });

  it('adds hours and minutes on times, durations and date-times', () => {
    const time = applyRuleOffsets({ kind: 'time', minutes: 8 * 60 }, [
      { mathOperator: '+', offsetNumber: 2, timeUnit: 'hours' },
      { mathOperator: '-', offsetNumber: 15, timeUnit: 'minutes' },
    ]);
    expect(time && formatRuleValue(time)).toBe('09:45');
    const dt = applyRuleOffsets({ kind: 'datetime', ms: parseRuleDateTime('2024-03-01T23:30') as number }, [
      { mathOperator: '+', offsetNumber: 1, timeUnit: 'hours' },
    ]);
    expect(dt && formatRuleValue(dt)).toBe('02-03-2024 00:30');
  });

  it('gives no value for an incomplete offset or a unit that does not fit the type', () => {
    expect(
      applyRuleOffsets(date('2024-01-01'), [{ mathOperator: '+', offsetNumber: null, timeUnit: 'days' }]),
    ).toBeNull();
    expect(
      applyRuleOffsets(date('2024-01-01'), [{ mathOperator: '+', offsetNumber: 1, timeUnit: 'hours' }]),
    ).toBeNull();
    expect(
      applyRuleOffsets({ kind: 'time', minutes: 0 }, [
        { mathOperator: '+', offsetNumber: 1, timeUnit: 'days' },
      ]),
    ).toBeNull();
    expect(
      applyRuleOffsets({ kind: 'number', value: 1 }, [
        { mathOperator: '+', offsetNumber: 1, timeUnit: 'days' },
      ]),
    ).toBeNull();
  });
});

describe('Spec 002 §5 rule operand values', () => {
  it('parses dates strictly and date-times with or without a zone', () => {
    expect(parseRuleDate('2023-02-29')).toBeNull();
    expect(parseRuleDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(parseRuleDateTime('2024-05-01T10:00')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(parseRuleDateTime('2024-05-01T10:00:00Z', 'Europe/Copenhagen')).toBe(Date.UTC(2024, 4, 1, 12));
    expect(parseRuleDateTime('2024-05-01')).toBeNull();
  });

  it('caps times above 23 hours to 23:59 and negative ones to 0:00; durations are "hours-minutes"', () => {
    expect(parseRuleTime('07:05')).toBe(425);
    expect(parseRuleTime('25:10')).toBe(23 * 60 + 59);
    expect(parseRuleTime('-1:00')).toBe(0);
    expect(parseRuleTime('7:60')).toBeNull();
    expect(parseRuleDuration('1-30')).toBe(90);
    expect(parseRuleDuration('30-0')).toBe(1800);
    expect(formatRuleValue({ kind: 'duration', minutes: 90 })).toBe('1-30');
  });

  it('compares a date with a date-time by calendar day', () => {
    const day = date('2024-01-05');
    const evening = { kind: 'datetime', ms: day.ms + 20 * 3_600_000 } as const;
    expect(toComparablePair(day, evening)).toEqual([day.ms / DAY_MS, day.ms / DAY_MS]);
    expect(toComparablePair(day, { kind: 'time', minutes: 1 })).toBeNull();
  });

  it('reads instants as the wall clock of the time zone, UTC when unknown', () => {
    const instant = Date.UTC(2024, 0, 1, 23, 30);
    expect(wallClockMs(instant, 'Pacific/Auckland')).toBe(Date.UTC(2024, 0, 2, 12, 30));
    expect(wallClockMs(instant, 'Not/AZone')).toBe(instant);
    expect(wallClockMs(instant)).toBe(instant);
  });
});
