/**
 * Issue codes and builders shared by every authoring check (spec 001 §5, 000 §8
 * "required, max-length, number-format, compare, max value" messages).
 */

import type { FieldIssue } from '../common/errors';
import type { LocalizedText } from '../common/languages';

/** Message codes of authoring issues; the web maps them to translated texts with `params`. */
export const AUTHORING_ISSUE_CODES = [
  'REQUIRED',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'INVALID',
  'NOT_NUMERIC',
  'NOT_INTEGER',
  'OUT_OF_RANGE',
  'MIN_ABOVE_MAX',
  'MIN_NOT_BELOW_MAX',
  'TOO_MANY',
  'TOO_FEW',
  'DUPLICATE',
  'PATTERN',
  'NUMBER_REQUIRED',
  'INCOMPATIBLE_TYPES',
  'NOT_ALLOWED',
  'UNKNOWN_REFERENCE',
  'INVALID_FORMULA',
  'MIN_TARGET_INCLUSION',
  'NOT_IN_DATA_EVENT',
] as const;
export type AuthoringIssueCode = (typeof AUTHORING_ISSUE_CODES)[number];

export type IssuePath = FieldIssue['path'];

/** One authoring issue at `path`. */
export function authoringIssue(
  path: IssuePath,
  code: AuthoringIssueCode,
  params?: Record<string, string | number>,
): FieldIssue {
  return params ? { path, message: code, params } : { path, message: code };
}

/** Prefixes every issue path (a question's issues inside a form become `questions.3.…`). */
export function prefixIssues(prefix: IssuePath, issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));
}

/** True when any language of a per-language text holds something other than blanks. */
export function hasLocalizedText(text: LocalizedText | null | undefined): boolean {
  return Object.values(text ?? {}).some((v) => typeof v === 'string' && v.trim() !== '');
}

/** Spec 001 §5 "required, max N" for a per-language text: one issue per language over the limit. */
export function checkLocalizedText(
  path: IssuePath,
  text: LocalizedText | null | undefined,
  rules: { isRequired: boolean; max: number },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (rules.isRequired && !hasLocalizedText(text)) issues.push(authoringIssue(path, 'REQUIRED'));
  for (const [language, value] of Object.entries(text ?? {})) {
    if (typeof value === 'string' && value.length > rules.max) {
      issues.push(authoringIssue([...path, language], 'MAX_LENGTH', { max: rules.max }));
    }
  }
  return issues;
}

/** Spec 001 §5 "required, max N" for a plain string. */
export function checkPlainText(
  path: IssuePath,
  text: string | null | undefined,
  rules: { isRequired: boolean; max: number },
): FieldIssue[] {
  if (text == null || text.trim() === '') return rules.isRequired ? [authoringIssue(path, 'REQUIRED')] : [];
  return text.length > rules.max ? [authoringIssue(path, 'MAX_LENGTH', { max: rules.max })] : [];
}
