/**
 * The audit events of the product as a typed union (CONVENTIONS.md: a new state change
 * needs a new event type). Every create, update, delete and state change of study data
 * records one of these in the same transaction (DESIGN.md audit trail, STANDARDS.md AT-*).
 */

/** Who did it: a staff user, a participant through a link token, an API key, or the system itself. */
export const AUDIT_ACTOR_TYPES = ['USER', 'SUBJECT_TOKEN', 'API_KEY', 'SYSTEM'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export type AuditActor = { type: AuditActorType; id: string | null };

/** Entity kinds the audit trail knows. */
export const AUDIT_ENTITY_TYPES = ['USER', 'SESSION', 'SYSTEM', 'OUTBOX_MESSAGE'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

type Event<A extends string, E extends AuditEntityType> = {
  action: A;
  entityType: E;
  entityId: string | null;
  studyId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

export type AuditEvent =
  | Event<'USER_CREATED', 'USER'>
  | Event<'USER_UPDATED', 'USER'>
  | Event<'USER_LOGIN_SUCCEEDED', 'USER'>
  | Event<'USER_LOGIN_FAILED', 'USER'>
  | Event<'USER_LOCKED', 'USER'>
  | Event<'USER_UNLOCKED', 'USER'>
  | Event<'USER_LOGGED_OUT', 'SESSION'>
  | Event<'SYSTEM_ADMIN_BOOTSTRAPPED', 'USER'>
  | Event<'OUTBOX_MESSAGE_QUEUED', 'OUTBOX_MESSAGE'>;

export type AuditAction = AuditEvent['action'];
