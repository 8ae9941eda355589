/**
 * The e-consent API contract (spec 000 §7 eConsentFile and signed-file calls, 001 §2 subject view
 * e-consent list, 002 §4, §7 setEconsentSigned / explicitConsentDetails / downloadEConsentFile;
 * issue 24). Shared by the server's routes, the staff screens and the participant signing page.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema } from '../common/languages';
import { IsoDateSchema, TimestampSchema } from '../common/timestamps';
import { OneTimePasswordSentSchema } from '../public/schemas';
import { TokenStatusSchema } from '../tokens/model';
import { ECONSENT_FILE_MAX_BYTES } from './model';

/** Base64 of at most the consent PDF limit (4 characters per 3 bytes); a little more passes the schema so the size gets its own message. */
const MAX_PDF_BASE64_CHARS = Math.ceil(ECONSENT_FILE_MAX_BYTES / 3) * 4 + 1024;

/** The drawn signature: a PNG data URL of at most this many bytes once decoded (issue 24 item 3). */
export const ECONSENT_SIGNATURE_MAX_BYTES = 200_000;
const MAX_SIGNATURE_DATA_URL_CHARS = Math.ceil(ECONSENT_SIGNATURE_MAX_BYTES / 3) * 4 + 64;

/** The printed (typed) full name of a signer (21 CFR 11.50(a)(1)). */
export const ECONSENT_NAME_MAX = 200;

/**
 * What the participant's signature means (21 CFR 11.50(a)(3)): the participant consents, or a
 * legally authorised representative consents for them. The page states the meaning in the
 * participant's language; the signature page of the PDF prints it.
 */
export const PARTICIPANT_SIGNATURE_MEANINGS = ['PARTICIPANT_CONSENT', 'REPRESENTATIVE_CONSENT'] as const;
export const ParticipantSignatureMeaningSchema = z.enum(PARTICIPANT_SIGNATURE_MEANINGS);
export type ParticipantSignatureMeaning = z.infer<typeof ParticipantSignatureMeaningSchema>;

/** What the investigator's countersignature means: the person who obtained consent. */
export const INVESTIGATOR_SIGNATURE_MEANINGS = ['CONSENT_OBTAINED'] as const;
export const InvestigatorSignatureMeaningSchema = z.enum(INVESTIGATOR_SIGNATURE_MEANINGS);
export type InvestigatorSignatureMeaning = z.infer<typeof InvestigatorSignatureMeaningSchema>;

/**
 * Where an e-consent stands (issue 24): not signed, signed by the participant, countersigned (token
 * COMPLETED), or signed on paper as recorded by staff (token COMPLETED).
 */
export const ECONSENT_STATES = [
  'PENDING',
  'SIGNED_BY_PARTICIPANT',
  'COUNTERSIGNED',
  'SIGNED_ON_PAPER',
] as const;
export const EConsentStateSchema = z.enum(ECONSENT_STATES);
export type EConsentState = z.infer<typeof EConsentStateSchema>;

/** The channels a signing code can go to. */
export const EConsentCodeChannelSchema = z.enum(['EMAIL', 'SMS']);
export type EConsentCodeChannel = z.infer<typeof EConsentCodeChannelSchema>;

// ---------------------------------------------------------------- params and queries

export const EConsentStudyParamsSchema = z.object({ studyId: IdSchema });
export const EConsentFileParamsSchema = z.object({ studyId: IdSchema, eConsentFileId: IdSchema });
/** `GET eConsentFile/{id}?language`: the same event's current document in that language. */
export const EConsentFileQuerySchema = z.object({ language: LanguageCodeSchema.optional() });
export const EConsentFileListQuerySchema = z.object({ dataEventId: z.string().min(1).max(64).optional() });
export const EConsentTokenParamsSchema = z.object({
  studyId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
});
/** Subject view e-consent tab: `/patient/{id}` is the subject id (like medication). */
export const EConsentSubjectParamsSchema = z.object({ studyId: IdSchema, id: IdSchema });
export const EConsentLogQuerySchema = z.object({
  siteId: IdSchema.optional(),
  dataEventId: z.string().min(1).max(64).optional(),
});
export const PublicEConsentTokenParamsSchema = z.object({ studyId: IdSchema, tokenId: IdSchema });
export const PublicEConsentLanguageQuerySchema = z.object({ language: LanguageCodeSchema.optional() });

