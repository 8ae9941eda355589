import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addZonedDays, addZonedOffset, fromWallTime, toWallTime, type WallTime } from './zoned-time';

const CPH = 'Europe/Copenhagen';
const NYC = 'America/New_York';
const at = (iso: string) => new Date(iso);
const wall = (w: Partial<WallTime> & Pick<WallTime, 'year' | 'month' | 'day' | 'hour'>): WallTime => ({
  minute: 0,
  second: 0,
  millisecond: 0,
  ...w,
});

describe('Issue 6 item 6: calendar days in the study time zone', () => {
  it('keeps 09:00 local across the autumn change in Copenhagen (2026-10-25)', () => {
    // 09:00 CEST (UTC+2) on 20 October, 7 days later 09:00 CET (UTC+1).
    expect(addZonedDays(at('2026-10-20T07:00:00Z'), 7, CPH).toISOString()).toBe('2026-10-27T08:00:00.000Z');
    expect(addZonedDays(at('2026-10-27T08:00:00Z'), -7, CPH).toISOString()).toBe('2026-10-20T07:00:00.000Z');
  });

  it('keeps 09:00 local across the spring change in Copenhagen (2026-03-29)', () => {
    expect(addZonedDays(at('2026-03-28T08:00:00Z'), 1, CPH).toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('moves a wall time in the spring gap forward by the gap', () => {
    // 02:30 does not exist on 29 March 2026 in Copenhagen: it becomes 03:30 summer time.
    expect(
      fromWallTime(wall({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }), CPH).toISOString(),
    ).toBe('2026-03-29T01:30:00.000Z');
    expect(addZonedDays(at('2026-03-28T01:30:00Z'), 1, CPH).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes the first of a repeated autumn hour', () => {
    // 02:30 happens twice on 25 October 2026: first in summer time (00:30 UTC).
    expect(
      fromWallTime(wall({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }), CPH).toISOString(),
    ).toBe('2026-10-25T00:30:00.000Z');
  });

  it('works in America/New_York on its own change dates', () => {
    expect(addZonedDays(at('2026-03-07T14:00:00Z'), 1, NYC).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(addZonedDays(at('2026-10-31T13:00:00Z'), 1, NYC).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(fromWallTime(wall({ year: 2026, month: 3, day: 8, hour: 2, minute: 15 }), NYC).toISOString()).toBe(
      '2026-03-08T07:15:00.000Z',
    );
  });

  it('adds hours as elapsed time after the calendar days', () => {
    // 7 days (09:00 CET on 27 Oct) + 5 hours = 14:00 CET.
    expect(addZonedOffset(at('2026-10-20T07:00:00Z'), 7, 5, CPH).toISOString()).toBe(
      '2026-10-27T13:00:00.000Z',
    );
  });

  it('crosses month and year ends and leap days', () => {
    expect(addZonedDays(at('2028-02-28T12:00:00Z'), 1, 'UTC').toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addZonedDays(at('2026-12-31T23:30:00Z'), 1, CPH).toISOString()).toBe('2027-01-01T23:30:00.000Z');
  });
});

const ZONES = [CPH, NYC, 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Chatham'];
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2040-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const asUtc = (w: WallTime) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);

describe('Issue 6 item 6: zone arithmetic properties', () => {
  it('lands on the local date n days later, at the same wall time unless that falls in a gap', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -800, max: 800 }), fc.constantFrom(...ZONES), (x, n, zone) => {
        const before = toWallTime(x, zone);
        const after = toWallTime(addZonedDays(x, n, zone), zone);
        const target = new Date(Date.UTC(before.year, before.month - 1, before.day + n));
        expect([after.year, after.month, after.day]).toEqual([
          target.getUTCFullYear(),
          target.getUTCMonth() + 1,
          target.getUTCDate(),
        ]);
        const drift =
          asUtc(after) - asUtc({ ...before, year: after.year, month: after.month, day: after.day });
        // Same wall time, or moved forward out of a gap (at most the 1 h change; 30 min at Lord Howe).
        expect(drift >= 0 && drift <= 3_600_000).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back its own wall time: the same instant, or the first of a repeated hour', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (x, zone) => {
        const back = fromWallTime(toWallTime(x, zone), zone);
        const diff = x.getTime() - back.getTime();
        expect(diff >= 0 && diff <= 3_600_000).toBe(true);
        expect(toWallTime(back, zone)).toEqual(toWallTime(x, zone));
      }),
      { numRuns: 2000 },
    );
  });

  it('is its own inverse away from changes (n days forward then back)', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -400, max: 400 }), (x, n) => {
        const there = addZonedDays(x, n, 'Asia/Kolkata');
        expect(addZonedDays(there, -n, 'Asia/Kolkata').getTime()).toBe(x.getTime());
      }),
    );
  });
});
