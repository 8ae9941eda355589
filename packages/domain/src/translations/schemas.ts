/**
 * Study content translation (spec 001 §2 translation routes, §3 "Translation resources", §5
 * translation limits, §7 Translations; issue 18 items 4 and 5): the request and answer shapes of
 * every translation call, shared by the server's routes and the translation screens.
 *
 * A translatable text is a **unit**: one text of a form, a process or a validation rule in the
 * study's primary language (the source) and in the language being translated (the target). Each
 * unit has a stable id built from the ids of what holds it (units.ts), the same in the editors,
 * in saves and in XLIFF files.
 */
import { z } from 'zod';
import { LanguageCodeSchema, TRANSLATION_MAX_LENGTH } from '../common/languages';

/** What a unit is: the product text it translates (issue 18 item 4 lists them). */
export const TRANSLATION_UNIT_KINDS = [
  'FORM_TITLE',
  'FORM_INFO_TEXT',
  'FORM_CUSTOM_FOOTER',
  'FORM_COLOR_LABEL',
  'QUESTION_TEXT',
  'QUESTION_HELP_TEXT',
  'QUESTION_SKIP_TEXT',
  'QUESTION_LEFT_LABEL',
  'QUESTION_RIGHT_LABEL',
  'QUESTION_SLIDER_TEXT',
  'POSSIBILITY_TEXT',
  'TABLE_ROW_TITLE',
  'TABLE_COLUMN_TITLE',
  'PROCESS_CONSENT_TEXT',
  'PROCESS_PUBLIC_INTRO_TEXT',
  'TRIAL_GROUP_TITLE',
  'DATA_EVENT_NAME',
  'DATA_EVENT_SUBJECT_TEXT',
  'DATA_EVENT_EMAIL_TEXT',
  'DATA_EVENT_SMS_TEXT',
  'RULE_MESSAGE',
] as const;
export type TranslationUnitKind = (typeof TRANSLATION_UNIT_KINDS)[number];
export const TranslationUnitKindSchema = z.enum(TRANSLATION_UNIT_KINDS);

/** PLAIN: a text field; RICH: author HTML (sanitised on save, edited with the rich text editor). */
export const TRANSLATION_FORMATS = ['PLAIN', 'RICH'] as const;
export type TranslationFormat = (typeof TRANSLATION_FORMATS)[number];

/** The three translation resources of a study (spec 001 §3): forms, pathways (processes), rules. */
export const TRANSLATION_AREAS = ['FORMS', 'PATHWAYS', 'RULES'] as const;
export type TranslationArea = (typeof TRANSLATION_AREAS)[number];

/** A unit id: `form.<formId>.q.<questionId>.text` and the like (units.ts); at most 300 characters. */
export const TranslationUnitIdSchema = z.string().min(1).max(300);

/**
 * One translatable text as the editors show it: the source (primary language) beside the target.
 * `target` is '' while untranslated. `placeholders` are the source's `{name}` markers the target must
 * keep (`{link}` in email and SMS texts, `{limit}` in rule messages). `isRequired`: an empty target
 * is refused (translated consent and public intro text, spec 001 §5). `questionOrder` and `position`
 * (1-based) say where a question's text sits, for labels like "Q3 · possibility 2".
 */
export const TranslationUnitSchema = z.object({
  id: TranslationUnitIdSchema,
  kind: TranslationUnitKindSchema,
  format: z.enum(TRANSLATION_FORMATS),
  source: z.string(),
  target: z.string(),
  maxLength: z.number().int().positive(),
  isRequired: z.boolean(),
  placeholders: z.array(z.string()),
  questionId: z.string().nullable(),
  questionOrder: z.number().int().nullable(),
  position: z.number().int().nullable(),
});
export type TranslationUnit = z.infer<typeof TranslationUnitSchema>;