// ---------------------------------------------------------------- consent documents

/**
 * `POST /studies/{studyId}/eConsentFile`: one consent PDF for one language of one e-consent data
 * event; a new upload for the same event and language is its next version (and asks participants
 * who signed an older version of that language to re-consent).
 */
export const UploadEConsentFileBodySchema = z.object({
  dataEventId: z.string().min(1).max(64),
  language: LanguageCodeSchema,
  fileName: z.string().min(1).max(255),
  dataBase64: z.string().min(1).max(MAX_PDF_BASE64_CHARS),
});
export type UploadEConsentFileBody = z.infer<typeof UploadEConsentFileBodySchema>;

/** One version of a consent document. `isCurrent`: the newest version of its event and language. */
export const EConsentFileInfoSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  processId: IdSchema,
  dataEventId: z.string(),
  language: LanguageCodeSchema,
  version: z.number().int().min(1),
  fileName: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
  pageCount: z.number().int().min(1),
  uploadedBy: z.string(),
  uploadedTime: TimestampSchema,
  isCurrent: z.boolean(),
});
export type EConsentFileInfo = z.infer<typeof EConsentFileInfoSchema>;

/** The upload's answer: the new version and how many re-consent links it sent. */
export const UploadEConsentFileResultSchema = EConsentFileInfoSchema.extend({
  reconsentTokens: z.number().int().min(0),
});
export type UploadEConsentFileResult = z.infer<typeof UploadEConsentFileResultSchema>;

export const EConsentFileListSchema = z.object({ items: z.array(EConsentFileInfoSchema) });
export type EConsentFileList = z.infer<typeof EConsentFileListSchema>;

// ---------------------------------------------------------------- signatures (staff views)

/** One signature on a consent (participant or investigator). */
export const EConsentSignatureViewSchema = z.object({
  name: z.string(),
  meaning: z.string(),
  /** The meaning's code (PARTICIPANT_CONSENT, CONSENT_OBTAINED…): screens show its label in their language. */
  meaningCode: z.string().optional(),
  signedTime: TimestampSchema,
  /** The audit event recorded with the signature (printed on its signature page). */
  auditEventId: z.string(),
});
export type EConsentSignatureView = z.infer<typeof EConsentSignatureViewSchema>;

/** An explicit clause and the participant's answer (spec 002 §2 sign-explicit). */
export const EConsentClauseAnswerViewSchema = z.object({
  key: z.string(),
  text: z.string(),
  required: z.boolean(),
  accepted: z.boolean(),
});
export type EConsentClauseAnswerView = z.infer<typeof EConsentClauseAnswerViewSchema>;

/** The longest witness name and reason of a paper consent record. */
export const ECONSENT_WITNESS_MAX = 200;
export const ECONSENT_REASON_MAX = 1000;

/**
 * A consent signed on paper as staff recorded it (spec 001 §7 setEconsentSigned by staff): the date
 * the participant signed, who witnessed it, the reason for recording it here, who recorded it (a
 * password signature) and the scanned paper, when uploaded.
 */
export const PaperEConsentViewSchema = z.object({
  signedDate: IsoDateSchema,
  witness: z.string(),
  reason: z.string(),
  recordedBy: EConsentSignatureViewSchema,
  scan: z.object({ fileName: z.string(), size: z.number().int(), sha256: z.string() }).nullable(),
});
export type PaperEConsentView = z.infer<typeof PaperEConsentViewSchema>;

/**
 * `GET .../tokens/{tokenId}/signedEConsentFile` and each row of the subject's e-consent list:
 * the e-consent of one ECONSENT token. Signed fields are null while it is pending.
 */
