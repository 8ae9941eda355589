/**
 * The public participant API contract (spec 002 §3, §7): request and response shapes of the
 * token, consent, one-time-password, site, logo, sign-up, unsubscribe and getProcess calls.
 * Server routes, the public pages and their API client share them.
 */
import { z } from 'zod';
import { IdSchema, LinkTokenSchema } from '../common/ids';
import { LanguageCodeSchema, LocalizedTextSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { EnrollmentStatusSchema } from '../enrollments/model';
import { DATA_EVENT_TYPES, SEND_OUT_TYPES } from '../processes/model';
import { ImageChartAnswerSchema, ImageChartMarkerSchema } from '../questionnaires/model';
import { FiredRuleViewSchema, SubmitQuestionnaireSchema } from '../questionnaires/schemas';
import { StudyStatusSchema } from '../studies/model';
import { TokenStatusSchema, TokenTypeSchema } from '../tokens/model';
import { ParticipantFormSchema, ParticipantFormWireSchema } from './participant-form';
import { PUBLIC_FLOW_STEPS } from './token-access';

/** Path parameters. */
export const PublicStudyParamsSchema = z.object({ studyId: IdSchema });
export const PublicTokenInfoParamsSchema = z.object({ studyId: IdSchema, token: LinkTokenSchema });
export const PublicTokenIdParamsSchema = z.object({ studyId: IdSchema, tokenId: IdSchema });
export const PublicTokenStringParamsSchema = z.object({ studyId: IdSchema, tokenString: LinkTokenSchema });
export const PublicSiteParamsSchema = z.object({ studyId: IdSchema, siteId: IdSchema });
export const PublicSignUpParamsSchema = z.object({ studyId: IdSchema, pathwayId: IdSchema });
/** `patient/{id}` of the unsubscribe code calls: the enrollment (pathway record) id of the page URL. */
export const PublicEnrollmentIdParamsSchema = z.object({ studyId: IdSchema, id: IdSchema });
export const PublicEnrollmentParamsSchema = z.object({ studyId: IdSchema, enrollmentId: IdSchema });
/** A study image shown on a participant's form (image charts). */
export const PublicStudyImageParamsSchema = z.object({
  studyId: IdSchema,
  imageId: z.string().min(1).max(64),
});
export const PublicSiteInfoQuerySchema = z.object({ pathwayId: IdSchema.optional() });

/** ALTCHA proof-of-work challenge (issued after more than 3 failed codes, spec 002 §2). */
export const CaptchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** The solved challenge as the ALTCHA widget sends it: base64 of its JSON payload. */
const CaptchaSolutionSchema = z.string().max(2000);

/** Spec 002 §7 GET public/study/{studyId}/{token}/getInfo: the consent text before validation. */
export const PublicConsentInfoSchema = z.object({
  primaryLanguage: LanguageCodeSchema,
  consentRequired: z.boolean(),
  didAcceptConsent: z.boolean(),
  /** "A list whose first item maps language to text" (spec 002 §3 consent info). */
  consentText: z.array(LocalizedTextSchema),
});
export type PublicConsentInfo = z.infer<typeof PublicConsentInfoSchema>;

/** Spec 002 §7 validateToken / validateTokenUpdate body. */
export const ValidateTokenBodySchema = z.object({ token: LinkTokenSchema });

/**
 * Spec 002 §3 public questionnaire info, the answer of token validation, consent and a
 * validated one-time password. `next` says where the flow goes (002 §4); `sessionExpiresAt`
 * is set when the participant session cookie was issued (the link may be used for the forms).
 */
export const PublicTokenInfoSchema = z.object({
  studyId: IdSchema,
  studyName: z.string(),
  token: z.object({
    id: IdSchema,
    token: LinkTokenSchema,
    pathwayRecord: IdSchema,
    dataEventId: z.string(),
    type: TokenTypeSchema,
    status: TokenStatusSchema,
    locked: z.boolean(),
  }),
  enrollment: z.object({
    id: IdSchema,
    status: EnrollmentStatusSchema,
    consentRequired: z.boolean(),
    didAcceptConsent: z.boolean(),
    consentTime: TimestampSchema.nullable(),
  }),
  preferredLang: LanguageCodeSchema.nullable(),
  secondLang: LanguageCodeSchema.nullable(),
  primaryLanguage: LanguageCodeSchema,
  languages: z.array(LanguageCodeSchema),
  dateFormat: z.string(),
  dateTimeFormat: z.string(),
  eq5dLicences: z.array(z.string()),
  dataEventType: z.enum(DATA_EVENT_TYPES),
  dataEventSendout: z.enum(SEND_OUT_TYPES),
  /** Consent file names per language (e-consent events). */
  consentFile: z.record(z.string(), z.string()),
  forceFormOrder: z.boolean(),
  requiredOneTimePass: z.boolean(),
  consentRequired: z.boolean(),
  didAcceptConsent: z.boolean(),
  next: z.enum(PUBLIC_FLOW_STEPS),
  sessionExpiresAt: TimestampSchema.nullable(),
});
export type PublicTokenInfo = z.infer<typeof PublicTokenInfoSchema>;

/** Spec 002 §7 consent body; `token` (the link) proves the caller holds the participant's link. */
export const PublicConsentBodySchema = z.object({
  consent: z.boolean(),
  pathwayRecordId: IdSchema,
  token: LinkTokenSchema,
});

/** Spec 002 §7 validateOneTimePassword body: the link, the code (an integer) and the token id. */
export const ValidateOneTimePasswordBodySchema = z.object({
  token: LinkTokenSchema,
  password: z.union([z.number().int().nonnegative(), z.string().max(16)]),
  id: IdSchema.optional(),
  captcha: CaptchaSolutionSchema.optional(),
});

/** Spec 002 §7 newOneTimePassword body (the old code, if sent, is ignored). */
export const NewOneTimePasswordBodySchema = z.object({
  token: LinkTokenSchema,
  password: z.union([z.number(), z.string().max(16)]).nullish(),
});

/** A code was sent: on which channels, when the next may be asked for, when it expires. */
export const OneTimePasswordSentSchema = z.object({
  channels: z.array(z.enum(['EMAIL', 'SMS'])),
  cooldownTime: z.number().int().nonnegative(),
  expiresAt: TimestampSchema,
});
export type OneTimePasswordSent = z.infer<typeof OneTimePasswordSentSchema>;

/** Spec 002 §3 site public info (GET public/study/{studyId}/site/{siteId}/getInfo). */
export const PublicSiteInfoSchema = z.object({
  studyName: z.string(),
  studyDescription: z.string().nullable(),
  studyStatus: StudyStatusSchema,
  public: z.boolean(),
  pathwayId: IdSchema.nullable(),
  patientFields: z.array(z.string()),
  patientOptionalFields: z.array(z.string()),
  languages: z.array(LanguageCodeSchema),
  dateFormat: z.string(),
  consentRequired: z.boolean(),
  consentText: LocalizedTextSchema.nullable(),
  publicIntroTextEnabled: z.boolean(),
  publicIntroText: LocalizedTextSchema.nullable(),
  disableInvestigatorAttributesFields: z.boolean(),
  primaryLanguage: LanguageCodeSchema,
  /** Spec 002 §4 gate: false when the sign-up must start in the failure state. */
  signUpAllowed: z.boolean(),
  /** Spec 002 §5 sign-up switches of the study's participant settings. */
  checkEmailFormat: z.boolean(),
  requirePhoneCountryCode: z.boolean(),
  enforceLanguage: z.boolean(),
});
export type PublicSiteInfo = z.infer<typeof PublicSiteInfoSchema>;

/** Spec 002 §7 logo answer: the url, null when the study has none (the page shows the default). */
export const PublicLogoSchema = z.object({ url: z.string().nullable() });

const loose = z.string().max(1000).nullish();
const phoneList = z
  .array(
    z.object({
      number: z.union([z.string().max(64), z.number()]).nullish(),
      countryCode: z.number().nullish(),
    }),
  )
  .max(3)
  .nullish();

/**
 * Spec 002 §3 sign-up payload as received. Types are loose on purpose: the field rules of §5
 * (`validateSignUp`) report every problem at its path with the spec's message keys.
 */
export const PublicSignUpBodySchema = z.object({
  language: loose,
  firstName: loose,
  lastName: loose,
  initials: loose,
  email: loose,
  birthYear: z.union([z.number(), z.string().max(16)]).nullish(),
  ssChecksum: loose,
  gender: z.union([z.number(), z.string().max(4)]).nullish(),
  nationality: loose,
  guardian1: loose,
  guardian2: loose,
  dateOfBirth: z.string().max(32).nullish(),
  siteId: IdSchema,
  studyId: IdSchema.optional(),
  pathwayId: IdSchema.optional(),
  consent: z.boolean().nullish(),
  investigatorFirstName: loose,
  investigatorLastName: loose,
  investigatorEmail: loose,
  investigatorId: loose,
  mobileNumber: phoneList,
  homeNumber: phoneList,
  workNumber: phoneList,
  address: z
    .array(
      z.object({
        streetName: loose,
        streetNumber: loose,
        zip: loose,
        country: loose,
        city: loose,
      }),
    )
    .max(1)
    .nullish(),
});
export type PublicSignUpBody = z.infer<typeof PublicSignUpBodySchema>;

/** Investigator fields may also come in the query string of the sign-up link (spec 002 §2). */
export const PublicSignUpQuerySchema = z.object({
  investigatorFirstName: z.string().max(1000).optional(),
  investigatorLastName: z.string().max(1000).optional(),
  investigatorEmail: z.string().max(1000).optional(),
  investigatorId: z.string().max(1000).optional(),
});

/**
 * Spec 002 §3 sign-up answer: the link token when the participant may go straight on to the
 * forms; absent when the answer is the success screen (a link is sent instead).
 */
export const PublicSignUpResultSchema = z.object({ token: LinkTokenSchema.optional() });

/** Spec 002 §7 unsubscribe calls. */
export const UnsubscribeEmailBodySchema = z.object({ email: z.string().trim().min(1).max(256) });
export const UnsubscribeCodeBodySchema = z.object({
  password: z.union([z.number().int().nonnegative(), z.string().max(16)]),
  captcha: CaptchaSolutionSchema.optional(),
});
export const UnsubscribeCodeResultSchema = z.object({ validated: z.literal(true) });
export const UnsubscribeResultSchema = z.object({ status: EnrollmentStatusSchema });

/** One saved answer as the fill page reloads it. */
export const PublicAnswerSchema = z.object({
  questionId: z.string(),
  value: z.record(z.string(), z.unknown()),
  isUnavailable: z.boolean(),
  isSkipped: z.boolean(),
});

/**
 * One form of the token's data event, at the version the enrollment was tagged with; the form
 * without staff-only settings and defaults on the wire (ParticipantFormSchema, issue 16 item 5).
 */
export const PublicProcessFormSchema = z.object({
  formId: z.string(),
  order: z.number().int(),
  optional: z.boolean(),
  version: z.object({ major: z.number().int(), minor: z.number().int() }),
  form: ParticipantFormSchema,
  questionnaireId: IdSchema.nullable(),
  status: z.string(),
  answers: z.array(PublicAnswerSchema),
});

/** Spec 002 §7 getProcess: what the fill and index pages need for one link. */
export const PublicProcessSchema = z.object({
  studyId: IdSchema,
  studyName: z.string(),
  tokenId: IdSchema,
  tokenStatus: TokenStatusSchema,
  enrollmentId: IdSchema,
  processId: IdSchema,
  dataEvent: z.object({
    id: z.string(),
    name: LocalizedTextSchema,
    type: z.enum(DATA_EVENT_TYPES),
    forceFormOrder: z.boolean(),
  }),
  primaryLanguage: LanguageCodeSchema,
  languages: z.array(LanguageCodeSchema),
  preferredLang: LanguageCodeSchema.nullable(),
  dateFormat: z.string(),
  dateTimeFormat: z.string(),
  forms: z.array(PublicProcessFormSchema),
});
export type PublicProcess = z.infer<typeof PublicProcessSchema>;

/**
 * getProcess as the server sends it (issue 16): each form already in its participant shape
 * (toParticipantForm, done once per cached form version, not per answer), checked for the shape
 * the page walks. The page reads it with readParticipantProcess; PublicProcessSchema parses the
 * same answer into full documents.
 */
export const PublicProcessWireSchema = PublicProcessSchema.extend({
  forms: z.array(PublicProcessFormSchema.extend({ form: ParticipantFormWireSchema })),
});
export type PublicProcessWire = z.infer<typeof PublicProcessWireSchema>;

/** POST public/studies/{studyId}/token/{token}/back. */
export const PublicTokenBackParamsSchema = z.object({ studyId: IdSchema, token: LinkTokenSchema });

/**
 * Spec 002 §7 POST public/studies/{studyId}/questionnaire: one form of the participant's link.
 * `isFinal: false` saves a draft as the participant goes. `idempotencyKey` is chosen by the page per
 * submit attempt (a UUID): a retry or double tap with the same key gets the first answer back.
 */
export const PublicSubmitBodySchema = z.object({
  token: LinkTokenSchema,
  formId: SubmitQuestionnaireSchema.shape.formId,
  answers: SubmitQuestionnaireSchema.shape.answers,
  imageChartMarkers: z.array(ImageChartMarkerSchema).optional(),
  imageChartAnswers: z.array(ImageChartAnswerSchema).optional(),
  isFinal: z.boolean(),
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_:-]+$/, 'Letters, digits, "-", "_" and ":" only'),
});
export type PublicSubmitBody = z.infer<typeof PublicSubmitBodySchema>;
export type PublicSubmitBodyInput = z.input<typeof PublicSubmitBodySchema>;

