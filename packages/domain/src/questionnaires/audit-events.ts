import type { AuditEventOf } from '../audit/events';

/** Audit events of filled forms (spec 001 §7 Filled forms): saves, submits, updates with reason, verification, queries raised by rules. */
export type QuestionnaireAuditEvent =
  | AuditEventOf<'QUESTIONNAIRE_CREATED', 'QUESTIONNAIRE'>
  | AuditEventOf<'QUESTIONNAIRE_SAVED', 'QUESTIONNAIRE'>
  | AuditEventOf<'QUESTIONNAIRE_SUBMITTED', 'QUESTIONNAIRE'>
  | AuditEventOf<'QUESTIONNAIRE_UPDATED', 'QUESTIONNAIRE'>
  | AuditEventOf<'ANSWER_VERIFIED', 'ANSWER'>
  | AuditEventOf<'ANSWER_UNVERIFIED', 'ANSWER'>
  | AuditEventOf<'QUESTIONNAIRE_VERIFIED', 'QUESTIONNAIRE'>
  | AuditEventOf<'QUERY_RAISED', 'QUERY'>
  // Issue 19 (spec 001 §4 dialog actions): a query raised by hand and each status change of a query.
  | AuditEventOf<'QUERY_CREATED', 'QUERY'>
  | AuditEventOf<'QUERY_RESPONDED', 'QUERY'>
  | AuditEventOf<'QUERY_DECLINED', 'QUERY'>
  | AuditEventOf<'QUERY_CLOSED', 'QUERY'>
  | AuditEventOf<'QUERY_QUICK_CLOSED', 'QUERY'>
  | AuditEventOf<'QUERY_REOPENED', 'QUERY'>
  | AuditEventOf<'ANSWER_FILE_UPLOADED', 'ANSWER_FILE'>;
