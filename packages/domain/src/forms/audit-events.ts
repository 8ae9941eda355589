import type { AuditEventOf } from '../audit/events';

/** Audit events of form templates, their versions, template libraries and study images (spec 001 §7 form templates). */
export type FormAuditEvent =
  | AuditEventOf<'FORM_TEMPLATE_CREATED', 'FORM_TEMPLATE'>
  | AuditEventOf<'FORM_TEMPLATE_UPDATED', 'FORM_TEMPLATE'>
  | AuditEventOf<'FORM_TEMPLATE_DELETED', 'FORM_TEMPLATE'>
  | AuditEventOf<'FORM_VERSION_PUBLISHED', 'FORM_TEMPLATE_VERSION'>
  | AuditEventOf<'QUESTION_TEMPLATE_CREATED', 'QUESTION_TEMPLATE'>
  | AuditEventOf<'USER_FORM_TEMPLATE_SAVED', 'USER_FORM_TEMPLATE'>
  | AuditEventOf<'USER_FORM_TEMPLATE_DELETED', 'USER_FORM_TEMPLATE'>
  | AuditEventOf<'SYSTEM_FORM_TEMPLATES_SEEDED', 'SYSTEM_FORM_TEMPLATE'>
  | AuditEventOf<'STUDY_IMAGE_UPLOADED', 'STUDY_IMAGE'>;