export const SignedEConsentInfoSchema = z.object({
  tokenId: IdSchema,
  enrollmentId: IdSchema,
  subjectId: IdSchema,
  siteId: IdSchema,
  dataEventId: z.string(),
  tokenStatus: TokenStatusSchema,
  state: EConsentStateSchema,
  /** The language signed (token eConsentLanguage), null while pending. */
  language: LanguageCodeSchema.nullable(),
  document: z
    .object({ id: IdSchema, version: z.number().int(), fileName: z.string(), sha256: z.string() })
    .nullable(),
  participant: EConsentSignatureViewSchema.nullable(),
  /** How the participant's identity was confirmed: a code sent to a masked address. */
  identity: z.object({ channel: EConsentCodeChannelSchema, maskedTo: z.string() }).nullable(),
  investigator: EConsentSignatureViewSchema.nullable(),
  clauses: z.array(EConsentClauseAnswerViewSchema),
  signedFile: z
    .object({
      fileName: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      originalSha256: z.string(),
    })
    .nullable(),
  /** A newer version of the document exists in the signed language (re-consent asked). */
  isSupersededVersion: z.boolean(),
  /** Set when staff recorded a consent signed on paper (state SIGNED_ON_PAPER). */
  paper: PaperEConsentViewSchema.nullable(),
});
export type SignedEConsentInfo = z.infer<typeof SignedEConsentInfoSchema>;

export const SubjectEConsentListSchema = z.object({ items: z.array(SignedEConsentInfoSchema) });
export type SubjectEConsentList = z.infer<typeof SubjectEConsentListSchema>;

/** One row of the study-wide consent log (issue 24 item 5), at the caller's sites. */
export const EConsentLogRowSchema = SignedEConsentInfoSchema.pick({
  tokenId: true,
  enrollmentId: true,
  subjectId: true,
  siteId: true,
  dataEventId: true,
  tokenStatus: true,
  state: true,
  language: true,
  document: true,
  participant: true,
  investigator: true,
  isSupersededVersion: true,
  paper: true,
}).extend({ subjectKey: z.string() });
export type EConsentLogRow = z.infer<typeof EConsentLogRowSchema>;
export const EConsentLogSchema = z.object({ items: z.array(EConsentLogRowSchema) });
export type EConsentLog = z.infer<typeof EConsentLogSchema>;

/** The scanned signed paper (optional): a PDF checked by content like the consent documents. */
export const PaperScanSchema = z.object({
  fileName: z.string().min(1).max(255),
  dataBase64: z.string().min(1).max(MAX_PDF_BASE64_CHARS),
});

/**
 * Staff record that the participant signed the consent on paper (spec 001 §7 setEconsentSigned):
 * the date signed (not in the future), the witness, the reason (kept in the audit trail) and,
 * optionally, the scanned paper as a PDF.
 */
export const PaperEConsentBodySchema = z.object({
  signedDate: IsoDateSchema,
  witness: z.string().trim().min(1).max(ECONSENT_WITNESS_MAX),
  reason: z.string().trim().min(1).max(ECONSENT_REASON_MAX),
  scan: PaperScanSchema.optional(),
});
export type PaperEConsentBody = z.infer<typeof PaperEConsentBodySchema>;

/**
 * `PUT /studies/.../tokens/{tokenId}/setEconsentSigned` (staff), with the Extended-Validation
 * password header: without `paper`, the investigator countersigns the participant's electronic
 * signature; with `paper`, staff record a consent signed on paper. Either way the token completes.
 */
export const CountersignEConsentBodySchema = z.object({
  meaning: InvestigatorSignatureMeaningSchema.default('CONSENT_OBTAINED'),
  paper: PaperEConsentBodySchema.optional(),
});
export type CountersignEConsentBody = z.input<typeof CountersignEConsentBodySchema>;

// ---------------------------------------------------------------- participant flow

/** One explicit clause to answer (explicitConsentDetails). */
export const EConsentClauseSchema = z.object({
  key: z.string(),
  text: z.string(),
  required: z.boolean(),
});
export type EConsentClause = z.infer<typeof EConsentClauseSchema>;

/** What the signing page shows (spec 002 §4, domain `econsentView`). */
export const PUBLIC_ECONSENT_VIEWS = ['SIGN', 'SIGNED_DOWNLOAD', 'UNAVAILABLE'] as const;
export const PublicEConsentViewSchema = z.enum(PUBLIC_ECONSENT_VIEWS);
export type PublicEConsentView = z.infer<typeof PublicEConsentViewSchema>;

