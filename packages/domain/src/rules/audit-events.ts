import type { AuditEventOf } from '../audit/events';

/** Audit events of validation and show rules. */
export type RuleAuditEvent = AuditEventOf<'RULE_PLACEHOLDER_NEVER_RECORDED', 'VALIDATION_RULE'>;
