/**
 * Operand values of validation rules (spec 001 §3 operants, §5 offsets): answers,
 * constants and reference dates turned into comparable values, offsets applied.
 * Dates and date-times are wall-clock milliseconds in UTC representation.
 */
import { assertNever } from '../common/assert';
import type { Question, QuestionType } from '../forms/model';
import { parseAnswerNumber } from '../formulas/answer-values';
import type { RuleOffset } from './model';

export type RuleValue =
  | { kind: 'number'; value: number }
  | { kind: 'date'; ms: number }
  | { kind: 'datetime'; ms: number }
  | { kind: 'time'; minutes: number }
  | { kind: 'duration'; minutes: number };

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})/;
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function utcMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | null {
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s));
  date.setUTCFullYear(y);
  const ok = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return ok && h < 24 && mi < 60 && s < 60 ? date.getTime() : null;
}

/** The wall-clock time of an instant in `timeZone` (IANA), as UTC milliseconds; UTC when none or unknown. */
export function wallClockMs(instant: number, timeZone?: string): number {
  if (!timeZone || !Number.isFinite(instant)) return instant;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    return Number.isFinite(wall) ? wall + (instant % 1000) : instant;
  } catch {
    return instant;
  }
}

/** A calendar date `YYYY-MM-DD` (a longer ISO string keeps its date part). */
export function parseRuleDate(text: string): number | null {
  const m = DATE_RE.exec(text.trim());
  return m ? utcMs(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A date-time `YYYY-MM-DDTHH:mm[:ss]`; with a zone suffix it is an instant shown in `timeZone`. */
export function parseRuleDateTime(text: string, timeZone?: string): number | null {
  const m = DATE_TIME_RE.exec(text.trim());
  if (!m) return null;
  const wall = utcMs(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (wall === null || !m[7]) return wall;
  const instant = Date.parse(text.trim());
  return Number.isFinite(instant) ? wallClockMs(instant, timeZone) : null;
}

/** Spec 002 §5 time: `HH:mm`; above 23 hours is capped to 23:59, negative becomes 0:00. */
export function parseRuleTime(text: string): number | null {
  const m = /^(-?\d{1,3}):(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (minutes > 59) return null;
  if (hours < 0 || m[1]?.startsWith('-')) return 0;
  return hours > 23 ? 23 * 60 + 59 : hours * 60 + minutes;
}

/** DESIGN.md durations: total hours and remaining minutes, `"1-30"` for 90 minutes (`1:30` accepted). */
export function parseRuleDuration(text: string): number | null {
  const m = /^(\d+)[-:](\d{1,2})$/.exec(text.trim());
  if (!m || Number(m[2]) > 59) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Spec 001 §5: the value kind each question type compares as; null when it has no comparable value. */
const RULE_VALUE_KIND_BY_TYPE = {
  CHECKBOX: null,
  YES_NO: null,
  NUMBER: 'number',
  TEXT_SENTENCE: null,
  TEXT_FREE: null,
  TIME: 'time',
  DATE: 'date',
  DATE_TIME: 'datetime',
  TIME_DURATION: 'duration',
  MULTIPLE_CHOICE: null,
  MULTIPLE_RESPONSE: null,
  SMILEY: null,
  SLIDER: 'number',
  INFORMATION: null,
  TABLE: null,
  IMAGE: null,
  CALCULATED: 'number',
  MEDICATION_REF: null,
  AE_REF: null,
  AE_2_REF: null,
  UNSCHEDULED_EVENT_REF: null,
  FILE: null,
} as const satisfies Record<QuestionType, RuleValue['kind'] | null>;

/** Spec 001 §5: which value kind a question type compares as, or null when it has no comparable value. */
export function ruleValueKind(type: QuestionType): RuleValue['kind'] | null {
  return RULE_VALUE_KIND_BY_TYPE[type];
}

/** Parses a text as the value kind of `question` (answers and CONST_VAL constants alike). */
export function parseRuleValue(
  question: Pick<Question, 'type'>,
  text: string | null,
  timeZone?: string,
): RuleValue | null {
  const kind = ruleValueKind(question.type);
  if (text === null || kind === null) return null;
  switch (kind) {
    case 'number': {
      const value = parseAnswerNumber(text);
      return value === null ? null : { kind, value };
    }
    case 'date': {
      const ms = parseRuleDate(text);
      return ms === null ? null : { kind, ms };
    }
    case 'datetime': {
      const ms = parseRuleDateTime(text, timeZone);
      return ms === null ? null : { kind, ms };
    }
    case 'time': {
      const minutes = parseRuleTime(text);
      return minutes === null ? null : { kind, minutes };
    }
    case 'duration': {
      const minutes = parseRuleDuration(text);
      return minutes === null ? null : { kind, minutes };
    }
    default:
      return assertNever(kind);
  }
}

function addYears(ms: number, years: number): number {
  const d = new Date(ms);
  const year = d.getUTCFullYear() + years;
  const month = d.getUTCMonth();
  const lastDay = new Date(Date.UTC(2000, month + 1, 0));
  lastDay.setUTCFullYear(year, month + 1, 0);
  const result = new Date(ms);
  result.setUTCFullYear(year, month, Math.min(d.getUTCDate(), lastDay.getUTCDate()));
  return result.getTime();
}

/** Offset units a value kind accepts (spec 001 §5: years, days for dates; hours, minutes for times). */
export function offsetUnitsFor(kind: RuleValue['kind'] | null): readonly RuleOffset['timeUnit'][] {
  if (kind === 'date') return ['years', 'days'];
  if (kind === 'datetime') return ['years', 'days', 'hours', 'minutes'];
  if (kind === 'time' || kind === 'duration') return ['hours', 'minutes'];
  return [];
}

/** Spec 001 §5 offsets: applies each `+`/`-` element in turn; an incomplete or misplaced one gives null. */
export function applyRuleOffsets(value: RuleValue, offsets: readonly RuleOffset[]): RuleValue | null {
  let current: RuleValue = value;
  for (const offset of offsets) {
    const { mathOperator, offsetNumber, timeUnit } = offset;
    if (!mathOperator || offsetNumber == null || !timeUnit || !Number.isFinite(offsetNumber)) return null;
    if (!offsetUnitsFor(current.kind).includes(timeUnit)) return null;
    const n = mathOperator === '-' ? -offsetNumber : offsetNumber;
    if (current.kind === 'date' || current.kind === 'datetime') {
      const ms =
        timeUnit === 'years'
          ? addYears(current.ms, n)
          : current.ms +
            n * (timeUnit === 'days' ? DAY_MS : timeUnit === 'hours' ? 60 * MINUTE_MS : MINUTE_MS);
      if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) return null;
      current = { kind: current.kind, ms };
    } else if (current.kind === 'time' || current.kind === 'duration') {
      current = { kind: current.kind, minutes: current.minutes + n * (timeUnit === 'hours' ? 60 : 1) };
    }
  }
  return current;
}

/** Comparable numbers for two values, or null when their kinds do not compare (a date compares by day). */
export function toComparablePair(left: RuleValue, right: RuleValue): [number, number] | null {
  const isDateLike = (v: RuleValue) => v.kind === 'date' || v.kind === 'datetime';
  if (isDateLike(left) && isDateLike(right)) {
    const l = (left as { ms: number }).ms;
    const r = (right as { ms: number }).ms;
    if (left.kind === 'date' || right.kind === 'date')
      return [Math.floor(l / DAY_MS), Math.floor(r / DAY_MS)];
    return [l, r];
  }
  if (left.kind === 'number' && right.kind === 'number') return [left.value, right.value];
  if (
    (left.kind === 'time' && right.kind === 'time') ||
    (left.kind === 'duration' && right.kind === 'duration')
  ) {
    return [left.minutes, right.minutes];
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The limit shown in a rule message (spec 001 §3 placeholder): dates as DD-MM-YYYY (spec 000 §9). */
export function formatRuleValue(value: RuleValue): string {
  switch (value.kind) {
    case 'number':
      return String(value.value);
    case 'date':
    case 'datetime': {
      const d = new Date(value.ms);
      const date = `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
      return value.kind === 'date' ? date : `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    }
    case 'time':
      return `${pad(Math.floor(value.minutes / 60))}:${pad(value.minutes % 60)}`;
    case 'duration':
      return `${Math.floor(value.minutes / 60)}-${value.minutes % 60}`;
    default:
      return assertNever(value);
  }
}
