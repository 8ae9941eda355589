import { Badge, Tooltip } from '@mantine/core';
import { type FieldIssue, isRedactedValue, type SubjectAddress, type SubjectPhone } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDate } from '../../app/format';
import { isHttpError } from '../../app/http';

/** Spec 000 §3: a restricted value the viewer may not see shows as a muted "Hidden" badge. */
export function HiddenBadge() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('SUBJECTS.HIDDEN_HINT')} withArrow>
      <Badge variant="light" color="gray" size="sm" tt="none" data-testid="hidden-value">
        {t('SUBJECTS.HIDDEN')}
      </Badge>
    </Tooltip>
  );
}

function fieldNames(t: TFunction) {
  return t('SUBJECTS.FIELDS', { returnObjects: true });
}

/** The translated label of a subject field; the field name itself when it has none. */
export function fieldLabel(t: TFunction, field: string): string {
  const names = fieldNames(t) as Record<string, string>;
  return names[field] ?? field;
}

function phoneText(phones: SubjectPhone[]): string {
  return phones
    .filter((p) => p.number)
    .map((p) => (p.countryCode ? `+${p.countryCode} ${p.number}` : p.number))
    .join(', ');
}

function addressText(addresses: SubjectAddress[]): string {
  return addresses
    .map((a) =>
      [`${a.streetName} ${a.streetNumber}`.trim(), `${a.zip} ${a.city}`.trim(), a.country].join(', '),
    )
    .join('; ');
}

/** Spec 000 §3 gender codes as words. */
export function genderText(t: TFunction, code: number): string {
  if (code === 1) return t('SUBJECTS.GENDER.MALE');
  if (code === 2) return t('SUBJECTS.GENDER.FEMALE');
  return t('SUBJECTS.GENDER.UNKNOWN');
}

/** The text of one attribute for reading; empty when the subject has no value. */
export function attributeText(t: TFunction, field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field === 'gender' && typeof value === 'number') return genderText(t, value);
  if (field === 'dateOfBirth' && typeof value === 'string') return formatDate(value);
  if (field === 'address' && Array.isArray(value)) return addressText(value as SubjectAddress[]);
  if (Array.isArray(value)) return phoneText(value as SubjectPhone[]);
  return String(value);
}

/** One attribute as a cell or profile value: the Hidden badge when redacted, else its text. */
export function AttributeValue({ field, value }: { field: string; value: unknown }) {
  const { t } = useTranslation();
  if (isRedactedValue(value)) return <HiddenBadge />;
  const text = attributeText(t, field, value);
  return <bdi>{text || t('SUBJECTS.VIEW.NO_VALUE')}</bdi>;
}

const MESSAGE_KEYS: Record<string, string> = {
  'PUBLIC.VALIDATION.REQUIRED': 'SUBJECTS.VALIDATION.REQUIRED',
  'PUBLIC.VALIDATION.MAX_LENGTH': 'SUBJECTS.VALIDATION.MAX_LENGTH',
  'PUBLIC.VALIDATION.VALID': 'SUBJECTS.VALIDATION.VALID',
  'PUBLIC.VALIDATION.MIN_VALUE': 'SUBJECTS.VALIDATION.MIN_VALUE',
  'PUBLIC.VALIDATION.MAX_VALUE': 'SUBJECTS.VALIDATION.MAX_VALUE',
  'PUBLIC.VALIDATION.MIN_DATE': 'SUBJECTS.VALIDATION.MIN_DATE',
  INVALID_PHONENUMBER: 'SUBJECTS.VALIDATION.INVALID_PHONENUMBER',
  SUBJECT_EMAIL_DUPLICATE: 'SUBJECTS.VALIDATION.SUBJECT_EMAIL_DUPLICATE',
  SUBJECT_ID_DUPLICATE: 'SUBJECTS.VALIDATION.SUBJECT_ID_DUPLICATE',
  MISSING_IMPORT_ID: 'SUBJECTS.VALIDATION.MISSING_IMPORT_ID',
};

/** The words of a domain or server field issue (its message is a template key with params). */
export function issueText(t: TFunction, issue: Pick<FieldIssue, 'message' | 'params'>): string {
  const key = MESSAGE_KEYS[issue.message] ?? issue.message;
  const params = { ...(issue.params ?? {}) } as Record<string, unknown>;
  if (key.startsWith('SUBJECTS.')) {
    const text = translateKey(t, key, params);
    if (text !== key) return text;
  }
  return t('SUBJECTS.VALIDATION.FALLBACK');
}

/** Translates a key that arrives at run time (a domain or server message key) with its params. */
export function translateKey(t: TFunction, key: string, params?: Record<string, unknown>): string {
  return (t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, params);
}

/** The field issues carried by a failed call (400 validation, 409 duplicates), or null. */
export function serverIssues(error: unknown): FieldIssue[] | null {
  if (!isHttpError(error)) return null;
  const issues = error.body?.context?.issues;
  return Array.isArray(issues) && issues.length > 0 ? issues : null;
}

/** The subjects area's messages for a failed call, before the shared catalog's (spec 000 §8 ids). */
const SUBJECT_ERROR_MESSAGES = {
  MAXIMUM_SUBJECTS: 'SUBJECTS.ERRORS.MAXIMUM_SUBJECTS',
  STUDY_STATUS_MISMATCH: 'SUBJECTS.ERRORS.STUDY_STATUS_MISMATCH',
  '403': 'SUBJECTS.ERRORS.FORBIDDEN',
  '404': 'SUBJECTS.ERRORS.NOT_FOUND',
  '0': 'SUBJECTS.ERRORS.GENERIC',
  '500': 'SUBJECTS.ERRORS.GENERIC',
};

/** A message for a failed call that has no field to sit on; never the server's own text. */
export function generalError(_t: TFunction, error: unknown): string {
  return serverErrorMessage(error, { messages: SUBJECT_ERROR_MESSAGES, fallback: 'SUBJECTS.ERRORS.GENERIC' });
}
