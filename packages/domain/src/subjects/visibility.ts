/**
 * Which subject fields a viewer may see (spec 000 §6 per-field subject view, 001 §2 trial
 * group column). The restricted fields and their permissions are the access area's
 * (`access/redaction.ts`); the trial group adds TRIAL_GROUP_VIEW: it can unblind.
 */
import { type AccessScope, type AccessUser, hasPermission } from '../access/check';
import type { Permission } from '../access/permissions';
import { redactSubject, SUBJECT_RESTRICTED_FIELDS } from '../access/redaction';
import { hasOwn } from '../common/has-own';
import { REDACTED } from './model';

/** Spec 000 §6 / 001 §2: field → the permission needed to see it. Fields not named here are open. */
export const SUBJECT_FIELD_VIEW_PERMISSIONS = {
  ...SUBJECT_RESTRICTED_FIELDS,
  trialGroup: 'TRIAL_GROUP_VIEW',
} as const satisfies Record<string, Permission>;
export type SubjectViewRestrictedField = keyof typeof SUBJECT_FIELD_VIEW_PERMISSIONS;

/** The permission needed to see a subject field, or null when anyone who sees the subject may. */
export function subjectFieldViewPermission(field: string): Permission | null {
  return hasOwn(SUBJECT_FIELD_VIEW_PERMISSIONS, field)
    ? SUBJECT_FIELD_VIEW_PERMISSIONS[field as SubjectViewRestrictedField]
    : null;
}

/**
 * Spec 000 §3, §6, 001 §2: a copy of a subject with every field the viewer may not see
 * (restricted fields, the merged name, the trial group) replaced by REDACTED.
 */
export function redactSubjectForViewer<T extends Record<string, unknown>>(
  subject: T,
  user: AccessUser,
  scope: AccessScope,
): { [K in keyof T]: T[K] | typeof REDACTED } {
  const copy = redactSubject(subject, user, scope) as Record<string, unknown>;
  if (copy.trialGroup !== undefined && !hasPermission(user, 'TRIAL_GROUP_VIEW', scope))
    copy.trialGroup = REDACTED;
  return copy as { [K in keyof T]: T[K] | typeof REDACTED };
}
