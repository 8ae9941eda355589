import type { FieldIssue } from '@trialbase/domain';
import i18next from 'i18next';
import { isHttpError } from '../../app/http';
import { studyMessagesEn } from './messages-en';

type StudyErrorKey = keyof typeof studyMessagesEn.STUDY.ERRORS;

/** A domain issue message naming one of this area's error strings (`STUDY.ERRORS.X`). */
export function studyErrorKey(message: string): `STUDY.ERRORS.${StudyErrorKey}` | null {
  const key = message.replace(/^STUDY\.ERRORS\./, '');
  return message.startsWith('STUDY.ERRORS.') && Object.hasOwn(studyMessagesEn.STUDY.ERRORS, key)
    ? `STUDY.ERRORS.${key as StudyErrorKey}`
    : null;
}

/** Server field issues → form errors (CONVENTIONS.md: errors from the server go back onto their fields). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isHttpError(error)) return {};
  const issues: FieldIssue[] = error.body?.context?.issues ?? [];
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.filter((part) => part !== 'body').join('.');
    if (!key || fields[key]) continue;
    const known = studyErrorKey(issue.message);
    fields[key] = known ? i18next.t(known) : i18next.t('STUDY.FORM.INVALID');
  }
  return fields;
}

/** True when the server refused the extended-validation password. */
export function isWrongPassword(error: unknown): boolean {
  return isHttpError(error) && error.body?.type === 'EXTENDED_VALIDATION';
}
