import i18next from 'i18next';
import type { ServerErrorOptions } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import studiesEn from '../../locales/en/studies.json';

type StudyErrorKey = keyof typeof studiesEn.STUDY.ERRORS & string;

/** A domain issue message naming one of this area's error strings (`STUDY.ERRORS.X`). */
export function studyErrorKey(message: string): `STUDY.ERRORS.${StudyErrorKey}` | null {
  const key = message.replace(/^STUDY\.ERRORS\./, '');
  return message.startsWith('STUDY.ERRORS.') && Object.hasOwn(studiesEn.STUDY.ERRORS, key)
    ? `STUDY.ERRORS.${key as StudyErrorKey}`
    : null;
}

/**
 * How a study form shows a failed call (CONVENTIONS.md: errors from the server go back onto their
 * fields; issue 14 item 7): issues without a study key read "invalid", anything else the catalog's
 * message for the error, or the area's generic one.
 */
export const STUDY_FORM_ERRORS: ServerErrorOptions = {
  fieldMessage: () => i18next.t('STUDY.FORM.INVALID'),
  fallback: 'STUDY.ERRORS.GENERIC',
};

/** True when the server refused the extended-validation password. */
export function isWrongPassword(error: unknown): boolean {
  return isHttpError(error) && error.body?.type === 'EXTENDED_VALIDATION';
}

/** True when the study-build check refused the step (issue 23 item 3: errors block the transition). */
export function isBuildCheckRefusal(error: unknown): boolean {
  return isHttpError(error) && error.body?.id === 'STUDY_BUILD_CHECK_FAILED';
}
