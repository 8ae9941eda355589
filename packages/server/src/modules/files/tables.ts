import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files attached to answers (spec 000 §7 files; FILE and IMAGE questions, participant answer images):
 * checked by size, name and content before they are stored; downloaded only by who may read the form.
 */
export const answerFiles = pgTable(
  'answer_file',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    tokenId: text('token_id').notNull(),
    formId: text('form_id'),
    questionId: text('question_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    /** USER (staff) or SUBJECT_TOKEN (participant), and the id. */
    uploadedByType: text('uploaded_by_type').notNull(),
    uploadedBy: text('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('answer_file_token_idx').on(t.studyId, t.tokenId),
  ],
);
