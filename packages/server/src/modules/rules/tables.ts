import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Validation rules (spec 001 §3 Validation rule, §7 Validation rules): the rule document is
 * the domain ValidationRule; the columns it is listed by are copied out of it.
 */
export const validationRules = pgTable(
  'validation_rule',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    processId: text('process_id'),
    dataEventId: text('data_event_id'),
    formId: text('form_id').notNull(),
    questionId: text('question_id').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('validation_rule_form_idx').on(t.studyId, t.formId),
  ],
);

/** Show rules across forms and data events (reference rules page, spec 001 §2). */
export const showRules = pgTable(
  'show_rule',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    processId: text('process_id'),
    dataEventId: text('data_event_id'),
    formId: text('form_id').notNull(),
    questionId: text('question_id').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.id] }), index('show_rule_form_idx').on(t.studyId, t.formId)],
);
