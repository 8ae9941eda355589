/**
 * Request and response schemas of the form imports and FHIR exports (issue 27 items 1–3, 5):
 * used by the server routes, the web import dialog and its API client.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../common/languages';
import { IMPORT_SOURCES, ImportReportLineSchema, type ImportSource } from './report';

/** Issue 27 item 5: the largest import file, in characters of text (the largest sample is 160 KB). */
export const IMPORT_MAX_CHARS = 2_000_000;

/** The file extensions each source accepts. */
export const IMPORT_FILE_EXTENSIONS: Record<ImportSource, readonly string[]> = {
  REDCAP: ['.csv'],
  FHIR: ['.json'],
  ODM: ['.xml'],
};

export const ImportParamsSchema = z.object({ studyId: z.string().min(1) });

/**
 * The uploaded file as text, its name (for the type check) and whether to only preview: a dry
 * run converts and reports without writing anything.
 */
export const ImportRequestSchema = z.object({
  fileName: z.string().min(1).max(255),
  content: z.string(),
  dryRun: z.boolean().default(false),
});
export type ImportRequest = z.infer<typeof ImportRequestSchema>;
export type ImportRequestInput = z.input<typeof ImportRequestSchema>;

/** One form the import makes (or made), with its counts. */
export const ImportFormSummarySchema = z.object({
  id: z.string(),
  title: LocalizedTextSchema,
  questionCount: z.number().int(),
  showRuleCount: z.number().int(),
  calculatedCount: z.number().int(),
});
export type ImportFormSummary = z.infer<typeof ImportFormSummarySchema>;

export const ImportResultSchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  dryRun: z.boolean(),
  forms: z.array(ImportFormSummarySchema),
  report: z.array(ImportReportLineSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const FhirFormParamsSchema = z.object({ studyId: z.string().min(1), formId: z.string().min(1) });

export const FhirResponseParamsSchema = z.object({
  studyId: z.string().min(1),
  questionnaireId: z.string().min(1),
});

/** Which language the FHIR texts are in (default: the study's primary language). */
export const FhirExportQuerySchema = z.object({ language: z.string().min(2).max(10).optional() });
