/** Dates and texts of a printed casebook (issue 27 item 4): the study's format and time zone (spec 000 §9). */
import {
  type Answer,
  dateFormatOfDateTimeFormat,
  describeAnswer,
  type FormTemplateDocument,
  formatStudyDate,
  formatStudyDateTime,
  type LocalizedText,
  pickLocalizedText,
  type Question,
  REDACTED,
  studyDateFormatOf,
} from '@trialbase/domain';
import { t } from '../../../platform/i18n/i18n';

export type PrintContext = {
  language: string;
  primaryLanguage: string;
  dateFormat: string;
  dateTimeFormat: string;
  timeZone: string;
};

/** The ISO local date-time (`YYYY-MM-DDTHH:mm`) of an instant in a time zone. */
function localIso(date: Date, timeZone: string): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** An instant in the study's date-time format and zone; '' for none. */
export function printTime(ctx: PrintContext, value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatStudyDateTime(localIso(date, ctx.timeZone), dateFormatOfDateTimeFormat(ctx.dateTimeFormat));
}

/** A calendar date (`YYYY-MM-DD`) in the study's date format. */
export function printDate(ctx: PrintContext, value: string | null | undefined): string {
  return value ? formatStudyDate(value, studyDateFormatOf(ctx.dateFormat)) : '';
}

/** A study text in the print language, else the primary language, else any. */
export function printText(ctx: PrintContext, text: LocalizedText | undefined | null): string {
  return (
    pickLocalizedText(text ?? undefined, { subject: ctx.language, primary: ctx.primaryLanguage })?.text ?? ''
  );
}

/** Author rich text as plain text. */
export function plain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

type Key = Parameters<typeof t>[1];

/** A label of the casebooks catalog in the print language (English where the language has none). */
export function label(ctx: PrintContext, key: Key, vars: Record<string, unknown> = {}): string {
  return t([ctx.language, ctx.primaryLanguage], key, vars);
}

/** A code (status, outcome…) as it is: codes are the product's own words in every language. */
export function code(value: string | null | undefined): string {
  return (value ?? '').replaceAll('_', ' ');
}

/** A stored value (subject field, AE change) in words: REDACTED, yes/no, dates in the study's format. */
export function attributeText(ctx: PrintContext, value: unknown): string {
  if (value === REDACTED) return label(ctx, 'casebooks:VALUE.REDACTED');
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return label(ctx, value ? 'casebooks:VALUE.YES' : 'casebooks:VALUE.NO');
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map(String)
      .join(', ');
  }
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? printDate(ctx, text) : text;
}

/** A question as printed: `Qn. text` in the print language (its id when the form no longer has it). */
export function questionLabel(
  ctx: PrintContext,
  form: Pick<FormTemplateDocument, 'questions'> | undefined,
  questionId: string,
): string {
  const question = form?.questions.find((q) => q.id === questionId);
  if (!question) return questionId;
  return `Q${question.order}. ${plain(printText(ctx, question.question))}`;
}

/** An answer in words in the print language: unavailable and skipped as such, '' when unanswered. */
export function answerText(
  ctx: PrintContext,
  question: Question | undefined,
  answer: Answer | null | undefined,
): string {
  if (answer?.answerUnavailable) return label(ctx, 'casebooks:VALUE.UNAVAILABLE');
  if (answer?.answerSkipped) return label(ctx, 'casebooks:VALUE.SKIPPED');
  return describeAnswer(question, answer, ctx.language) ?? '';
}