/**
 * Spec 002 §4 questionnaire submit result: `status` EXCLUDED or COMPLETED (the token's) marks the
 * questionnaire done; otherwise `nextFormId` loads (forced order) or the index is shown.
 */
export const PublicSubmitResultSchema = z.object({
  questionnaireId: IdSchema,
  formId: z.string(),
  formStatus: z.string(),
  isFinal: z.boolean(),
  status: TokenStatusSchema,
  isDone: z.boolean(),
  nextFormId: z.string().nullable(),
  currentNumber: z.number().int().min(0),
  total: z.number().int().min(0),
  firedRules: z.array(FiredRuleViewSchema),
  /** True when this answer is the stored one of an earlier call with the same idempotency key. */
  isReplay: z.boolean(),
});
export type PublicSubmitResult = z.infer<typeof PublicSubmitResultSchema>;

/**
 * Where a link's fill stands (spec 002 §4, issue 8 item 3): the forced-order position and the
 * forms saved as final (getProcess's form status cannot tell a complete draft from a submitted form).
 */
export const PublicFillStateSchema = z.object({
  forceFormOrder: z.boolean(),
  currentForm: z.string().nullable(),
  currentNumber: z.number().int().min(0),
  total: z.number().int().min(0),
  completedFormIds: z.array(z.string()),
});
export type PublicFillState = z.infer<typeof PublicFillStateSchema>;

/**
 * The fill page's two reads, getProcess and fillState, as they stand when the link was opened (issue
 * 16): the answer that opens the participant session for a questionnaire page carries them, so a
 * link's first open takes two calls (validateToken, the submit), not five (getInfo too, and the two
 * reads). The page reads them again itself when it is loaded on its own (a reload, a bookmark).
 */
export const PublicFillSchema = z.object({ process: PublicProcessWireSchema, state: PublicFillStateSchema });
export type PublicFill = z.infer<typeof PublicFillSchema>;

/**
 * Spec 002 §7 validateToken, consent and validateOneTimePassword: the questionnaire info; the
 * link's fill data when the session opened and the link goes on to a questionnaire page
 * (`goesToQuestionnaire`), else null; and the consent info (getInfo's answer) when the consent page
 * comes next, else null: the token page asks getInfo only for a link it cannot open (issue 16).
 */
export const PublicLinkOpenedSchema = PublicTokenInfoSchema.extend({
  fill: PublicFillSchema.nullable(),
  consent: PublicConsentInfoSchema.nullable(),
});
export type PublicLinkOpened = z.infer<typeof PublicLinkOpenedSchema>;
