import { defineEndpoint } from '../common/endpoint';
import { PublicStudyParamsSchema } from '../public/schemas';
import {
  AnswerFileInfoSchema,
  AnswerFileParamsSchema,
  AnswerFileUploadBodySchema,
  AnswerFileUploadParamsSchema,
  PublicAnswerImageBodySchema,
} from './schemas';

/** The files endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const fileEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles',
    summary: 'Upload a file for a FILE or IMAGE question (JSON: fileName, contentType, dataBase64)',
    tags: ['files'],
    params: AnswerFileUploadParamsSchema,
    body: AnswerFileUploadBodySchema,
    response: { 201: AnswerFileInfoSchema },
  }),
  publicUpload: defineEndpoint({
    method: 'POST',
    path: '/api/public/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles',
    summary:
      "Upload a file for a question of the participant's link (JSON: fileName, contentType, dataBase64)",
    tags: ['files'],
    params: AnswerFileUploadParamsSchema,
    body: AnswerFileUploadBodySchema,
    response: { 201: AnswerFileInfoSchema },
  }),
  publicUploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/public/studies/:studyId/answerImages',
    summary: "Upload an image for the participant's link (images only; JSON with the link and dataBase64)",
    tags: ['files'],
    params: PublicStudyParamsSchema,
    body: PublicAnswerImageBodySchema,
    response: { 201: AnswerFileInfoSchema },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles/:answerFileId',
    summary: 'Name, size, type and checksum of an answer file',
    tags: ['files'],
    params: AnswerFileParamsSchema,
    response: { 200: AnswerFileInfoSchema },
  }),
  publicInfo: defineEndpoint({
    method: 'GET',
    path: '/api/public/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles/:answerFileId',
    summary: 'Name, size, type and checksum of an answer file',
    tags: ['files'],
    params: AnswerFileParamsSchema,
    response: { 200: AnswerFileInfoSchema },
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles/:answerFileId/download',
    summary: 'Download an answer file',
    tags: ['files'],
    params: AnswerFileParamsSchema,
  }),
  publicDownload: defineEndpoint({
    method: 'GET',
    path: '/api/public/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles/:answerFileId/download',
    summary: 'Download an answer file',
    tags: ['files'],
    params: AnswerFileParamsSchema,
  }),
};
