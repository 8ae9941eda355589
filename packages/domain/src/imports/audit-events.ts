import type { AuditEventOf } from '../audit/events';

/** Audit events of form imports (issue 27 item 5); each created form also records FORM_TEMPLATE_CREATED. */
export type ImportAuditEvent = AuditEventOf<'FORMS_IMPORTED', 'FORM_IMPORT'>;
