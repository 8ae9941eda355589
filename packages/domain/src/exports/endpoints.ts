import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { EXPORT_STATUSES, ExportRequestSchema } from './model';

const IdSchema = z.string().regex(/^[0-9a-f]{24}$/);

export const StudyExportsParamsSchema = z.object({ studyId: IdSchema });
export const ExportParamsSchema = z.object({ studyId: IdSchema, exportId: IdSchema });

/** One export as its requester sees it (issue 26 item 3: progress, kept until `expiresAt`). */
export const ExportJobSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  request: ExportRequestSchema,
  /** Filled forms written so far and in all (0 of 0 until the job has counted). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ExportJob = z.infer<typeof ExportJobSchema>;
export const ExportJobListSchema = z.object({ items: z.array(ExportJobSchema) });

/** The export endpoints (issue 26): start, list the caller's, status with progress, download. */
export const exportEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/exports',
    summary: 'Start an export (runs in the background; every choice is audited)',
    tags: ['exports'],
    params: StudyExportsParamsSchema,
    body: ExportRequestSchema,
    response: { 202: ExportJobSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/exports',
    summary: "The caller's own exports of the study, newest first",
    tags: ['exports'],
    params: StudyExportsParamsSchema,
    response: { 200: ExportJobListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/exports/:exportId',
    summary: 'One export of the caller: status and progress',
    tags: ['exports'],
    params: ExportParamsSchema,
    response: { 200: ExportJobSchema },
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/exports/:exportId/download',
    summary: 'Download a completed export (zip), by its requester only, while it is kept',
    tags: ['exports'],
    params: ExportParamsSchema,
  }),
} as const;
