import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  DataEventDetailSchema,
  DataEventParamsSchema,
  ProcessDetailSchema,
  ProcessParamsSchema,
  ProcessStudyParamsSchema,
  ProcessSummaryListSchema,
  ProcessWriteSchema,
  PublicProcessInfoSchema,
  PublicProcessParamsSchema,
} from './schemas';

/** The processes endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const processEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/pathway',
    summary: 'Create a process',
    tags: ['processes'],
    params: ProcessStudyParamsSchema,
    body: ProcessWriteSchema,
    response: { 201: ProcessDetailSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/pathway',
    summary: 'Processes of a study',
    tags: ['processes'],
    params: ProcessStudyParamsSchema,
    response: { 200: ProcessSummaryListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/pathway/:id',
    summary: 'One process with its derived flags and locks',
    tags: ['processes'],
    params: ProcessParamsSchema,
    response: { 200: ProcessDetailSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/pathway/:id',
    summary: 'Replace a process (locked fields refused per spec 001 §4)',
    tags: ['processes'],
    params: ProcessParamsSchema,
    body: ProcessWriteSchema,
    response: { 200: ProcessDetailSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/studies/:studyId/pathway/:id',
    summary: 'Delete a process (soft); refused once subjects are enrolled',
    tags: ['processes'],
    params: ProcessParamsSchema,
    response: { 204: z.null() },
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/pathway/:id/duplicate',
    summary: 'Duplicate a process with new data event ids',
    tags: ['processes'],
    params: ProcessParamsSchema,
    response: { 201: ProcessDetailSchema },
  }),
  dataEvent: defineEndpoint({
    method: 'GET',
    path: '/api/study/:studyId/dataEvent/:dataEventId',
    summary: 'One data event with its process',
    tags: ['processes'],
    params: DataEventParamsSchema,
    response: { 200: DataEventDetailSchema },
  }),
  publicInfo: defineEndpoint({
    method: 'GET',
    path: '/api/public/study/:studyId/pathway/:pathwayId/getInfo',
    summary: 'What the public sign-up page may know about a process',
    tags: ['public'],
    params: PublicProcessParamsSchema,
    response: { 200: PublicProcessInfoSchema },
  }),
};
