import {
  type FieldIssue,
  TRANSLATION_UNIT_ERRORS,
  type TranslationUnitError,
  XLIFF_FILE_ERRORS,
  type XliffFileError,
  type XliffUnitProblem,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { serverIssues } from '../../app/form-errors';

const isUnitError = (code: string): code is TranslationUnitError =>
  (TRANSLATION_UNIT_ERRORS as readonly string[]).includes(code);
const isFileError = (code: string): code is XliffFileError =>
  (XLIFF_FILE_ERRORS as readonly string[]).includes(code);

/** The text of a refused unit: the spec's reason in the UI language, never the server's words. */
export function unitErrorText(problem: { message: string; params?: Record<string, unknown> }, t: TFunction) {
  const code = problem.message.split('.').at(-1) ?? problem.message;
  return isUnitError(code)
    ? t(`TRANSLATIONS.UNIT_ERRORS.${code}`, { ...problem.params })
    : t('TRANSLATIONS.UNIT_ERRORS.INVALID');
}

/**
 * The field issues of a refused save (400 VALIDATION at `units.<i>.id|target`) as messages per
 * unit id; `sent` is the body's units in the order they were sent.
 */
export function errorsByUnit(
  issues: FieldIssue[],
  sent: readonly { id: string }[],
  t: TFunction,
): { byUnit: Record<string, string>; unplaced: number } {
  const byUnit: Record<string, string> = {};
  let unplaced = 0;
  for (const issue of issues) {
    const [root, index] = issue.path;
    const unit = root === 'units' && typeof index === 'number' ? sent[index] : undefined;
    const byId = root === 'units' && typeof index === 'string' ? index : undefined;
    const id = unit?.id ?? byId;
    if (id === undefined) unplaced += 1;
    else byUnit[id] = unitErrorText(issue, t);
  }
  return { byUnit, unplaced };
}

/** The `context.units` list of a refused XLIFF file, when the answer carries one. */
export function xliffProblemsOf(context: Record<string, unknown> | undefined): XliffUnitProblem[] {
  const units = context?.units;
  if (!Array.isArray(units)) return [];
  return units.filter(
    (u): u is XliffUnitProblem =>
      typeof u === 'object' && u !== null && typeof (u as XliffUnitProblem).unitId === 'string',
  );
}

/** A refusal of the file as a whole (not XLIFF 2.0, not well-formed, another language); null otherwise. */
export function fileErrorText(error: unknown, t: TFunction): string | null {
  for (const issue of serverIssues(error)) {
    const code = issue.message.split('.').at(-1) ?? issue.message;
    if (isFileError(code)) return t(`TRANSLATIONS.XLIFF.ERRORS.${code}`, { ...issue.params });
  }
  return null;
}