/** Units counted (spec 001 §3 summary row): total with a source text, completed with a target. */
export const TranslationCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  untranslated: z.number().int().nonnegative(),
  /** Whole percent completed, 0–100 (100 when there is nothing to translate). */
  progress: z.number().int().min(0).max(100),
});
export type TranslationCounts = z.infer<typeof TranslationCountsSchema>;

/**
 * The texts of one form, process or validation rule. `revision` is the form's or process's edit
 * revision (a builder save started before a translation save gets 409, issue 13 item 8); null for
 * rules. Rules carry the form and question they check (`formId`, `questionOrder`).
 */
export const TranslationGroupSchema = z.object({
  type: z.enum(['FORM', 'PROCESS', 'VALIDATION_RULE']),
  id: z.string(),
  /** The form's title or the process's name in the primary language; for a rule, its form's title. */
  name: z.string(),
  revision: z.number().int().nullable(),
  formId: z.string().nullable(),
  questionOrder: z.number().int().nullable(),
  units: z.array(TranslationUnitSchema),
  counts: TranslationCountsSchema,
});
export type TranslationGroup = z.infer<typeof TranslationGroupSchema>;

/**
 * GET (and PUT answer) `/study/{studyId}/translate/forms|pathways/{language}` and
 * `/studies/{studyId}/validationRules/translations/{language}`: every group of the area with its
 * units in the language. `isEditable`: the study's status lets texts change (spec 000 §4); the
 * route already required canEdit.
 */
export const TranslationResourceSchema = z.object({
  area: z.enum(TRANSLATION_AREAS),
  language: LanguageCodeSchema,
  primaryLanguage: LanguageCodeSchema,
  isEditable: z.boolean(),
  groups: z.array(TranslationGroupSchema),
  counts: TranslationCountsSchema,
});
export type TranslationResource = z.infer<typeof TranslationResourceSchema>;

/** Path of the per-language calls. `language` is any supported code; the service checks it is a study language. */
export const TranslationLanguageParamsSchema = z.object({
  studyId: z.string().min(1),
  language: LanguageCodeSchema,
});
export const TranslationStudyParamsSchema = z.object({ studyId: z.string().min(1) });

/** Route 001 §2 `/translate/pathways?language&questionnaireTemplateId`: only the processes that use the form. */
export const PathwayTranslationQuerySchema = z.object({
  questionnaireTemplateId: z.string().min(1).optional(),
});

/**
 * What a target may hold on the wire: well above every unit's limit (20000 at most, spec 001 §5),
 * so a too long text is refused per unit (MAX_LENGTH with the unit's own limit), not by the schema.
 */
export const TRANSLATION_TARGET_WIRE_MAX = 5 * TRANSLATION_MAX_LENGTH;

/** One unit's new text; '' removes the translation (the participant then sees the fallback). */
export const TranslationUnitEditSchema = z.object({
  id: TranslationUnitIdSchema,
  target: z.string().max(TRANSLATION_TARGET_WIRE_MAX),
});
export type TranslationUnitEdit = z.infer<typeof TranslationUnitEditSchema>;

/** At most this many units in one save (a whole study language fits; more is an upload mistake). */
export const TRANSLATION_SAVE_MAX_UNITS = 10000;

/**
 * PUT `/translate/forms|pathways/{language}` and `/validationRules/translations/{language}`: the
 * changed units of that area. Units not listed stay as they are. All or nothing: one bad unit and
 * nothing is written (400 VALIDATION, an issue per unit at `units.<i>.id` or `units.<i>.target`).
 */
export const TranslationSaveSchema = z.object({
  units: z.array(TranslationUnitEditSchema).min(1).max(TRANSLATION_SAVE_MAX_UNITS),
});
export type TranslationSave = z.infer<typeof TranslationSaveSchema>;

/** PUT `/study/{studyId}/translations`: changed units of any area in one language, one transaction. */
export const StudyTranslationSaveSchema = TranslationSaveSchema.extend({ language: LanguageCodeSchema });
export type StudyTranslationSave = z.infer<typeof StudyTranslationSaveSchema>;

