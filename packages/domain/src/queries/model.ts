import { z } from 'zod';
import type { Permission } from '../access/permissions';
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

/** Spec 000 §9: query last-comment limit (a thread shows and returns its latest 30 comments). */
export const QUERY_LAST_COMMENT_LIMIT = 30;
/** Spec 001 §2: query list subject search max 128 characters. */
export const QUERY_SEARCH_MAX_LENGTH = 128;
/** Spec 001 §8: query text required, max 1000 (every comment of a thread is a query text). */
export const QUERY_TEXT_MAX_LENGTH = 1000;
/** @deprecated use QUERY_TEXT_MAX_LENGTH (spec 001 §8). */
export const QUERY_COMMENT_MAX_LENGTH = QUERY_TEXT_MAX_LENGTH;
/**
 * Spec 001 §8 "an error shows when the open-query limit is reached (limit value not shown)":
 * ours, at most 3 non-closed (OPEN or RESPONDED) queries on one question of one filled form.
 */
export const QUERY_OPEN_LIMIT_PER_QUESTION = 3;
/** Error id when the open-query limit of a question is reached (type QUERY, HTTP 409). */
export const QUERY_OPEN_LIMIT_REACHED = 'QUERY_OPEN_LIMIT_REACHED';
/** Spec 000 §9 page sizes of the query list. */
export const QUERY_PAGE_SIZES = [5, 10, 15, 25, 50, 100] as const;

/** Spec 001 §8: a query text is required (after trimming) and at most 1000 characters. */
export const QueryTextSchema = z.string().trim().min(1).max(QUERY_TEXT_MAX_LENGTH);

/**
 * Spec 001 §3 query comment: createdBy (null = system generated, e.g. a QUERY validation rule),
 * time, text, the dialog action it came with, and the answer's old and new values when the site
 * changed the answer while responding.
 */
export const QueryCommentSchema = z.object({
  id: IdSchema,
  createdBy: IdSchema.nullable(),
  /** The creator's printed name at the time; null for system-generated comments. */
  createdByName: z.string().nullable(),
  createdTime: TimestampSchema,
  action: QueryDialogActionSchema,
  text: z.string().max(QUERY_TEXT_MAX_LENGTH),
  oldValues: z.array(z.string()).nullable(),
  newValues: z.array(z.string()).nullable(),
});
export type QueryComment = z.infer<typeof QueryCommentSchema>;

/** Spec 001 §3 query on one question of one filled form (path of 001 §7), as the dialog shows it. */
export const QuerySchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  siteId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
  questionnaireId: IdSchema,
  dataEventId: z.string(),
  formId: z.string(),
  questionId: z.string(),
  answerId: z.string().nullable(),
  status: QueryStatusSchema,
  /** The question the query asks (raised by hand or by a QUERY validation rule). */
  queryText: z.string().max(QUERY_TEXT_MAX_LENGTH),
  /** The validation rule that raised it; null when raised by hand. */
  ruleId: z.string().nullable(),
  /** Spec 000 §9: the latest 30 comments, oldest first; `commentCount` counts them all. */
  comments: z.array(QueryCommentSchema),
  commentCount: z.number().int().nonnegative(),
  createdBy: IdSchema.nullable(),
  createdByName: z.string().nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type Query = z.infer<typeof QuerySchema>;

/** Spec 001 §2 query list filter fields. */
export const QueryFilterSchema = z.object({
  createdBy: z.array(IdSchema).max(500).optional(),
  statuses: z.array(QueryStatusSchema).max(3).optional(),
  subject: z.string().trim().max(QUERY_SEARCH_MAX_LENGTH).optional(),
  sites: z.array(IdSchema).max(500).optional(),
  dataEvents: z.array(z.string().min(1).max(64)).max(500).optional(),
  forms: z.array(z.string().min(1).max(64)).max(500).optional(),
  queryText: z.string().trim().max(QUERY_TEXT_MAX_LENGTH).optional(),
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

/** Spec 000 §9: the latest `QUERY_LAST_COMMENT_LIMIT` comments of a thread, oldest first. */
export function lastQueryComments<T>(comments: readonly T[]): T[] {
  return comments.slice(Math.max(0, comments.length - QUERY_LAST_COMMENT_LIMIT));
}

/** Spec 001 §8 open-query limit: whether one more query may be raised on the question. */
export function canRaiseQuery(existingStatuses: readonly QueryStatus[]): boolean {
  return existingStatuses.filter(isQueryActive).length < QUERY_OPEN_LIMIT_PER_QUESTION;
}

/**
 * Spec 000 §6 role table (queries create / view / respond / close / reopen / notify): the permission
 * each dialog action needs. DECLINE (the raiser sends a response back) returns the query to OPEN,
 * like a reopen, so it takes the reopen permission.
 */
export const QUERY_ACTION_PERMISSIONS = {
  CREATE: 'QUERY_CREATE',
  RESPOND: 'QUERY_RESPOND',
  DECLINE: 'QUERY_REOPEN',
  REOPEN: 'QUERY_REOPEN',
  QUICK_CLOSE: 'QUERY_CLOSE',
  CLOSE: 'QUERY_CLOSE',
} as const satisfies Record<QueryDialogAction, Permission>;

/** Spec 000 §6: seeing queries needs QUERY_VIEW; being told about them QUERY_NOTIFY. */
export const QUERY_VIEW_PERMISSION = 'QUERY_VIEW' satisfies Permission;
export const QUERY_NOTIFY_PERMISSION = 'QUERY_NOTIFY' satisfies Permission;
