import type { AuditEventOf } from '../audit/events';

/**
 * Audit events of study content translation (issue 18 item 4: every change audited). One event per
 * form, process or rule whose texts changed, before and after holding the language and the changed
 * units' texts by unit id (null: no text), and `via` (EDITOR or XLIFF).
 */
export type TranslationAuditEvent =
  | AuditEventOf<'FORM_TRANSLATION_UPDATED', 'FORM_TEMPLATE'>
  | AuditEventOf<'PROCESS_TRANSLATION_UPDATED', 'PROCESS'>
  | AuditEventOf<'VALIDATION_RULE_TRANSLATION_UPDATED', 'VALIDATION_RULE'>;
