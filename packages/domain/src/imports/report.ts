/**
 * Form imports (issue 27 items 1–3, 5): what every converter returns: the form drafts and a report
 * line per source row or item saying whether it was imported, translated approximately or left out,
 * and why. Reasons are codes (translated by the web), `detail` carries the source text (an expression).
 */
import { z } from 'zod';
import { FORM_NAME_MAX } from '../authoring/limits';
import type { LanguageCode, LocalizedText } from '../common/languages';
import { type Question, type QuestionInput, QuestionSchema } from '../forms/model';
import { type FormTemplateDocument, FormTemplateDocumentSchema } from '../forms/schemas';

export const IMPORT_SOURCES = ['REDCAP', 'FHIR', 'ODM'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_LINE_STATUSES = ['IMPORTED', 'APPROXIMATE', 'LEFT_OUT'] as const;
export type ImportLineStatus = (typeof IMPORT_LINE_STATUSES)[number];

/** Why a row or item was translated approximately or left out. */
export const IMPORT_REASONS = [
  'RECORD_ID',
  'FIELD_TYPE_UNSUPPORTED',
  'VALIDATION_AS_TEXT',
  'DATE_RANGE_IGNORED',
  'RANGE_IGNORED',
  'SIGNATURE_AS_FILE',
  'TRUE_FALSE_AS_CHOICE',
  'SLIDER_LABELS',
  'CALC_NOT_EXPRESSIBLE',
  'RULE_NOT_EXPRESSIBLE',
  'RULE_APPROXIMATE',
  'ACTION_TAGS_IGNORED',
  'MATRIX_RANKING_IGNORED',
  'NO_CHOICES',
  'CHOICES_IGNORED',
  'REPEATS_IGNORED',
  'OPEN_CHOICE_AS_CHOICE',
  'UNIT_IGNORED',
  'VALUE_SET_NOT_CONTAINED',
  'NESTED_ITEMS_FLATTENED',
  'TABLE_NOT_SUPPORTED',
  'TEXT_TRUNCATED',
  'MISSING_DEFINITION',
  'LANGUAGES_IGNORED',
  'TYPE_APPROXIMATE',
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];

export const ImportNoteSchema = z.object({
  reason: z.enum(IMPORT_REASONS),
  detail: z.string().optional(),
});
export type ImportNote = z.infer<typeof ImportNoteSchema>;

/** One report line: a REDCap row, a FHIR item or an ODM item, by form and source name. */
export const ImportReportLineSchema = z.object({
  form: z.string(),
  item: z.string(),
  status: z.enum(IMPORT_LINE_STATUSES),
  questionType: z.string().optional(),
  notes: z.array(ImportNoteSchema),
});
export type ImportReportLine = z.infer<typeof ImportReportLineSchema>;

/** Why a whole file cannot be imported (answered as a VALIDATION error at `content`). */
export const IMPORT_FILE_ERRORS = [
  'NOT_A_DATA_DICTIONARY',
  'NOT_JSON',
  'NOT_A_QUESTIONNAIRE',
  'NOT_XML',
  'NOT_ODM',
  'NO_FORMS',
] as const;
export type ImportFileError = (typeof IMPORT_FILE_ERRORS)[number];

export type ImportConversion =
  | { ok: true; forms: FormTemplateDocument[]; report: ImportReportLine[] }
  | { ok: false; error: ImportFileError; detail?: string; report?: ImportReportLine[] };

/** Collects forms and report lines while a converter walks its source. */
export class ImportCollector {
  readonly forms: FormTemplateDocument[] = [];
  readonly report: ImportReportLine[] = [];

  line(
    form: string,
    item: string,
    notes: ImportNote[],
    question?: Pick<Question, 'type'> | null,
  ): ImportReportLine {
    const line: ImportReportLine = {
      form,
      item,
      status: lineStatus(notes, question),
      ...(question ? { questionType: question.type } : {}),
      notes,
    };
    this.report.push(line);
    return line;
  }

  result(): ImportConversion {
    if (this.forms.length === 0) return { ok: false, error: 'NO_FORMS', report: this.report };
    return { ok: true, forms: this.forms, report: this.report };
  }
}

/** Left out without a question, approximate with notes, else imported. */
export function lineStatus(notes: readonly ImportNote[], question?: unknown): ImportLineStatus {
  if (!question) return 'LEFT_OUT';
  return notes.length > 0 ? 'APPROXIMATE' : 'IMPORTED';
}

/** A text in the import's language. */
export function textIn(language: LanguageCode, text: string): LocalizedText {
  return { [language]: text } as LocalizedText;
}

/** A question with the schema's defaults. */
export function importQuestion(input: QuestionInput): Question {
  return QuestionSchema.parse(input);
}

/** A form title of at most 64 characters, unique within the import (" 2", " 3" … added). */
export function importTitle(name: string, taken: Set<string>): string {
  const base = (name.replace(/\s+/g, ' ').trim() || 'Imported form').slice(0, FORM_NAME_MAX);
  let title = base;
  for (let n = 2; taken.has(title.toLowerCase()); n++) {
    const suffix = ` ${n}`;
    title = `${base.slice(0, FORM_NAME_MAX - suffix.length)}${suffix}`;
  }
  taken.add(title.toLowerCase());
  return title;
}

/** A form draft of the given questions (orders 1..n), type TYPE_FORM. */
export function importForm(
  id: string,
  title: string,
  language: LanguageCode,
  questions: Question[],
): FormTemplateDocument {
  return FormTemplateDocumentSchema.parse({
    id,
    title: textIn(language, title),
    type: 'TYPE_FORM',
    language,
    questions: questions.map((q, i) => ({ ...q, order: i + 1 })),
  });
}

/** REDCap `form_name` or an OID as a readable title: "baseline_visit" → "Baseline visit". */
export function humanizeName(name: string): string {
  const text = name.replace(/[_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Strips HTML tags and entities down to plain text (labels of choice questions). */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts a text to `max` characters, with a note when it had to. */
export function fitText(text: string, max: number, notes: ImportNote[]): string {
  if (text.length <= max) return text;
  notes.push({ reason: 'TEXT_TRUNCATED', detail: String(max) });
  return text.slice(0, max);
}
