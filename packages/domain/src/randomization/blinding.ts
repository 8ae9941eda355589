/**
 * Blinding (issue 22 item 4; spec 000 §6 trial group view, 001 §2 trial group column): one rule for
 * every answer that could carry a trial group. Whoever lacks TRIAL_GROUP_VIEW at the subject's site
 * never receives it: a subject's `trialGroup` field, an allocation's group and any audit payload's
 * `trialGroup` key become REDACTED (or null where the shape has no marker).
 */
import { type AccessScope, type AccessUser, hasPermission } from '../access/check';
import { SUBJECT_RESTRICTED_FIELDS } from '../access/redaction';
import { REDACTED } from '../subjects/model';

/** The key under which every payload carries a trial group (subjects, allocations, audit events). */
export const TRIAL_GROUP_KEY = 'trialGroup';

/** Spec 000 §6: may this user see trial groups in this scope (the subject's site)? */
export function canViewTrialGroup(user: AccessUser | null | undefined, scope: AccessScope): boolean {
  return !!user && hasPermission(user, 'TRIAL_GROUP_VIEW', scope);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A deep copy of `value` with every non-null `trialGroup` replaced by REDACTED, unless `canView`.
 * Used by presenters of subjects, enrollments, audit views and exports alike.
 */
export function redactTrialGroup<T>(value: T, canView: boolean): T {
  if (canView) return value;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlainObject(v)) return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, inner]) => [
        k,
        k === TRIAL_GROUP_KEY && inner !== null && inner !== undefined ? REDACTED : walk(inner),
      ]),
    );
  };
  return walk(value) as T;
}

/**
 * An audit payload as a reader of a whole study's trail may see it (exports' audit trail): the trial
 * group only with `canViewTrialGroup`, restricted subject fields only when in
 * `visibleSubjectFields`; everything else as recorded.
 */
export function redactAuditPayload<T>(
  value: T,
  options: { canViewTrialGroup: boolean; visibleSubjectFields: readonly string[] },
): T {
  const visible = new Set(options.visibleSubjectFields);
  const hidden = new Set<string>(Object.keys(SUBJECT_RESTRICTED_FIELDS).filter((f) => !visible.has(f)));
  if (!options.canViewTrialGroup) hidden.add(TRIAL_GROUP_KEY);
  if (hidden.size === 0) return value;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlainObject(v)) return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, inner]) => [
        k,
        hidden.has(k) && inner !== null && inner !== undefined ? REDACTED : walk(inner),
      ]),
    );
  };
  return walk(value) as T;
}
