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
  | AuditEventOf<'ANSWER_FILE_UPLOADED', 'ANSWER_FILE'>;
