/**
 * External data API contract (issue 28 item 4; spec 001 §2 externalData page, §4 production only,
 * §7 `GET /study/{studyId}/site/{siteId}/token/unscheduled/getImportedDates`): the choices of the
 * page, the dry run and the import of a CSV file for a TYPE_EXTERNAL event, the imported dates and
 * the deletion of an import.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LocalizedTextSchema } from '../common/languages';
import { QUESTION_TYPES } from '../forms/model';
import { EXTERNAL_DATA_MAX_CHARS } from './answers';

const ColumnSchema = z.string().trim().min(1).max(200);

export const ExternalDataStudyParamsSchema = z.object({ studyId: IdSchema });
export const ExternalDataImportParamsSchema = z.object({ studyId: IdSchema, importId: IdSchema });

export const ExternalDataMappingSchema = z.object({
  subjectIdColumn: ColumnSchema,
  eventDateColumn: ColumnSchema,
  /** question id → header name of its column */
  questions: z.record(z.string().min(1).max(100), ColumnSchema),
});

/** A file for the external event of a process at a site, mapped to one of the event's forms. */
export const ExternalDataRequestSchema = z.object({
  siteId: IdSchema,
  processId: IdSchema,
  formId: IdSchema,
  mapping: ExternalDataMappingSchema,
  csv: z.string().min(1).max(EXTERNAL_DATA_MAX_CHARS),
});
export type ExternalDataRequest = z.infer<typeof ExternalDataRequestSchema>;

export const ExternalDataRowIssueSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  questionId: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** A BLOCK rule's own message (VALIDATION_RULE_VIOLATION), per language, its limit filled in. */
  ruleMessage: LocalizedTextSchema.optional(),
});

/** The dry run: the header, the rows as read and every issue; `ok` when the import would succeed. */
export const ExternalDataPreviewSchema = z.object({
  ok: z.boolean(),
  header: z.array(z.string()),
  rowCount: z.number().int(),
  issues: z.array(ExternalDataRowIssueSchema),
});
export type ExternalDataPreview = z.infer<typeof ExternalDataPreviewSchema>;

export const ExternalDataImportedRowSchema = z.object({
  line: z.number().int(),
  subjectId: IdSchema,
  patientId: z.string(),
  eventDate: z.string(),
  tokenId: IdSchema,
  questionnaireId: IdSchema,
});

export const ExternalDataImportResultSchema = z.object({
  importId: IdSchema,
  rowCount: z.number().int(),
  rows: z.array(ExternalDataImportedRowSchema),
});
export type ExternalDataImportResult = z.infer<typeof ExternalDataImportResultSchema>;

export const ExternalDataQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: LocalizedTextSchema,
  required: z.boolean(),
  isImportable: z.boolean(),
  possibilities: z.array(z.object({ id: z.string(), possibility: LocalizedTextSchema })),
});

/** The page's choices: each process with its external event switched on, and that event's forms. */
export const ExternalDataChoicesSchema = z.object({
  status: z.string(),
  /** Spec 001 §4: importing and deleting imported data only in production. */
  isProduction: z.boolean(),
  events: z.array(
    z.object({
      processId: IdSchema,
      processName: z.string(),
      dataEventId: z.string(),
      forms: z.array(
        z.object({
          formId: IdSchema,
          title: LocalizedTextSchema,
          questions: z.array(ExternalDataQuestionSchema),
        }),
      ),
    }),
  ),
});
export type ExternalDataChoices = z.infer<typeof ExternalDataChoicesSchema>;

/** Deleting an import: the reason, in the query (the password travels in the Extended-Validation header). */
export const DeleteExternalImportSchema = z.object({ reason: z.string().trim().min(1).max(2048) });
export type DeleteExternalImport = z.infer<typeof DeleteExternalImportSchema>;