/** One row of the overview table (spec 001 §2/§3): a study language other than the primary one. */
export const TranslationOverviewRowSchema = TranslationCountsSchema.extend({
  language: LanguageCodeSchema,
  areas: z.object({
    FORMS: TranslationCountsSchema,
    PATHWAYS: TranslationCountsSchema,
    RULES: TranslationCountsSchema,
  }),
});
export type TranslationOverviewRow = z.infer<typeof TranslationOverviewRowSchema>;

/** Overview page sizes (spec 001 §9: not shown; ours). */
export const TRANSLATION_PAGE_SIZES = [10, 25, 50, 100] as const;

/** GET `/study/{studyId}/translations?page&pageSize`: pages count from 1. */
export const TranslationOverviewQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (TRANSLATION_PAGE_SIZES as readonly number[]).includes(n), 'PAGE_SIZE')
    .default(10),
});
export type TranslationOverviewQuery = z.input<typeof TranslationOverviewQuerySchema>;

/** GET `/study/{studyId}/translations`: the primary language and a page of language rows. */
export const TranslationOverviewSchema = z.object({
  primaryLanguage: LanguageCodeSchema,
  isEditable: z.boolean(),
  items: z.array(TranslationOverviewRowSchema),
  /** Number of rows over all pages (the study's languages minus the primary one). */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});
export type TranslationOverview = z.infer<typeof TranslationOverviewSchema>;

/** PUT `/study/{studyId}/translations` answer: how many units changed and the language's row after the save. */
export const StudyTranslationSaveResultSchema = z.object({
  changed: z.number().int().nonnegative(),
  row: TranslationOverviewRowSchema,
});
export type StudyTranslationSaveResult = z.infer<typeof StudyTranslationSaveResultSchema>;

/** XLIFF files are read up to this size (a 52-language study's language is far below it). */
export const XLIFF_MAX_LENGTH = 20_000_000;

/** PUT `/study/{studyId}/translations/{language}/xliff` (ours, issue 18 item 5): the file's text. */
export const XliffImportSchema = z.object({ xliff: z.string().min(1).max(XLIFF_MAX_LENGTH) });
export type XliffImport = z.infer<typeof XliffImportSchema>;

/** Why a unit of an XLIFF file (or a save) was refused. */
export const TRANSLATION_UNIT_ERRORS = [
  'UNKNOWN_UNIT',
  'DUPLICATE_UNIT',
  'MAX_LENGTH',
  'REQUIRED',
  'PLACEHOLDER_MISSING',
] as const;
export type TranslationUnitError = (typeof TRANSLATION_UNIT_ERRORS)[number];

/**
 * Problems with the file as a whole (400 VALIDATION at `xliff`): not XLIFF 2.0, not well-formed,
 * or its trgLang is not the language of the URL (srcLang must be the study's primary language).
 */
export const XLIFF_FILE_ERRORS = ['XLIFF_MALFORMED', 'XLIFF_VERSION', 'XLIFF_LANGUAGE_MISMATCH'] as const;
export type XliffFileError = (typeof XLIFF_FILE_ERRORS)[number];

/**
 * XLIFF import answer: `changed` units written. A refused file is a 400 VALIDATION whose
 * `context.units` lists `{ unitId, message, params }` per bad unit and `context.issues` the same
 * as field issues at `units.<unitId>`; nothing is written.
 */
export const XliffImportResultSchema = z.object({
  language: LanguageCodeSchema,
  changed: z.number().int().nonnegative(),
  units: z.number().int().nonnegative(),
  row: TranslationOverviewRowSchema,
});
export type XliffImportResult = z.infer<typeof XliffImportResultSchema>;

/** One refused unit in a failed XLIFF import (`context.units` of the 400). */
export const XliffUnitProblemSchema = z.object({
  unitId: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type XliffUnitProblem = z.infer<typeof XliffUnitProblemSchema>;
