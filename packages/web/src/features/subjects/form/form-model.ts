import {
  CreateSubjectSchema,
  type FieldIssue,
  isRedactedValue,
  normalizeSubjectAttributes,
  type SubjectAttributesInput,
  type SubjectPhone,
  type SubjectView,
  validateSubjectAttributes,
} from '@trialbase/domain';

export type PhoneDraft = { countryCode: string; number: string };
export const PHONE_FIELDS = ['mobileNumber', 'homeNumber', 'workNumber'] as const;
export type PhoneField = (typeof PHONE_FIELDS)[number];
export const ADDRESS_PARTS = ['streetName', 'streetNumber', 'zip', 'city', 'country'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'initials',
  'email',
  'ssChecksum',
  'nationality',
  'guardian1',
  'guardian2',
  'trialGroup',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The subject form's draft: every input as the person typed it. */
export type SubjectDraft = Record<TextField, string> &
  Record<PhoneField, PhoneDraft> &
  Record<AddressPart, string> & {
    patientId: string;
    dateOfBirth: string;
    birthYear: string;
    gender: string | null;
    language: string | null;
  };

/** The attributes of the form that a viewer may not see; the form keeps them as they are. */
export type HiddenFields = ReadonlySet<string>;

const emptyPhone = (): PhoneDraft => ({ countryCode: '', number: '' });

export function emptyDraft(): SubjectDraft {
  return {
    patientId: '',
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>),
    mobileNumber: emptyPhone(),
    homeNumber: emptyPhone(),
    workNumber: emptyPhone(),
    ...(Object.fromEntries(ADDRESS_PARTS.map((p) => [p, ''])) as Record<AddressPart, string>),
    dateOfBirth: '',
    birthYear: '',
    gender: null,
    language: null,
  };
}

const textOf = (value: unknown) => (typeof value === 'string' && !isRedactedValue(value) ? value : '');

function phoneOf(value: unknown): PhoneDraft {
  const first = Array.isArray(value) ? (value[0] as SubjectPhone | undefined) : undefined;
  return first
    ? { countryCode: first.countryCode ? String(first.countryCode) : '', number: first.number }
    : emptyPhone();
}

/** The draft of a stored subject, and which of its fields are hidden from the viewer (spec 000 §3). */
export function draftOf(subject: SubjectView): { draft: SubjectDraft; hidden: HiddenFields } {
  const hidden = new Set<string>();
  for (const [key, value] of Object.entries(subject)) if (isRedactedValue(value)) hidden.add(key);
  const address = Array.isArray(subject.address) ? subject.address[0] : undefined;
  const draft: SubjectDraft = {
    ...emptyDraft(),
    patientId: subject.patientId,
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, textOf(subject[f])])) as Record<TextField, string>),
    mobileNumber: phoneOf(subject.mobileNumber),
    homeNumber: phoneOf(subject.homeNumber),
    workNumber: phoneOf(subject.workNumber),
    ...(address ? { ...address } : {}),
    dateOfBirth: textOf(subject.dateOfBirth),
    birthYear: subject.birthYear === null ? '' : String(subject.birthYear),
    gender: typeof subject.gender === 'number' ? String(subject.gender) : null,
    language: subject.language,
  };
  return { draft, hidden };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

function phoneInput(phone: PhoneDraft): SubjectPhone[] {
  if (phone.number.trim() === '' && phone.countryCode.trim() === '') return [];
  const code = Number(phone.countryCode.replace(/^\+/, ''));
  return [{ number: phone.number.trim(), countryCode: Number.isInteger(code) ? code : -1 }];
}

/** The attributes to send: the visible fields only, blanks as null (spec 000 §3 update rules). */
export function attributesOf(draft: SubjectDraft, hidden: HiddenFields): SubjectAttributesInput {
  const out: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) out[field] = blankToNull(draft[field]);
  if (out.nationality) out.nationality = String(out.nationality).toUpperCase();
  for (const field of PHONE_FIELDS) out[field] = phoneInput(draft[field]);
  const hasAddress = ADDRESS_PARTS.some((p) => draft[p].trim() !== '');
  out.address = hasAddress
    ? [
        Object.fromEntries(
          ADDRESS_PARTS.map((p) => [p, p === 'country' ? draft[p].trim().toUpperCase() : draft[p].trim()]),
        ),
      ]
    : [];
  out.dateOfBirth = blankToNull(draft.dateOfBirth);
  out.birthYear = draft.birthYear.trim() === '' ? null : Number(draft.birthYear);
  out.gender = draft.gender === null ? null : Number(draft.gender);
  out.language = draft.language;
  for (const field of hidden) delete out[field];
  return out as SubjectAttributesInput;
}

/** The path of an issue as a form key: `email`, `mobileNumber.0.number`, `address.0.city`. */
export function issueKey(path: readonly PropertyKey[]): string {
  const [field, , part] = path.map(String);
  if (!field) return '';
  if (PHONE_FIELDS.includes(field as PhoneField)) return `${field}.${part ?? 'number'}`;
  if (field === 'address') return part ?? 'streetName';
  return field;
}

/**
 * The client-side check before sending (CONVENTIONS.md: the server's own rules): the create
 * schema's shapes and lengths, then spec 001 §5 attribute rules from the domain.
 */
export function validateDraft(
  draft: SubjectDraft,
  hidden: HiddenFields,
  ctx: { now: Date; studyLanguages: readonly string[]; needsPatientId: boolean },
): FieldIssue[] {
  const attributes = attributesOf(draft, hidden);
  const issues: FieldIssue[] = [];
  if (ctx.needsPatientId && draft.patientId.trim() === '')
    issues.push({ path: ['patientId'], message: 'PUBLIC.VALIDATION.REQUIRED' });
  if (draft.birthYear.trim() !== '' && !/^\d{4}$/.test(draft.birthYear.trim()))
    issues.push({ path: ['birthYear'], message: 'PUBLIC.VALIDATION.VALID' });
  const parsed = CreateSubjectSchema.safeParse(attributes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const tooBig = issue.code === 'too_big' && 'maximum' in issue;
      issues.push({
        path: issue.path as (string | number)[],
        message: tooBig ? 'PUBLIC.VALIDATION.MAX_LENGTH' : 'PUBLIC.VALIDATION.VALID',
        params: tooBig ? { length: Number(issue.maximum) } : undefined,
      });
    }
    return issues;
  }
  return [...issues, ...validateSubjectAttributes(normalizeSubjectAttributes(parsed.data), ctx)];
}

/** One message per form key, the first issue winning. */
export function errorsByKey(issues: readonly FieldIssue[], text: (issue: FieldIssue) => string) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issueKey(issue.path);
    if (key && !errors[key]) errors[key] = text(issue);
  }
  return errors;
}
