import { hasOwn } from '../common/has-own';
import { REDACTED } from '../subjects/model';
import { type AccessScope, type AccessUser, hasPermission } from './check';
import type { Permission } from './permissions';
import { SUBJECT_RESTRICTED_FIELDS, type SubjectRestrictedField } from './subject-fields';

export { SUBJECT_RESTRICTED_FIELDS, type SubjectRestrictedField } from './subject-fields';

/**
 * Spec 001 §3: fields built from restricted ones (the list view's merged `name`);
 * redacted when any of their sources is.
 */
export const SUBJECT_COMPOSITE_FIELDS = {
  name: ['firstName', 'lastName'],
} as const satisfies Record<string, readonly SubjectRestrictedField[]>;

/** The field permission list for a field of a subject; empty when the field is not restricted. */
function permissionsForField(field: string): Permission[] {
  if (hasOwn(SUBJECT_RESTRICTED_FIELDS, field)) {
    return [SUBJECT_RESTRICTED_FIELDS[field as SubjectRestrictedField]];
  }
  if (hasOwn(SUBJECT_COMPOSITE_FIELDS, field)) {
    const sources = SUBJECT_COMPOSITE_FIELDS[field as keyof typeof SUBJECT_COMPOSITE_FIELDS];
    return sources.map((source) => SUBJECT_RESTRICTED_FIELDS[source]);
  }
  return [];
}

/** Spec 000 §6: may this user see this subject field in this scope? Unrestricted fields: yes. */
export function canViewSubjectField(user: AccessUser, field: string, scope: AccessScope): boolean {
  return permissionsForField(field).every((permission) => hasPermission(user, permission, scope));
}

/**
 * Spec 000 §3, §6: a copy of the subject with each restricted field the user may not
 * see replaced by REDACTED. Absent fields stay absent; other fields are untouched.
 */
export function redactSubject<T extends Record<string, unknown>>(
  subject: T,
  user: AccessUser,
  scope: AccessScope,
): { [K in keyof T]: T[K] | typeof REDACTED } {
  const copy: Record<string, unknown> = { ...subject };
  for (const field of Object.keys(copy)) {
    if (copy[field] === undefined) continue;
    if (!canViewSubjectField(user, field, scope)) copy[field] = REDACTED;
  }
  return copy as { [K in keyof T]: T[K] | typeof REDACTED };
}
