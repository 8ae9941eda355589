import type { AuditEventOf } from '../audit/events';

/** Audit events of this area (CONVENTIONS.md: a new state change needs a new event type). */
export type AccessAuditEvent = AuditEventOf<'ACCESS_PLACEHOLDER_NEVER_RECORDED', 'ACCESS'>;
