import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  ApiAccessSchema,
  ApiUserSettingsSchema,
  RenewedApiKeySchema,
  SavedApiUserSettingsSchema,
  StudyInfoQuerySchema,
  StudyInfoSchema,
} from './schemas';

const StudyParamsSchema = z.object({ studyId: z.string().min(1).max(64) });

/** The integrations endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const integrationEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/apiKey',
    summary: "The study's API key metadata (never the key) and API user setting",
    tags: ['integrations'],
    params: StudyParamsSchema,
    response: { 200: ApiAccessSchema },
  }),
  renew: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/apiKey/renew',
    summary: 'Create a new key and revoke the old one; the key is in this answer only',
    tags: ['integrations'],
    params: StudyParamsSchema,
    response: { 200: RenewedApiKeySchema },
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/apiKey/settings',
    summary: 'Save the API user settings viewIdentifiable and dataFeed (the incremental feed)',
    tags: ['integrations'],
    params: StudyParamsSchema,
    body: ApiUserSettingsSchema,
    response: { 200: SavedApiUserSettingsSchema },
  }),
  studyInfo: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/apiKey/studyInfo',
    summary: "The study's information for API users, as JSON or plain text",
    tags: ['integrations'],
    params: StudyParamsSchema,
    query: StudyInfoQuerySchema,
    response: { 200: z.union([StudyInfoSchema, z.string()]) },
  }),
};
