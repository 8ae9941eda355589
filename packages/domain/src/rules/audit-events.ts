import type { AuditEventOf } from '../audit/events';

/** Audit events of validation rules and reference show rules (spec 001 §7 Validation rules, §2 reference rules). */
export type RuleAuditEvent =
  | AuditEventOf<'VALIDATION_RULE_CREATED', 'VALIDATION_RULE'>
  | AuditEventOf<'VALIDATION_RULE_UPDATED', 'VALIDATION_RULE'>
  | AuditEventOf<'VALIDATION_RULE_DELETED', 'VALIDATION_RULE'>
  | AuditEventOf<'SHOW_RULE_CREATED', 'SHOW_RULE'>
  | AuditEventOf<'SHOW_RULE_UPDATED', 'SHOW_RULE'>
  | AuditEventOf<'SHOW_RULE_DELETED', 'SHOW_RULE'>;
