import { defineEndpoint } from '../../common/endpoint';
import { AnswerFileInfoSchema, AnswerFileUploadBodySchema } from '../../files/schemas';
import {
  AeReportEnrollmentParamsSchema,
  AeReportFileParamsSchema,
  AeReportImageParamsSchema,
  AeReportListQuerySchema,
  AeReportListSchema,
  AeReportParamsSchema,
  AeReportQuestionnaireParamsSchema,
  AeReportSignParamsSchema,
  AeReportSiteFileParamsSchema,
  AeReportStudyParamsSchema,
  AeReportTokenParamsSchema,
  AeReportViewSchema,
  AmendAeReportSchema,
  CreateAeReportSchema,
  SaveAeReportSchema,
  SignAeReportQuerySchema,
  SignAeReportSchema,
} from './schemas';

const TAGS = ['adverse events'] as const;
const TOKEN = '/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/questionnaires';

/** Custom AE report endpoints (spec 000 §7, 001 §7 `customaereports`, issue 20 item 3), paths as the spec writes them. */
export const customAeReportEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/enrollments/:enrollmentId/customaereports/questionnaire',
    summary:
      "Start a custom AE report for a subject's enrollment on an AE form (the default AE form when none is named)",
    tags: TAGS,
    params: AeReportEnrollmentParamsSchema,
    body: CreateAeReportSchema,
    response: { 201: AeReportViewSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/customaereports',
    summary: "The study's custom AE reports at the caller's sites, and its AE forms (an object)",
    tags: TAGS,
    params: AeReportStudyParamsSchema,
    query: AeReportListQuerySchema,
    response: { 200: AeReportListSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/customaereports/:aeReportId',
    summary: 'One custom AE report with its form, answers, signatures and amendments',
    tags: TAGS,
    params: AeReportParamsSchema,
    response: { 200: AeReportViewSchema },
  }),
  sign: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/sites/:siteId/customaereports/:aeReportId/:signType',
    summary:
      'Sign a step of a custom AE report (Extended-Validation password); save=true saves the answers first',
    tags: TAGS,
    params: AeReportSignParamsSchema,
    query: SignAeReportQuerySchema,
    body: SignAeReportSchema,
    response: { 200: AeReportViewSchema },
  }),
  ofToken: defineEndpoint({
    method: 'GET',
    path: `${TOKEN}/customaereports`,
    summary: 'The custom AE report of this form link, for filling',
    tags: TAGS,
    params: AeReportTokenParamsSchema,
    response: { 200: AeReportViewSchema },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: `${TOKEN}/:questionnaireId/customaereports`,
    summary: 'Save answers of a custom AE report (questions of signed steps change only by amendment)',
    tags: TAGS,
    params: AeReportQuestionnaireParamsSchema,
    body: SaveAeReportSchema,
    response: { 200: AeReportViewSchema },
  }),
  amend: defineEndpoint({
    method: 'PUT',
    path: `${TOKEN}/:questionnaireId/customaereports/amendment`,
    summary: 'Amend signed answers of a custom AE report with a reason (Extended-Validation password)',
    tags: TAGS,
    params: AeReportQuestionnaireParamsSchema,
    body: AmendAeReportSchema,
    response: { 200: AeReportViewSchema },
  }),
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/tokens/:tokenId/forms/:formId/questions/:questionId/answerFiles/customaereports',
    summary: 'Upload a file for a FILE or IMAGE question of a custom AE report (JSON with dataBase64)',
    tags: TAGS,
    params: AeReportFileParamsSchema,
    body: AnswerFileUploadBodySchema,
    response: { 201: AnswerFileInfoSchema },
  }),
  uploadSiteFile: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/sites/:siteId/enrollments/:enrollmentId/forms/:formId/questions/:questionId/answerFiles',
    summary: 'Upload a file for an AE form question before the report is started (kept with the enrollment)',
    tags: TAGS,
    params: AeReportSiteFileParamsSchema,
    body: AnswerFileUploadBodySchema,
    response: { 201: AnswerFileInfoSchema },
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/answerImages/:imageId/customaereport',
    summary: 'An image answer of a custom AE report',
    tags: TAGS,
    params: AeReportImageParamsSchema,
  }),
};
