import type { AuditEventOf } from '../audit/events';

/** Audit events of form templates and study images (CONVENTIONS.md: one event type per state change). */
export type FormAuditEvent = AuditEventOf<'FORM_PLACEHOLDER_NEVER_RECORDED', 'FORM_TEMPLATE'>;
