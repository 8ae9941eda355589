/**
 * Request and response schemas of the form-template API (spec 001 §7 "Form templates",
 * spec 000 §7 images): used by the server routes, the web API client and the builder.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';
import { FORM_TYPES, FormTemplateSchema, FormVersionSchema, QuestionSchema } from './model';

/** Spec 001 §9: EQ-5D licence device classes by screen width (mobile < 540, tablet < 1024, desktop). */
export const DEVICE_CLASSES = ['MOBILE', 'TABLET', 'DESKTOP'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DeviceClassRangeSchema = z.object({
  deviceClass: z.enum(DEVICE_CLASSES),
  minWidth: z.number().int().min(0),
  /** Exclusive upper bound; null for no bound. */
  maxWidth: z.number().int().min(1).nullable(),
});
export type DeviceClassRange = z.infer<typeof DeviceClassRangeSchema>;

/** The stored form document: the domain FormTemplate plus the licence device classes (EQ-5D). */
export const FormTemplateDocumentSchema = FormTemplateSchema.extend({
  deviceClasses: z.array(DeviceClassRangeSchema).optional(),
});
export type FormTemplateDocument = z.infer<typeof FormTemplateDocumentSchema>;
export type FormTemplateDocumentInput = z.input<typeof FormTemplateDocumentSchema>;

/** Issue 13 item 8: a draft's edit revision, raised by every saved change (not part of the document). */
export const FormRevisionSchema = z.number().int().min(1);

/**
 * POST questionnairetemplate body: the draft and the revision it started from. A stale revision is
 * refused with 409 CONFLICT (reason VERSION_MISMATCH); without one the save is not checked.
 */
export const FormSaveSchema = FormTemplateDocumentSchema.extend({ revision: FormRevisionSchema.optional() });
export type FormSave = z.infer<typeof FormSaveSchema>;

export const FormStudyParamsSchema = z.object({ studyId: z.string().min(1) });
export const FormParamsSchema = z.object({ studyId: z.string().min(1), formId: z.string().min(1) });
export const ProcessFormsParamsSchema = z.object({
  studyId: z.string().min(1),
  processId: z.string().min(1),
});
export const TaggedFormsParamsSchema = z.object({
  studyId: z.string().min(1),
  pathwayRecordId: z.string().min(1),
});
export const TaggedFormParamsSchema = TaggedFormsParamsSchema.extend({ formId: z.string().min(1) });
export const ImageParamsSchema = z.object({ studyId: z.string().min(1), imageId: z.string().min(1) });
export const UserTemplateParamsSchema = z.object({ id: z.string().min(1) });

const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional();

/** GET .../questionnairetemplate query: leave AE forms out, include published versions. */
export const FormListQuerySchema = z.object({ excludeAe: queryBoolean, withVersions: queryBoolean });

/** GET .../questionnairetemplate/{formId} query: read a published older version. */
export const FormGetQuerySchema = z.object({
  isOldVersion: queryBoolean,
  major: z.coerce.number().int().min(0).optional(),
  minor: z.coerce.number().int().min(0).optional(),
});

export const PublishedVersionSchema = FormVersionSchema.extend({ publishedAt: z.string() });
export type PublishedVersion = z.infer<typeof PublishedVersionSchema>;

/** One row of the forms list (spec 001 §7). */
export const FormListItemSchema = z.object({
  id: z.string(),
  title: LocalizedTextSchema,
  type: z.enum(FORM_TYPES),
  version: FormVersionSchema,
  published: z.boolean(),
  isUsedInProcess: z.boolean(),
  isDefaultAeForm: z.boolean(),
  updatedAt: z.string(),
  versions: z.array(PublishedVersionSchema).optional(),
});
export type FormListItem = z.infer<typeof FormListItemSchema>;
export const FormListSchema = z.array(FormListItemSchema);

/** Spec 001 §4 form editing locks, computed by the server for the builder. */
export const FormLocksSchema = z.object({
  /** The type cannot change (production, amendment of a not fully editable form, stratification). */
  isTypeLocked: z.boolean(),
  /** The AE type cannot be switched on or off (the form is used in a process). */
  isAeTypeLocked: z.boolean(),
  /** Nothing can change (study status). */
  isReadOnly: z.boolean(),
});
export type FormLocks = z.infer<typeof FormLocksSchema>;

/** A form as the builder reads it: the document, when it changed, and its locks. */
export const FormTemplateViewSchema = FormTemplateDocumentSchema.extend({
  updatedAt: z.string(),
  /** The draft's edit revision (absent for published versions, which never change). */
  revision: FormRevisionSchema.optional(),
  locks: FormLocksSchema,
});
export type FormTemplateView = z.infer<typeof FormTemplateViewSchema>;

/** POST .../forms/promoteFormVersion. */
export const PromoteFormVersionSchema = z.object({
  formId: z.string().min(1),
  kind: z.enum(['major', 'minor']),
});
export type PromoteFormVersion = z.infer<typeof PromoteFormVersionSchema>;
export const PromotedVersionSchema = z.object({ formId: z.string(), version: PublishedVersionSchema });

/** Question templates: a saved question of a study (spec 001 §7). */
export const QuestionTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  question: QuestionSchema,
});
export type QuestionTemplateInput = z.infer<typeof QuestionTemplateInputSchema>;
export const QuestionTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  question: QuestionSchema,
  createdAt: z.string(),
});
export type QuestionTemplate = z.infer<typeof QuestionTemplateSchema>;
export const QuestionTemplateListSchema = z.array(QuestionTemplateSchema);

/** A template of a library (the caller's own, or the system's ready forms). */
export const LibraryTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(FORM_TYPES),
  questionCount: z.number().int(),
  createdAt: z.string(),
  document: FormTemplateDocumentSchema,
});
export type LibraryTemplate = z.infer<typeof LibraryTemplateSchema>;
export const LibraryTemplateListSchema = z.array(LibraryTemplateSchema);
export const SystemTemplateQuerySchema = z.object({ type: z.enum(FORM_TYPES).optional() });

/** POST /study/{studyId}/forms/loadFromProfile: copy a user (or system) template into the study. */
export const LoadFromProfileSchema = z.object({
  templateId: z.string().min(1),
  source: z.enum(['USER', 'SYSTEM']).default('USER'),
});
export type LoadFromProfile = z.infer<typeof LoadFromProfileSchema>;

/** Spec 000 §7 image upload as JSON: the bytes in base64. */
export const ImageUploadSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().max(100).optional(),
  dataBase64: z.string().min(1),
});
export type ImageUpload = z.infer<typeof ImageUploadSchema>;
export const STUDY_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const StudyImageSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(STUDY_IMAGE_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
});
export type StudyImage = z.infer<typeof StudyImageSchema>;
export const StudyImageListSchema = z.array(StudyImageSchema);
