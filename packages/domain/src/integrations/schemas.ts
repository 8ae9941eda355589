import { z } from 'zod';

/** The header that carries the signer's password for extended validation (spec 000 §6). */
export const EXTENDED_VALIDATION_HEADER = 'extended-validation';

/** Spec 000 §6, STANDARDS.md ES-1: the signature recorded with a change made under extended validation. */
export const ExtendedValidationSignatureSchema = z.object({
  signerId: z.string(),
  printedName: z.string(),
  signedAt: z.string(),
  meaning: z.string(),
});
export type ExtendedValidationSignature = z.infer<typeof ExtendedValidationSignatureSchema>;

/** Meanings of the signatures this area asks for (shown in the dialog, stored in the trail). */
export const API_KEY_RENEW_MEANING = 'Renew the API key of this study; the previous key stops working.';

/** Shape of a key: `tb_<8-character prefix>_<secret>` (the prefix identifies it in the UI and logs). */
export const API_KEY_PATTERN = /^tb_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{20,})$/;

/** Spec 001 §2 API access: the key's metadata (never the key itself). */
export const ApiKeyMetadataSchema = z.object({
  id: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyMetadata = z.infer<typeof ApiKeyMetadataSchema>;

/** Answer of GET /studies/{studyId}/apiKey: the current key (if any), the API user setting and what the caller may do. */
export const ApiAccessSchema = z.object({
  studyId: z.string(),
  key: ApiKeyMetadataSchema.nullable(),
  viewIdentifiable: z.boolean(),
  /** Issue 26 item 4: may the key read the incremental feed (REPORTING_FEED). */
  dataFeed: z.boolean(),
  /** Issue 28 item 2: may the key create subjects, enrol and submit forms (the API for data). */
  dataWrite: z.boolean(),
  extendedValidation: z.boolean(),
  abilities: z.object({ canRenew: z.boolean(), canUpdateSettings: z.boolean() }),
});
export type ApiAccess = z.infer<typeof ApiAccessSchema>;

/** Answer of POST /studies/{studyId}/apiKey/renew: the full key, shown this once. */
export const RenewedApiKeySchema = z.object({
  key: z.string(),
  metadata: ApiKeyMetadataSchema,
});
export type RenewedApiKey = z.infer<typeof RenewedApiKeySchema>;

/**
 * Spec 001 §3 API user: the settings saved on the API access page; dataFeed (issue 26 item 4) is
 * kept as it was when left out.
 */
export const ApiUserSettingsSchema = z
  .object({
    viewIdentifiable: z.boolean(),
    dataFeed: z.boolean().optional(),
    dataWrite: z.boolean().optional(),
  })
  .strict();
export type ApiUserSettings = z.infer<typeof ApiUserSettingsSchema>;
/** The settings as saved (the answer of the save). */
export const SavedApiUserSettingsSchema = z.object({
  viewIdentifiable: z.boolean(),
  dataFeed: z.boolean(),
  dataWrite: z.boolean(),
});

export const STUDY_INFO_FORMATS = ['json', 'text'] as const;
export type StudyInfoFormat = (typeof STUDY_INFO_FORMATS)[number];
export const StudyInfoQuerySchema = z.object({ format: z.enum(STUDY_INFO_FORMATS).default('json') });

/** Spec 001 §2 API access: the study's information an API user needs (ids to call the API with). */
export const StudyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  primaryLanguage: z.string(),
  languages: z.array(z.string()),
  sites: z.array(z.object({ id: z.string(), name: z.string(), siteNumber: z.number().int() })),
});
export type StudyInfo = z.infer<typeof StudyInfoSchema>;

/** Spec 001 §2: the study information as plain text, one fact a line, for pasting into a client's config. */
export function studyInfoAsText(info: StudyInfo): string {
  const lines = [
    `Study id: ${info.id}`,
    `Name: ${info.name}`,
    `Status: ${info.status}`,
    `Primary language: ${info.primaryLanguage}`,
    `Languages: ${info.languages.join(', ')}`,
    `Sites: ${info.sites.length}`,
    ...info.sites.map((site) => `  Site ${site.siteNumber}: ${site.name} (id ${site.id})`),
  ];
  return `${lines.join('\n')}\n`;
}
