import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of staff accounts (CONVENTIONS.md: a new state change needs a new event type).
 * USER_CREATED, USER_UPDATED, USER_LOCKED and USER_UNLOCKED are platform events.
 */
export type UserAuditEvent =
  | AuditEventOf<'USER_SIGNED_UP', 'USER'>
  | AuditEventOf<'USER_EMAIL_VERIFIED', 'USER'>
  | AuditEventOf<'USER_PASSWORD_RESET_REQUESTED', 'USER'>
  | AuditEventOf<'USER_PASSWORD_RESET', 'USER'>
  | AuditEventOf<'USER_PASSWORD_CHANGED', 'USER'>
  | AuditEventOf<'USER_DISABLED', 'USER'>
  | AuditEventOf<'USER_ENABLED', 'USER'>
  | AuditEventOf<'USER_PROFILE_UPDATED', 'USER'>
  | AuditEventOf<'USER_SESSIONS_REVOKED', 'USER'>
  | AuditEventOf<'NOTIFICATION_READ', 'NOTIFICATION'>
  | AuditEventOf<'TABLE_SETTINGS_SAVED', 'USER_TABLE_SETTINGS'>;
