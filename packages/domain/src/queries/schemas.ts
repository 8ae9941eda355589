/**
 * API payloads of the queries calls (spec 001 §7 Queries, issue 19), shared by the server's
 * routes and the web screens.
 *
 * - `POST .../questionnaires/{questionnaireId}/queries` raises a query (CREATE) on one question.
 * - `GET` of the same path lists the form's queries with their latest 30 comments each.
 * - `PUT .../queries/{queryId}/respond` (Extended-Validation header) answers an OPEN query; with
 *   `answer` it also changes the question's answer in the same transaction, the response text
 *   being the update reason; the comment keeps oldValues/newValues.
 * - `POST .../queries/{queryId}/close`: CLOSE with a text, QUICK_CLOSE without one (OPEN or RESPONDED).
 * - `POST .../queries/{queryId}/reopen`: REOPEN a CLOSED query, or DECLINE a RESPONDED one
 *   (the response is sent back); both return it to OPEN and need a text.
 * - `GET /studies/{studyId}/forms/{formId}/questions/{questionId}/queryCount`: queries on a question
 *   across the study, by status.
 * - `POST /studies/{studyId}/queries/list`: the study's query list (filters of 001 §2), paged, with
 *   counts per status; `POST /studies/{studyId}/queries/export` the same list as CSV.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';
import { AnswerSchema } from '../questionnaires/model';
import {
  QUERY_PAGE_SIZES,
  QueryCommentSchema,
  QueryDialogActionSchema,
  QueryFilterSchema,
  QuerySchema,
  QueryStatusSchema,
  QueryTextSchema,
} from './model';

// ---------------------------------------------------------------- path parameters

export const FormQueriesParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
  questionnaireId: IdSchema,
});
export const FormQueryParamsSchema = FormQueriesParamsSchema.extend({ queryId: IdSchema });
export const QuestionQueryCountParamsSchema = z.object({
  studyId: IdSchema,
  formId: z.string().min(1).max(64),
  questionId: z.string().min(1).max(64),
});
export const StudyQueriesParamsSchema = z.object({ studyId: IdSchema });

// ---------------------------------------------------------------- writes

/** POST .../queries: raise a query (CREATE) on one question of the filled form. */
export const CreateQueryBodySchema = z.object({
  questionId: z.string().min(1).max(64),
  text: QueryTextSchema,
});
export type CreateQueryBody = z.input<typeof CreateQueryBodySchema>;

/**
 * PUT .../queries/{queryId}/respond (Extended-Validation header: the password). `answer`, when
 * given, is the queried question's new answer (its `question` must be the query's question);
 * `version` is the answer set's version the site saw (409 when it moved on).
 */
export const RespondQueryBodySchema = z.object({
  text: QueryTextSchema,
  answer: AnswerSchema.optional(),
  version: z.number().int().min(0).optional(),
});
export type RespondQueryBody = z.input<typeof RespondQueryBodySchema>;

/** POST .../queries/{queryId}/close: CLOSE with a text, QUICK_CLOSE without one. */
export const CloseQueryBodySchema = z.object({
  text: QueryTextSchema.optional(),
});
export type CloseQueryBody = z.input<typeof CloseQueryBodySchema>;

/** POST .../queries/{queryId}/reopen: REOPEN (from CLOSED) or DECLINE (from RESPONDED), text required. */
export const ReopenQueryBodySchema = z.object({
  text: QueryTextSchema,
});
export type ReopenQueryBody = z.input<typeof ReopenQueryBodySchema>;

/** The answer of every query write: the query as it now stands, and the form's status after it. */
export const QueryActionResultSchema = z.object({
  query: QuerySchema,
  /** The dialog action the call performed (CLOSE or QUICK_CLOSE, REOPEN or DECLINE...). */
  action: QueryDialogActionSchema,
  /** Spec 001 §4: the answer set's form status after the action (STATUS_QUERY while any query is active). */
  formStatus: z.string(),
  /** The answer set's version after the action (it moves when the response changed the answer). */
  version: z.number().int().min(0),
  /** Close only: the queried question is hidden by show rules (001 §4: closing warns it will be hidden). */
  questionHidden: z.boolean().optional(),
});
export type QueryActionResult = z.infer<typeof QueryActionResultSchema>;

