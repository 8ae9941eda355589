import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageBucketIndex,
  ageBuckets,
  ageOn,
  birthDateForAge,
  DATA_TAB_PERMISSIONS,
  dayInTimeZone,
  histogramBinIndex,
  histogramBins,
  isOverdueEvent,
  median,
  shareOf,
  startOfDayInTimeZone,
} from './model';

describe('spec 001 §3 population ages', () => {
  it('counts whole years completed on the day: the birthday itself counts, the day before does not', () => {
    expect(ageOn('1980-06-15', '2026-06-15')).toBe(46);
    expect(ageOn('1990-06-16', '2026-06-15')).toBe(35);
    expect(ageOn('2026-06-15', '2026-06-15')).toBe(0);
  });

  it('reaches a 29 February birthday on 1 March in other years (as PostgreSQL age() counts)', () => {
    expect(ageOn('2000-02-29', '2023-02-28')).toBe(22);
    expect(ageOn('2000-02-29', '2023-03-01')).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
  });

  it('takes the date of birth, else 1 July of the birth year, else none', () => {
    expect(birthDateForAge('1980-05-17', 1970)).toBe('1980-05-17');
    expect(birthDateForAge(null, 2000)).toBe('2000-07-01');
    expect(birthDateForAge(undefined, null)).toBeNull();
  });

  it('puts ages into ten-year bars up to 90 and older, every bar present', () => {
    expect([0, 9, 10, 89, 90, 120, -1].map(ageBucketIndex)).toEqual([0, 0, 1, 8, 9, 9, 0]);
    const bars = ageBuckets(new Map([[2, 5]]));
    expect(bars).toHaveLength(10);
    expect(bars[2]).toEqual({ from: 20, to: 29, count: 5 });
    expect(bars[9]).toEqual({ from: 90, to: null, count: 0 });
  });

  it('the age is never negative before the birthday and grows by one each year (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1901-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        (d) => {
          const dob = d.toISOString().slice(0, 10);
          const [y, m, day] = dob.split('-');
          const next = `${String(Number(y) + 10).padStart(4, '0')}-${m}-${day}`;
          return ageOn(dob, dob) === 0 && (m === '02' && day === '29' ? true : ageOn(dob, next) === 10);
        },
      ),
    );
  });
});

describe('issue 25 answer distributions', () => {
  it('puts numbers into 10 equal bins from min to max, the maximum into the last (as width_bucket)', () => {
    expect([10, 19, 20, 40, 100].map((v) => histogramBinIndex(v, 10, 100))).toEqual([1, 2, 2, 4, 10]);
    expect(histogramBinIndex(5, 5, 5)).toBe(1);
    const bins = histogramBins(10, 100, new Map([[1, 2]]));
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ from: 10, to: 19, count: 2 });
    expect(bins[9]?.to).toBe(100);
    expect(histogramBins(5, 5, new Map([[1, 3]]))).toEqual([{ from: 5, to: 5, count: 3 }]);
  });

  it('gives the median as the middle value, or the mean of the two middle ones', () => {
    expect(median([10, 20, 40, 100])).toBe(30);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBeNull();
  });

  it('gives shares with four decimals and none of nothing', () => {
    expect(shareOf(2, 12)).toBe(0.1667);
    expect(shareOf(0, 0)).toBeNull();
  });
});

describe('issue 25 monitor: the study’s today and overdue events', () => {
  it('takes the calendar day and its start in the study’s time zone', () => {
    const instant = new Date('2026-06-15T23:30:00Z');
    expect(dayInTimeZone(instant, 'UTC')).toBe('2026-06-15');
    expect(dayInTimeZone(instant, 'Europe/Copenhagen')).toBe('2026-06-16');
    expect(startOfDayInTimeZone(instant, 'Europe/Copenhagen').toISOString()).toBe('2026-06-15T22:00:00.000Z');
  });

  it('calls an open event overdue when it became due before today, not when due today', () => {
    const today = new Date('2026-06-15T00:00:00Z');
    expect(
      isOverdueEvent({ status: 'UNUSED', activationTime: new Date('2026-06-14T08:00:00Z') }, today),
    ).toBe(true);
    expect(
      isOverdueEvent({ status: 'IN_USE', activationTime: new Date('2026-06-15T08:00:00Z') }, today),
    ).toBe(false);
    expect(
      isOverdueEvent({ status: 'COMPLETED', activationTime: new Date('2026-06-01T08:00:00Z') }, today),
    ).toBe(false);
  });

  it('gives each data tab its own permission (001 §6)', () => {
    expect(Object.values(DATA_TAB_PERMISSIONS)).toEqual([
      'DATA_VIEW_POPULATION',
      'DATA_VIEW_ANSWERS',
      'DATA_VIEW_STATUS',
      'DATA_VIEW_MONITOR',
    ]);
  });
});
