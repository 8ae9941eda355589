import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';

/** Spec 000 §4 / 001 §4 query statuses. */
export const QUERY_STATUSES = ['OPEN', 'RESPONDED', 'CLOSED'] as const;
export const QueryStatusSchema = z.enum(QUERY_STATUSES);
export type QueryStatus = z.infer<typeof QueryStatusSchema>;

/** Spec 001 §4 query dialog actions. */
export const QUERY_DIALOG_ACTIONS = [
  'CREATE',
  'RESPOND',
  'DECLINE',
  'REOPEN',
  'QUICK_CLOSE',
  'CLOSE',
] as const;
export const QueryDialogActionSchema = z.enum(QUERY_DIALOG_ACTIONS);
export type QueryDialogAction = z.infer<typeof QueryDialogActionSchema>;

/** Spec 000 §9: query last-comment limit. */
export const QUERY_LAST_COMMENT_LIMIT = 30;
/** Spec 001 §2: query list subject search max 128 characters. */
export const QUERY_SEARCH_MAX_LENGTH = 128;
/** Length cap of one query comment (DESIGN.md decisions: text cap 10000). */
export const QUERY_COMMENT_MAX_LENGTH = 10000;

/**
 * Spec 001 §3 query comment: createdBy (null = system generated), the answer's old and
 * new values when the comment came with a change.
 */
export const QueryCommentSchema = z.object({
  id: IdSchema,
  createdBy: IdSchema.nullable(),
  createdTime: TimestampSchema,
  action: QueryDialogActionSchema,
  comment: z.string().max(QUERY_COMMENT_MAX_LENGTH),
  oldValues: z.array(z.string()).nullable(),
  newValues: z.array(z.string()).nullable(),
});
export type QueryComment = z.infer<typeof QueryCommentSchema>;

/** Spec 001 §3 query on one answer of one filled form (path of 001 §7). */
export const QuerySchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
  questionnaireId: IdSchema,
  formId: IdSchema,
  questionId: IdSchema,
  answerId: IdSchema.nullable(),
  status: QueryStatusSchema,
  /** The question text the query asks (raised by hand or by a QUERY validation rule). */
  queryText: z.string().trim().min(1).max(QUERY_COMMENT_MAX_LENGTH),
  comments: z.array(QueryCommentSchema),
  createdBy: IdSchema.nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type Query = z.infer<typeof QuerySchema>;

/** Spec 001 §2 query list filter fields. */
export const QueryFilterSchema = z.object({
  createdBy: z.array(IdSchema).optional(),
  statuses: z.array(QueryStatusSchema).optional(),
  subject: z.string().trim().max(QUERY_SEARCH_MAX_LENGTH).optional(),
  sites: z.array(IdSchema).optional(),
  dataEvents: z.array(IdSchema).optional(),
  forms: z.array(IdSchema).optional(),
  queryText: z.string().trim().max(QUERY_SEARCH_MAX_LENGTH).optional(),
});
export type QueryFilter = z.infer<typeof QueryFilterSchema>;

/** Spec 001 §4: an open or responded query still needs work (it makes the form STATUS_QUERY). */
export function isQueryActive(status: QueryStatus): boolean {
  return status !== 'CLOSED';
}

/** Spec 001 §4: a question shows its first non-closed query as current; closed ones are listed apart. */
export function splitQueries<T extends { status: QueryStatus }>(
  queries: readonly T[],
): { current: T | null; closed: T[] } {
  return {
    current: queries.find((q) => isQueryActive(q.status)) ?? null,
    closed: queries.filter((q) => q.status === 'CLOSED'),
  };
}

/** Spec 001 §3: a comment without a creator is shown as system generated. */
export function isSystemComment(comment: Pick<QueryComment, 'createdBy'>): boolean {
  return comment.createdBy === null;
}
