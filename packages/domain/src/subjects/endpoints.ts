import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { SubjectViewSchema } from './model';
import {
  CreateSubjectSchema,
  ExpectedSubjectIdSchema,
  SubjectDetailSchema,
  SubjectHistoryQuerySchema,
  SubjectHistorySchema,
  SubjectIdParamsSchema,
  SubjectImportRequestSchema,
  SubjectImportResultSchema,
  SubjectLightListSchema,
  SubjectListQuerySchema,
  SubjectListSchema,
  SubjectParamsSchema,
  SubjectSiteListSchema,
  SubjectSiteParamsSchema,
  SubjectSitesParamsSchema,
  SubjectStudyParamsSchema,
  UpdateSubjectSchema,
} from './schemas';

/** The subjects endpoints (issue 14 item 6): method, path and schemas, shared by the server's routes and the web clients. */
export const subjectEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/sites/:siteId/patients',
    summary: 'Register a subject at a site (returns a list holding the new subject)',
    description:
      'The subject id comes from the study’s id automation; send `patientId` only when ids are typed by hand. ' +
      'Errors: MAXIMUM_SUBJECTS, SUBJECT_ID_DUPLICATE, SUBJECT_EMAIL_DUPLICATE, INVALID_PHONENUMBER, STUDY_STATUS_MISMATCH (only in test or production).',
    tags: ['subjects'],
    params: SubjectSiteParamsSchema,
    body: CreateSubjectSchema,
    response: { 201: z.array(SubjectViewSchema) },
  }),
  expectedSubjectId: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/sites/:siteId/expectedSubjectId',
    summary: 'The subject id the next subject at this site gets (null when typed by hand)',
    tags: ['subjects'],
    params: SubjectSiteParamsSchema,
    response: { 200: ExpectedSubjectIdSchema },
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/sites/:siteId/patients/import',
    summary: 'Import subjects from a CSV file into a site: all rows or none',
    description:
      'Body `{ "csv": "<file text>" }`: first line the header naming columns of spec 000 §3 (patientId, firstName, lastName, ' +
      'initials, email, mobileCountryCode, mobileNumber, homeCountryCode, homeNumber, workCountryCode, workNumber, dateOfBirth ' +
      '(YYYY-MM-DD or DD-MM-YYYY), birthYear, ssChecksum, gender (0, 1, 2), nationality, language, guardian1, guardian2, ' +
      'trialGroup, streetName, streetNumber, zip, city, country), comma or semicolon separated, RFC 4180 quoting. ' +
      'Maximum lengths of spec 000 §5. Every row is checked first; any problem answers 400 with `context.issues` at ' +
      '`[rowIndex, column]` (rows from 0, `params.line` the file line) and nothing is written.',
    tags: ['subjects'],
    params: SubjectSiteParamsSchema,
    body: SubjectImportRequestSchema,
    response: { 201: SubjectImportResultSchema },
  }),
  getById: defineEndpoint({
    method: 'GET',
    path: '/api/patient/:id',
    summary: 'A subject by its id alone, redacted for the viewer',
    tags: ['subjects'],
    params: SubjectIdParamsSchema,
    response: { 200: SubjectDetailSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/patient/:id',
    summary: 'A subject, redacted for the viewer, with what the viewer may do',
    tags: ['subjects'],
    params: SubjectParamsSchema,
    response: { 200: SubjectDetailSchema },
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/patient/:id/audit',
    summary: 'Record history of a subject: the latest 200 audit entries about it and its data, newest first',
    description:
      'Entries of the subject, its enrollments, their tokens, filled forms, answers and queries, with the ' +
      'actor’s name, data event and form where known, the reason, and the changes as short text. Restricted ' +
      'subject fields come back REDACTED without the per-field view permission. Needs AUDIT_VIEW or ' +
      'PATIENT_VIEW at the subject’s site.',
    tags: ['subjects'],
    params: SubjectParamsSchema,
    query: SubjectHistoryQuerySchema,
    response: { 200: SubjectHistorySchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/studies/:studyId/patient/:id',
    summary: 'Update a subject: absent fields and REDACTED values stay as they are, null clears',
    tags: ['subjects'],
    params: SubjectParamsSchema,
    body: UpdateSubjectSchema,
    response: { 200: SubjectDetailSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/studies/:studyId/patient/:id',
    summary: 'Delete a subject that has no enrollments',
    tags: ['subjects'],
    params: SubjectParamsSchema,
    response: { 204: z.null() },
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/patient/list',
    summary: 'Subjects of the sites the caller may list: searched, filtered, sorted, paged',
    tags: ['subjects'],
    params: SubjectStudyParamsSchema,
    body: SubjectListQuerySchema,
    response: { 200: SubjectListSchema },
  }),
  lightList: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/patient/lightList/:siteId',
    summary: 'Subjects of a site in short: id, subject id and the name merged from first and last name',
    tags: ['subjects'],
    params: SubjectSiteParamsSchema,
    response: { 200: SubjectLightListSchema },
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/patient/:id/archive',
    summary: 'Archive a subject',
    tags: ['subjects'],
    params: SubjectParamsSchema,
    response: { 200: SubjectDetailSchema },
  }),
  unarchive: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/patient/:id/unarchive',
    summary: 'Unarchive a subject',
    tags: ['subjects'],
    params: SubjectParamsSchema,
    response: { 200: SubjectDetailSchema },
  }),
  sites: defineEndpoint({
    method: 'GET',
    path: '/api/study/:studyId/site/:patientId/:onlyActive',
    summary: 'Sites of a subject: its home site and the sites of its enrollments',
    tags: ['subjects'],
    params: SubjectSitesParamsSchema,
    response: { 200: SubjectSiteListSchema },
  }),
};