// ---------------------------------------------------------------- reads

/** GET .../queries: the form's queries, oldest first, each with its latest 30 comments. */
export const FormQueryListSchema = z.object({
  items: z.array(QuerySchema),
});
export type FormQueryList = z.infer<typeof FormQueryListSchema>;

export const QueryCountsSchema = z.object({
  OPEN: z.number().int().nonnegative(),
  RESPONDED: z.number().int().nonnegative(),
  CLOSED: z.number().int().nonnegative(),
});
export type QueryCounts = z.infer<typeof QueryCountsSchema>;

/** GET .../forms/{formId}/questions/{questionId}/queryCount. */
export const QuestionQueryCountSchema = z.object({
  /** Every query on the question in the study (the caller's sites only when site-limited). */
  count: z.number().int().nonnegative(),
  /** Open plus responded. */
  active: z.number().int().nonnegative(),
  byStatus: QueryCountsSchema,
});
export type QuestionQueryCount = z.infer<typeof QuestionQueryCountSchema>;

const PageSizeSchema = z.union(
  QUERY_PAGE_SIZES.map((n) => z.literal(n)) as unknown as [
    z.ZodLiteral<5>,
    z.ZodLiteral<10>,
    z.ZodLiteral<15>,
    z.ZodLiteral<25>,
    z.ZodLiteral<50>,
    z.ZodLiteral<100>,
  ],
);

export const QUERY_LIST_SORT_COLUMNS = ['createdTime', 'updatedTime', 'status', 'subject', 'site'] as const;

/** POST /studies/{studyId}/queries/list: the filters of 001 §2, sort and page (pages count from 1). */
export const QueryListRequestSchema = QueryFilterSchema.extend({
  sortBy: z.enum(QUERY_LIST_SORT_COLUMNS).default('createdTime'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: PageSizeSchema.default(25),
});
export type QueryListRequest = z.input<typeof QueryListRequestSchema>;

/** POST /studies/{studyId}/queries/export: the same filters and sort, every matching row as CSV. */
export const QueryExportRequestSchema = QueryFilterSchema.extend({
  sortBy: z.enum(QUERY_LIST_SORT_COLUMNS).default('createdTime'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type QueryExportRequest = z.input<typeof QueryExportRequestSchema>;

/** One row of the query list: enough to show it and to open the form at the question (`qId`). */
export const QueryListRowSchema = z.object({
  id: IdSchema,
  status: QueryStatusSchema,
  queryText: z.string(),
  siteId: IdSchema,
  siteName: z.string(),
  enrollmentId: IdSchema,
  subjectId: IdSchema,
  /** The subject's study identifier (patientId) as the subject list shows it. */
  subjectLabel: z.string(),
  tokenId: IdSchema,
  questionnaireId: IdSchema,
  dataEventId: z.string(),
  dataEventName: z.string(),
  formId: z.string(),
  formName: z.string(),
  questionId: z.string(),
  ruleId: z.string().nullable(),
  createdBy: IdSchema.nullable(),
  createdByName: z.string().nullable(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
  commentCount: z.number().int().nonnegative(),
  /** The latest comment of the thread, or null when it has none besides the query text. */
  lastComment: QueryCommentSchema.nullable(),
});
export type QueryListRow = z.infer<typeof QueryListRowSchema>;

export const QueryListSchema = z.object({
  items: z.array(QueryListRowSchema),
  /** Rows matching every filter. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
  /** Rows matching every filter but the statuses, per status (the list's status chips). */
  counts: QueryCountsSchema,
});
export type QueryList = z.infer<typeof QueryListSchema>;

/** Column order of the CSV export (header names are the server's catalog keys QUERIES.CSV.*). */
export const QUERY_CSV_COLUMNS = [
  'id',
  'status',
  'site',
  'subject',
  'dataEvent',
  'form',
  'questionId',
  'queryText',
  'createdBy',
  'createdTime',
  'updatedTime',
  'lastComment',
] as const;