/**
 * `GET /public/studies/{studyId}/tokens/{tokenId}/explicitConsentDetails?language`: everything
 * the signing page needs (document, clauses, where a code can go, what is signed already).
 */
export const PublicEConsentDetailsSchema = z.object({
  tokenId: IdSchema,
  enrollmentId: IdSchema,
  view: PublicEConsentViewSchema,
  state: EConsentStateSchema,
  /** The document's language: the one asked, else the participant's, else the study's primary. */
  language: LanguageCodeSchema.nullable(),
  /** Languages a current document exists in for this event. */
  languages: z.array(LanguageCodeSchema),
  document: z
    .object({
      id: IdSchema,
      version: z.number().int(),
      fileName: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      pageCount: z.number().int(),
    })
    .nullable(),
  /** Explicit variant (spec 002 §4): each clause asked separately. */
  explicitConsent: z.boolean(),
  clauses: z.array(EConsentClauseSchema),
  /** Where the signing code can be sent, masked (`j***@example.org`, `+45 ****12`). */
  codeChannels: z.array(z.object({ channel: EConsentCodeChannelSchema, maskedTo: z.string() })),
  meanings: z.array(ParticipantSignatureMeaningSchema),
  /** Set once signed: the signed file's name (with `_signed`) and when. */
  signed: z.object({ fileName: z.string(), signedTime: TimestampSchema }).nullable(),
});
export type PublicEConsentDetails = z.infer<typeof PublicEConsentDetailsSchema>;

/** `POST /public/studies/{studyId}/tokens/{tokenId}/eConsentCode`: send the signing code. */
export const RequestEConsentCodeBodySchema = z.object({ channel: EConsentCodeChannelSchema });
export type RequestEConsentCodeBody = z.infer<typeof RequestEConsentCodeBodySchema>;
export const EConsentCodeSentSchema = OneTimePasswordSentSchema;

/** One clause answer in the signing request. */
export const EConsentClauseAnswerSchema = z.object({
  key: z.string().min(1).max(64),
  accepted: z.boolean(),
});

/** A PNG data URL (the drawn signature). */
export const SignatureDataUrlSchema = z
  .string()
  .max(MAX_SIGNATURE_DATA_URL_CHARS)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/);

/**
 * `PUT /public/studies/{studyId}/enrollments/{enrollmentId}/tokens/{tokenId}/setEconsentSigned`:
 * the participant signs the document they read (documentId, language) with the one-time code,
 * the typed full name, the drawn signature, the stated meaning and each explicit clause's answer.
 */
export const PublicSignEConsentBodySchema = z.object({
  documentId: IdSchema,
  language: LanguageCodeSchema,
  code: z.string().trim().min(1).max(16),
  captcha: z.string().max(2000).optional(),
  fullName: z.string().trim().min(1).max(ECONSENT_NAME_MAX),
  signature: SignatureDataUrlSchema,
  meaning: ParticipantSignatureMeaningSchema,
  clauses: z.array(EConsentClauseAnswerSchema).max(100).default([]),
  /** The page enables signing only after the participant reached the document's end. */
  readToEnd: z.literal(true),
});
export type PublicSignEConsentBody = z.input<typeof PublicSignEConsentBodySchema>;

/** What signing answers: where the flow goes (002 §4: the e-consent fill page) and the signed file. */
export const PublicEConsentSignedSchema = z.object({
  next: z.literal('ECONSENT_FILL'),
  state: EConsentStateSchema,
  signedTime: TimestampSchema,
  fileName: z.string(),
});
export type PublicEConsentSigned = z.infer<typeof PublicEConsentSignedSchema>;

/** `GET /public/.../downloadEConsentFile`: spec 002 §7 "fileName and data" (base64 PDF). */
export const PublicEConsentDownloadSchema = z.object({
  fileName: z.string(),
  mimeType: z.literal('application/pdf'),
  sha256: z.string(),
  data: z.string(),
});
export type PublicEConsentDownload = z.infer<typeof PublicEConsentDownloadSchema>;
