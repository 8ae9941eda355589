import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { CASEBOOK_STATUSES } from './model';

const IdSchema = z.string().regex(/^[0-9a-f]{24}$/);
const LanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i)
  .max(16);

export const SubjectCasebooksParamsSchema = z.object({ studyId: IdSchema, id: IdSchema });
export const CasebookParamsSchema = z.object({ studyId: IdSchema, casebookId: IdSchema });
export const BlankFormParamsSchema = z.object({ studyId: IdSchema, formId: IdSchema });

/** `POST …/casebooks`: the language to print in (one of the study's languages). */
export const StartCasebookSchema = z.object({ language: LanguageSchema });
export type StartCasebook = z.infer<typeof StartCasebookSchema>;

export const BlankFormQuerySchema = z.object({ language: LanguageSchema.optional() });

/** One casebook as its requester sees it (issue 27 item 4: background job with progress). */
export const CasebookJobSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  subjectId: z.string(),
  language: z.string(),
  status: z.enum(CASEBOOK_STATUSES),
  /** Sections written so far and in all. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type CasebookJob = z.infer<typeof CasebookJobSchema>;
export const CasebookJobListSchema = z.object({ items: z.array(CasebookJobSchema) });

/** The casebook endpoints (issue 27 item 4): start, the caller's for a subject, status, download; blank form. */
export const casebookEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/patient/:id/casebooks',
    summary: "Print a subject's casebook (PDF): made at once when small (201), else queued (202)",
    tags: ['casebooks'],
    params: SubjectCasebooksParamsSchema,
    body: StartCasebookSchema,
    response: { 201: CasebookJobSchema, 202: CasebookJobSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/patient/:id/casebooks',
    summary: "The caller's own casebooks of a subject, newest first",
    tags: ['casebooks'],
    params: SubjectCasebooksParamsSchema,
    response: { 200: CasebookJobListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/casebooks/:casebookId',
    summary: 'One casebook of the caller: status and progress',
    tags: ['casebooks'],
    params: CasebookParamsSchema,
    response: { 200: CasebookJobSchema },
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/casebooks/:casebookId/download',
    summary: 'Download a finished casebook (PDF), by its requester only; audited',
    tags: ['casebooks'],
    params: CasebookParamsSchema,
  }),
  blankForm: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/questionnairetemplate/:formId/pdf',
    summary: 'A blank form as a PDF for paper back-up: every question with its choices and boxes to write in',
    tags: ['casebooks'],
    params: BlankFormParamsSchema,
    query: BlankFormQuerySchema,
  }),
} as const;
