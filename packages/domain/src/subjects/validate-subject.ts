/**
 * Subject attribute rules for staff-entered subjects (spec 001 §5 "Other" and "Phone",
 * 000 §5, 002 §5). The checks are the sign-up ones (`signup/`), so a subject that passes
 * here passes the public flows too; only the lengths differ where the spec says so.
 */
import type { FieldIssue } from '../common/errors';
import { ANSWER_MESSAGES } from '../forms/answer-messages';
import {
  birthYearProblem,
  countryProblem,
  dateOfBirthProblem,
  languageProblem,
  textProblem,
} from '../signup/field-rules';
import { type FieldProblem, isBlankValue } from '../signup/fields';
import { phoneProblems, SIGNUP_PHONE_FIELDS } from '../signup/phone';
import { isRedactedValue, type SelectableSubjectField, type Subject } from './model';
import {
  SUBJECT_ATTRIBUTE_NAMES,
  type SubjectAttributeName,
  type SubjectAttributesInput,
  type UpdateSubject,
} from './schemas';

/** Every stored attribute of a subject (spec 000 §3), as kept in `subject.attributes`. */
export type SubjectAttributes = Pick<Subject, SubjectAttributeName>;

const LIST_ATTRIBUTES = new Set<SubjectAttributeName>([
  'address',
  'mobileNumber',
  'homeNumber',
  'workNumber',
]);

/** Spec 000 §3: a complete attribute record from a create input; absent or blank fields are empty. */
export function normalizeSubjectAttributes(input: SubjectAttributesInput): SubjectAttributes {
  const out: Record<string, unknown> = {};
  for (const name of SUBJECT_ATTRIBUTE_NAMES) {
    const value = input[name];
    if (LIST_ATTRIBUTES.has(name)) out[name] = Array.isArray(value) ? value : [];
    else out[name] = isBlankValue(value) ? null : value;
  }
  return out as SubjectAttributes;
}

/**
 * Spec 000 §3, §6: applies a partial update. Absent fields and REDACTED / asterisk values
 * (what a viewer without the field permission received) keep the stored value.
 */
export function mergeSubjectAttributes(stored: SubjectAttributes, update: UpdateSubject): SubjectAttributes {
  const patch: Record<string, unknown> = {};
  for (const name of SUBJECT_ATTRIBUTE_NAMES) {
    const value = update[name];
    if (value === undefined || isRedactedValue(value)) continue;
    patch[name] = value;
  }
  return normalizeSubjectAttributes({ ...stored, ...patch } as SubjectAttributesInput);
}

export type SubjectRuleContext = {
  now: Date;
  /** The languages the study offers (spec 002 §5: a subject's language must be one of them). */
  studyLanguages: readonly string[];
};

function issue(path: (string | number)[], problem: FieldProblem | undefined): FieldIssue[] {
  return problem ? [{ path, ...problem }] : [];
}

function phoneIssues(attributes: SubjectAttributes): FieldIssue[] {
  return SIGNUP_PHONE_FIELDS.flatMap((field) =>
    // A number without a dialling code cannot receive an SMS nor be checked for its length.
    phoneProblems(field, attributes[field], { required: false, requireCountryCode: true }).map(
      ({ at, ...problem }) => ({ path: [field, ...at], ...problem }),
    ),
  );
}

function addressIssues(attributes: SubjectAttributes): FieldIssue[] {
  return attributes.address.flatMap((address, index) => [
    ...issue(['address', index, 'country'], countryProblem('country', address.country, true)),
    ...(['streetName', 'zip', 'city'] as const).flatMap((part) =>
      issue(
        ['address', index, part],
        isBlankValue(address[part]) ? { message: ANSWER_MESSAGES.REQUIRED } : undefined,
      ),
    ),
  ]);
}

/**
 * Spec 001 §5 / 002 §5: email shape, phone numbers (known area code, digits, length per
 * country: INVALID_PHONENUMBER), dates not before 1901 nor in the future, birth year
 * matching the date of birth, known country and nationality, an offered language.
 */
export function validateSubjectAttributes(
  attributes: SubjectAttributes,
  ctx: SubjectRuleContext,
): FieldIssue[] {
  const { now } = ctx;
  const issues: FieldIssue[] = [
    ...issue(['email'], textProblem('email', attributes.email, { required: false, max: 128, email: true })),
    ...issue(
      ['investigatorEmail'],
      textProblem('investigatorEmail', attributes.investigatorEmail, {
        required: false,
        max: 128,
        email: true,
      }),
    ),
    ...issue(
      ['ssChecksum'],
      textProblem('ssChecksum', attributes.ssChecksum, { required: false, max: 128, digits: true }),
    ),
    ...issue(['dateOfBirth'], dateOfBirthProblem(attributes.dateOfBirth, false, now)),
    ...issue(['birthYear'], birthYearProblem(attributes.birthYear, false, now)),
    ...issue(['nationality'], countryProblem('nationality', attributes.nationality, false)),
    ...issue(['language'], languageProblem(attributes.language, false, ctx.studyLanguages)),
    ...phoneIssues(attributes),
    ...addressIssues(attributes),
  ];
  const { dateOfBirth, birthYear } = attributes;
  if (dateOfBirth && birthYear !== null && Number(dateOfBirth.slice(0, 4)) !== birthYear) {
    issues.push({ path: ['birthYear'], message: ANSWER_MESSAGES.VALID, params: { field: 'birthYear' } });
  }
  return issues;
}

/** Spec 000 §8 INVALID_PHONENUMBER: does any issue say a phone number has the wrong length? */
export function hasInvalidPhoneNumber(issues: readonly FieldIssue[]): boolean {
  return issues.some((i) => i.message === ANSWER_MESSAGES.INVALID_PHONENUMBER);
}

/**
 * Spec 001 §3 missingAttributes (the list's warning icon): the required fields the subject
 * lacks. Which fields are required is the study's choice; a list attribute needs one entry.
 */
export function missingSubjectAttributes(
  attributes: SubjectAttributes,
  required: readonly SelectableSubjectField[],
): SelectableSubjectField[] {
  return required.filter((field) => {
    const value = attributes[field];
    return Array.isArray(value) ? value.length === 0 : isBlankValue(value);
  });
}

/** Spec 001 §7 light list: first and last name merged into one display name. */
export function mergeSubjectName(firstName: string | null, lastName: string | null): string {
  return [firstName, lastName].filter((part) => part && part.trim() !== '').join(' ');
}
