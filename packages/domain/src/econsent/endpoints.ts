import { defineEndpoint } from '../common/endpoint';
import {
  CountersignEConsentBodySchema,
  EConsentCodeSentSchema,
  EConsentFileListQuerySchema,
  EConsentFileListSchema,
  EConsentFileParamsSchema,
  EConsentFileQuerySchema,
  EConsentLogQuerySchema,
  EConsentLogSchema,
  EConsentStudyParamsSchema,
  EConsentSubjectParamsSchema,
  EConsentTokenParamsSchema,
  PublicEConsentDetailsSchema,
  PublicEConsentDownloadSchema,
  PublicEConsentLanguageQuerySchema,
  PublicEConsentSignedSchema,
  PublicEConsentTokenParamsSchema,
  PublicSignEConsentBodySchema,
  RequestEConsentCodeBodySchema,
  SignedEConsentInfoSchema,
  SubjectEConsentListSchema,
  UploadEConsentFileBodySchema,
  UploadEConsentFileResultSchema,
} from './schemas';

const tags = ['econsent'] as const;
const STAFF_TOKEN = '/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId';
const PUBLIC_TOKEN = '/api/public/studies/:studyId/tokens/:tokenId';

/**
 * The e-consent endpoints (spec 000 §7, 001 §2, §7, 002 §4, §7; issue 24). Staff calls need the
 * eConsent permissions at the token's or subject's site; participant calls need the participant
 * session of the token (opened by validateToken).
 */
export const econsentEndpoints = {
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/eConsentFile',
    summary:
      'Upload a consent PDF for one language of an e-consent data event (JSON with dataBase64; a new upload is the next version)',
    tags,
    params: EConsentStudyParamsSchema,
    body: UploadEConsentFileBodySchema,
    response: { 201: UploadEConsentFileResultSchema },
  }),
  getFile: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/eConsentFile/:eConsentFileId',
    summary:
      "A consent PDF (application/pdf); with language, the current version of the same event's document in that language",
    tags,
    params: EConsentFileParamsSchema,
    query: EConsentFileQuerySchema,
  }),
  listFiles: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/eConsentFiles',
    summary: "The study's consent documents, every version, newest first",
    tags,
    params: EConsentStudyParamsSchema,
    query: EConsentFileListQuerySchema,
    response: { 200: EConsentFileListSchema },
  }),
  countersign: defineEndpoint({
    method: 'PUT',
    path: `${STAFF_TOKEN}/setEconsentSigned`,
    summary:
      "Staff, with the Extended-Validation header: the investigator countersigns a participant's signed e-consent, or (with `paper`) records a consent signed on paper (date, witness, reason, optional scanned PDF); the token completes",
    tags,
    params: EConsentTokenParamsSchema,
    body: CountersignEConsentBodySchema,
    response: { 200: SignedEConsentInfoSchema },
  }),
  signedFileInfo: defineEndpoint({
    method: 'GET',
    path: `${STAFF_TOKEN}/signedEConsentFile`,
    summary: 'The e-consent of a token: state, signatures, clause answers and the signed file',
    tags,
    params: EConsentTokenParamsSchema,
    response: { 200: SignedEConsentInfoSchema },
  }),
  downloadSignedFile: defineEndpoint({
    method: 'GET',
    path: `${STAFF_TOKEN}/downloadSignedEConsentFile`,
    summary:
      'Download the signed consent PDF, or the scanned paper of a paper consent (Extended-Validation header); its stored hash is verified first',
    tags,
    params: EConsentTokenParamsSchema,
  }),
  subjectList: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/patient/:id/eConsents',
    summary: "A subject's e-consents (subject view e-consent tab)",
    tags,
    params: EConsentSubjectParamsSchema,
    response: { 200: SubjectEConsentListSchema },
  }),
  log: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/eConsentLog',
    summary: "The study's consent log at the caller's sites: document version, language, signatures, times",
    tags,
    params: EConsentStudyParamsSchema,
    query: EConsentLogQuerySchema,
    response: { 200: EConsentLogSchema },
  }),
  publicDetails: defineEndpoint({
    method: 'GET',
    path: `${PUBLIC_TOKEN}/explicitConsentDetails`,
    summary: 'What the signing page shows: document, explicit clauses, code channels, signed state',
    tags,
    params: PublicEConsentTokenParamsSchema,
    query: PublicEConsentLanguageQuerySchema,
    response: { 200: PublicEConsentDetailsSchema },
  }),
  publicDocument: defineEndpoint({
    method: 'GET',
    path: `${PUBLIC_TOKEN}/eConsentDocument`,
    summary: 'The consent PDF to read before signing (application/pdf), in the language asked',
    tags,
    params: PublicEConsentTokenParamsSchema,
    query: PublicEConsentLanguageQuerySchema,
  }),
  publicRequestCode: defineEndpoint({
    method: 'POST',
    path: `${PUBLIC_TOKEN}/eConsentCode`,
    summary: "Send the one-time signing code to the participant's email or phone (412 during the cooldown)",
    tags,
    params: PublicEConsentTokenParamsSchema,
    body: RequestEConsentCodeBodySchema,
    response: { 200: EConsentCodeSentSchema },
  }),
  publicSign: defineEndpoint({
    method: 'PUT',
    path: '/api/public/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/setEconsentSigned',
    summary:
      'The participant signs: code, typed name, drawn signature, meaning, explicit answers; the server signs the PDF',
    tags,
    params: EConsentTokenParamsSchema,
    body: PublicSignEConsentBodySchema,
    response: { 200: PublicEConsentSignedSchema },
  }),
  publicDownload: defineEndpoint({
    method: 'GET',
    path: `${PUBLIC_TOKEN}/downloadEConsentFile`,
    summary: 'The signed consent PDF as fileName and base64 data (file name with _signed)',
    tags,
    params: PublicEConsentTokenParamsSchema,
    response: { 200: PublicEConsentDownloadSchema },
  }),
} as const;
