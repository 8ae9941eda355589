/**
 * Pure rules of the data views and reports (issue 25; spec 001 §2 data tabs, §3 population
 * statistics, §6 tabs per permission). The server computes the figures in SQL with the same
 * definitions; these functions state them once, for the web, the tests and the SQL's checks.
 */
import type { Permission } from '../access/permissions';
import { fromWallTime, toWallTime } from '../tokens/zoned-time';
import type { AgeBucket, DataTab, HistogramBin } from './schemas';

/** Spec 001 §6 "data tabs are shown per permission": the permission each tab needs. */
export const DATA_TAB_PERMISSIONS = {
  POPULATION: 'DATA_VIEW_POPULATION',
  ANSWER: 'DATA_VIEW_ANSWERS',
  STATUS: 'DATA_VIEW_STATUS',
  MONITOR: 'DATA_VIEW_MONITOR',
} as const satisfies Record<DataTab, Permission>;

/** 000 §2 reports-verification and reports-site-report: the permission of each report. */
export const REPORT_PERMISSIONS = {
  VERIFICATION: 'REPORTING_VERIFICATION',
  SITE: 'REPORTING_SITE',
} as const satisfies Record<string, Permission>;

/** The width of an age bar and the first open-ended bar ("90 and older"). */
export const AGE_BUCKET_WIDTH = 10;
export const AGE_BUCKET_LAST_FROM = 90;

/** Up to this many bins in a number histogram. */
export const HISTOGRAM_BINS = 10;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function partsOf(day: string): [number, number, number] {
  const m = ISO_DATE.exec(day);
  if (!m) throw new Error(`Expected YYYY-MM-DD, got ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * Spec 001 §3 population ages: whole years completed on `day` (both YYYY-MM-DD). A birthday on
 * 29 February is reached on 1 March in other years (as PostgreSQL's age() counts).
 */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = partsOf(dateOfBirth);
  const [y, m, d] = partsOf(day);
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/**
 * The birth date an age is counted from: the date of birth, else 1 July of the birth year (the
 * middle of the year, the usual imputation of a partial date); null when neither is known.
 */
export function birthDateForAge(
  dateOfBirth: string | null | undefined,
  birthYear: number | null | undefined,
): string | null {
  if (dateOfBirth && ISO_DATE.test(dateOfBirth)) return dateOfBirth;
  if (birthYear != null && Number.isInteger(birthYear)) return `${String(birthYear).padStart(4, '0')}-07-01`;
  return null;
}

/** The index of the age bar an age falls in (0 for 0-9, ..., 9 for 90 and older). */
export function ageBucketIndex(age: number): number {
  const last = AGE_BUCKET_LAST_FROM / AGE_BUCKET_WIDTH;
  return Math.min(Math.max(Math.floor(age / AGE_BUCKET_WIDTH), 0), last);
}

/** Every age bar from 0-9 to 90+, with the counts by bar index (absent = 0). */
export function ageBuckets(countsByIndex: ReadonlyMap<number, number>): AgeBucket[] {
  const last = AGE_BUCKET_LAST_FROM / AGE_BUCKET_WIDTH;
  const buckets: AgeBucket[] = [];
  for (let i = 0; i <= last; i += 1) {
    const from = i * AGE_BUCKET_WIDTH;
    buckets.push({
      from,
      to: i === last ? null : from + AGE_BUCKET_WIDTH - 1,
      count: countsByIndex.get(i) ?? 0,
    });
  }
  return buckets;
}

/**
 * The bin a number falls in among `bins` equal bins from min to max (1-based, as PostgreSQL's
 * width_bucket; the maximum goes into the last bin). One bin when min equals max.
 */
export function histogramBinIndex(value: number, min: number, max: number, bins = HISTOGRAM_BINS): number {
  if (max <= min) return 1;
  const index = Math.floor(((value - min) / (max - min)) * bins) + 1;
  return Math.min(Math.max(index, 1), bins);
}

/** The bins of a histogram from min to max with the counts by 1-based bin index (absent = 0). */
export function histogramBins(
  min: number,
  max: number,
  countsByIndex: ReadonlyMap<number, number>,
  bins = HISTOGRAM_BINS,
): HistogramBin[] {
  if (max <= min) return [{ from: min, to: max, count: countsByIndex.get(1) ?? 0 }];
  const width = (max - min) / bins;
  const out: HistogramBin[] = [];
  for (let i = 1; i <= bins; i += 1) {
    out.push({
      from: min + (i - 1) * width,
      to: i === bins ? max : min + i * width,
      count: countsByIndex.get(i) ?? 0,
    });
  }
  return out;
}

/** The median of numbers (the mean of the two middle ones for an even count; null when empty). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

/** A share 0..1 rounded to 4 decimals; null when there is nothing to share. */
export function shareOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 10000) / 10000;
}

/** The calendar day of an instant in a time zone, YYYY-MM-DD (the study's "today" for ages). */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  const wall = toWallTime(instant, timeZone);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(wall.year, 4)}-${pad(wall.month, 2)}-${pad(wall.day, 2)}`;
}

/** The first instant of the calendar day of `instant` in a time zone (the study's "today"). */
export function startOfDayInTimeZone(instant: Date, timeZone: string): Date {
  const wall = toWallTime(instant, timeZone);
  return fromWallTime({ ...wall, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
}

/** Token statuses of an event still open for filling (000 §3 token states). */
export const OPEN_TOKEN_STATUSES = ['UNUSED', 'IN_USE'] as const;

/**
 * Issue 25 monitor: an event is overdue when it is still open (UNUSED or IN_USE) and became due on
 * an earlier day than the study's today; an event due today is not overdue yet.
 */
export function isOverdueEvent(
  token: { status: string; activationTime: Date | null },
  startOfToday: Date,
): boolean {
  return (
    (OPEN_TOKEN_STATUSES as readonly string[]).includes(token.status) &&
    token.activationTime !== null &&
    token.activationTime.getTime() < startOfToday.getTime()
  );
}
