import { defineEndpoint } from '../common/endpoint';
import {
  CloseQueryBodySchema,
  CreateQueryBodySchema,
  FormQueriesParamsSchema,
  FormQueryListSchema,
  FormQueryParamsSchema,
  QueryActionResultSchema,
  QueryExportRequestSchema,
  QueryListRequestSchema,
  QueryListSchema,
  QuestionQueryCountParamsSchema,
  QuestionQueryCountSchema,
  ReopenQueryBodySchema,
  RespondQueryBodySchema,
  StudyQueriesParamsSchema,
} from './schemas';

const FORM_QUERIES =
  '/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/questionnaires/:questionnaireId/queries';

/** The queries endpoints (spec 001 §7 Queries, issue 19): shared by the server's routes and the web clients. */
export const queryEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: FORM_QUERIES,
    summary: 'Raise a query on one question of a filled form',
    tags: ['queries'],
    params: FormQueriesParamsSchema,
    body: CreateQueryBodySchema,
    response: { 201: QueryActionResultSchema },
  }),
  listOfForm: defineEndpoint({
    method: 'GET',
    path: FORM_QUERIES,
    summary: 'The queries of a filled form with their latest 30 comments',
    tags: ['queries'],
    params: FormQueriesParamsSchema,
    response: { 200: FormQueryListSchema },
  }),
  respond: defineEndpoint({
    method: 'PUT',
    path: `${FORM_QUERIES}/:queryId/respond`,
    summary: 'Respond to an open query (Extended-Validation header), optionally changing the answer',
    tags: ['queries'],
    params: FormQueryParamsSchema,
    body: RespondQueryBodySchema,
    response: { 200: QueryActionResultSchema },
  }),
  close: defineEndpoint({
    method: 'POST',
    path: `${FORM_QUERIES}/:queryId/close`,
    summary: 'Close an open or responded query (quick close without a text)',
    tags: ['queries'],
    params: FormQueryParamsSchema,
    body: CloseQueryBodySchema,
    response: { 200: QueryActionResultSchema },
  }),
  reopen: defineEndpoint({
    method: 'POST',
    path: `${FORM_QUERIES}/:queryId/reopen`,
    summary: 'Reopen a closed query, or decline the response of a responded one',
    tags: ['queries'],
    params: FormQueryParamsSchema,
    body: ReopenQueryBodySchema,
    response: { 200: QueryActionResultSchema },
  }),
  questionCount: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/forms/:formId/questions/:questionId/queryCount',
    summary: 'How many queries a question has across the study, by status',
    tags: ['queries'],
    params: QuestionQueryCountParamsSchema,
    response: { 200: QuestionQueryCountSchema },
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/queries/list',
    summary: "The study's query list: filters, sort, page and counts per status",
    tags: ['queries'],
    params: StudyQueriesParamsSchema,
    body: QueryListRequestSchema,
    response: { 200: QueryListSchema },
  }),
  exportCsv: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/queries/export',
    summary: "The study's query list with the same filters as a CSV file",
    tags: ['queries'],
    params: StudyQueriesParamsSchema,
    body: QueryExportRequestSchema,
  }),
} as const;
