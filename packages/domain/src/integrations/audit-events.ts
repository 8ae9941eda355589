import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of API access (spec 001 §2 API access; CONVENTIONS.md: a new state change
 * needs a new event type). Key material never enters the trail: only id and prefix.
 */
export type IntegrationAuditEvent =
  | AuditEventOf<'API_KEY_RENEWED', 'API_KEY'>
  | AuditEventOf<'API_KEY_REVOKED', 'API_KEY'>
  | AuditEventOf<'API_KEY_SETTINGS_UPDATED', 'API_KEY'>;
