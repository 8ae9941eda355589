import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  DeleteExternalImportSchema,
  ExternalDataChoicesSchema,
  ExternalDataImportParamsSchema,
  ExternalDataImportResultSchema,
  ExternalDataPreviewSchema,
  ExternalDataRequestSchema,
  ExternalDataStudyParamsSchema,
} from './schemas';

const tags = ['external-data'] as const;
const BASE = '/api/studies/:studyId/externalData';

/**
 * External data (issue 28 item 4; spec 001 §2 externalData, §4 import and delete in production
 * only). A file is all or nothing: the dry run lists every issue per row and column, the import
 * refuses the whole file with the same list. The imported dates are the enrollments module's
 * `GET /study/{studyId}/site/{siteId}/token/unscheduled/getImportedDates` (tokens carry the import id).
 */
export const externalDataEndpoints = {
  choices: defineEndpoint({
    method: 'GET',
    path: `${BASE}/choices`,
    summary: 'Processes with an external data event, its forms and their questions',
    tags,
    params: ExternalDataStudyParamsSchema,
    response: { 200: ExternalDataChoicesSchema },
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: `${BASE}/preview`,
    summary:
      'Dry run of a CSV import: every row checked like a fill, issues per row and column; nothing saved',
    tags,
    params: ExternalDataStudyParamsSchema,
    body: ExternalDataRequestSchema,
    response: { 200: ExternalDataPreviewSchema },
  }),
  import: defineEndpoint({
    method: 'POST',
    path: `${BASE}/import`,
    summary:
      'Import a CSV file (production only): one external event and filled form per row, all or nothing (400 with context.rowIssues)',
    tags,
    params: ExternalDataStudyParamsSchema,
    body: ExternalDataRequestSchema,
    response: { 201: ExternalDataImportResultSchema },
  }),
  deleteImport: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/imports/:importId`,
    summary:
      "Delete an import's data (production only; reason in the query, password in Extended-Validation)",
    tags,
    params: ExternalDataImportParamsSchema,
    query: DeleteExternalImportSchema,
    response: { 204: z.null() },
  }),
};
