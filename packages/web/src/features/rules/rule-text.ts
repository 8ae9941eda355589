import type { FieldIssue, FormTemplate, LocalizedText, Question } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { isHttpError } from '../../app/http';

/** A form text in `language`, else any language that has one. */
export function pickText(text: LocalizedText | null | undefined, language: string): string {
  const byCode = (text ?? {}) as Record<string, string | undefined>;
  const raw = byCode[language] || byCode.en || Object.values(byCode).find((v) => v) || '';
  return raw.replace(/<[^>]*>/g, '').trim();
}

/** "Q3 · Date of visit": questions are named by their 1-based order (DESIGN.md positions). */
export function questionLabel(question: Question, language: string): string {
  const text = pickText(question.question, language);
  return text ? `Q${question.order} · ${text}` : `Q${question.order}`;
}

export function formLabel(form: FormTemplate | undefined, language: string, fallback: string): string {
  return form ? pickText(form.title, language) || fallback : fallback;
}

export function findQuestion(
  forms: readonly FormTemplate[],
  formId?: string | null,
  questionId?: string | null,
) {
  return forms.find((f) => f.id === formId)?.questions.find((q) => q.id === questionId);
}

const ISSUE_CODES = [
  'REQUIRED',
  'MAX_LENGTH',
  'INVALID',
  'NOT_NUMERIC',
  'NOT_INTEGER',
  'OUT_OF_RANGE',
  'TOO_MANY',
  'DUPLICATE',
  'NUMBER_REQUIRED',
  'INCOMPATIBLE_TYPES',
  'NOT_ALLOWED',
  'UNKNOWN_REFERENCE',
  'NOT_IN_DATA_EVENT',
] as const;
const SHOW_REASONS = [
  'TARGET_NOT_FOUND',
  'TARGET_POSSIBILITY_NOT_FOUND',
  'QUESTION_NOT_FOUND',
  'QUESTION_NOT_CHOICE',
  'QUESTION_NOT_EARLIER',
  'NO_POSSIBILITIES',
  'POSSIBILITY_NOT_FOUND',
] as const;

/** The translated text of a domain or server issue (authoring codes and show-rule reasons). */
export function issueText(issue: FieldIssue, t: TFunction): string {
  const reason = String(issue.params?.reason ?? '');
  const isReason = (SHOW_REASONS as readonly string[]).includes(reason);
  if (isReason) return t(`RULES.ISSUES.${reason as (typeof SHOW_REASONS)[number]}`);
  if ((ISSUE_CODES as readonly string[]).includes(issue.message)) {
    const code = issue.message as (typeof ISSUE_CODES)[number];
    return t(`RULES.ISSUES.${code}`, { ...issue.params });
  }
  return t('RULES.ISSUES.INVALID');
}

/** The first issue at `key` (an exact path, or a path below it), translated; undefined when none. */
export function errorAt(issues: readonly FieldIssue[], key: string, t: TFunction): string | undefined {
  const found = issues.find((i) => {
    const path = i.path.join('.');
    return path === key || path.startsWith(`${key}.`);
  });
  return found ? issueText(found, t) : undefined;
}

/** The field issues of a server 400, or null when the error is of another kind. */
export function serverIssues(error: unknown): FieldIssue[] | null {
  if (!isHttpError(error) || error.status !== 400) return null;
  return error.body?.context?.issues ?? null;
}

/** A message for a failed call that has no field to sit on. */
export function generalError(error: unknown, t: TFunction): string {
  if (!isHttpError(error)) return t('RULES.ERRORS.GENERIC');
  if (error.status === 403) return t('RULES.ERRORS.FORBIDDEN');
  if (error.body?.id === 'STUDY_STATUS_MISMATCH') return t('RULES.ERRORS.STATUS');
  if (error.status === 404) return t('RULES.ERRORS.NOT_FOUND');
  if (error.status === 400) return t('RULES.ERRORS.INVALID');
  return t('RULES.ERRORS.GENERIC');
}
