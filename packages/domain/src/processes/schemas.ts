/**
 * API shapes of processes (spec 001 §7 Processes): the body staff save, the detail with its locks,
 * list rows, one data event, and the public sign-up info. Server and web both use these.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema, LocalizedTextSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { DataEventSchema, PROCESS_TYPES, ProcessSchema } from './model';

/** Flags the server derives from the study's data; a client may send them back but they are ignored. */
export const PROCESS_DERIVED_FIELDS = [
  'fullyEditable',
  'hasUnexpected',
  'hasDiscontinued',
  'hasExternalEvent',
  'hasRandomizationOnProcess',
  'didUploadCustomRandomizationList',
] as const;

/** A data event as sent by the editor: a new event has no id yet (the server gives it one). */
export const DataEventWriteSchema = DataEventSchema.extend({ id: z.string().optional() });
export type DataEventWrite = z.input<typeof DataEventWriteSchema>;

/** POST/PUT /studies/{studyId}/pathway body: every field of 001 §3 Pathway, validated by `validateProcess`. */
export const ProcessWriteSchema = ProcessSchema.omit({ id: true })
  .extend({ dataEvents: z.array(DataEventWriteSchema).default([]) })
  .partial({ ...Object.fromEntries(PROCESS_DERIVED_FIELDS.map((f) => [f, true])) } as Record<
    (typeof PROCESS_DERIVED_FIELDS)[number],
    true
  >)
  .extend({
    /**
     * Issue 13 item 8: the revision the editor started from (ProcessDetail.revision); a stale one
     * gets 409 CONFLICT. Optional so API clients that do not track revisions keep working.
     */
    revision: z.number().int().nonnegative().optional(),
  });
export type ProcessWrite = z.input<typeof ProcessWriteSchema>;

/** Why adding a data event is disabled (spec 001 §4 "Adding an event is disabled when..."). */
export const ADD_EVENT_BLOCKS = [
  'READ_ONLY',
  'INVALID',
  'PRODUCTION',
  'PLAN_LIMIT',
  'NO_CONTACT',
  'AMENDMENT',
] as const;
export type AddEventBlock = (typeof ADD_EVENT_BLOCKS)[number];

/**
 * Spec 001 §4 process locks as the editor needs them: which top-level fields and which data event
 * fields are locked, whether events may be added, removed or reordered, and trial group changes.
 */
export const ProcessLocksSchema = z.object({
  /** Nothing can change (locked, completed, anonymized or delete-requested study). */
  isReadOnly: z.boolean(),
  /** Structure is locked: production and test, or an amendment when the process is not fully editable. */
  isStructureLocked: z.boolean(),
  /** Top-level process fields that are locked (names of ProcessSchema keys). */
  lockedFields: z.array(z.string()),
  /** Data event fields locked on existing events (names of DataEventSchema keys). */
  lockedEventFields: z.array(z.string()),
  canAddEvent: z.boolean(),
  addEventBlockedBy: z.enum(ADD_EVENT_BLOCKS).nullable(),
  canRemoveEvents: z.boolean(),
  canReorderEvents: z.boolean(),
  canChangeTrialGroups: z.boolean(),
  /** Plan's event limit across the study's processes (the tooltip's "accumulated limit"), null = unlimited. */
  eventLimit: z
    .object({ max: z.number().int(), used: z.number().int(), planName: z.string().nullable() })
    .nullable(),
});
export type ProcessLocks = z.infer<typeof ProcessLocksSchema>;

/** GET /studies/{studyId}/pathway/{id}: the process with derived flags, locks and usage. */
export const ProcessDetailSchema = ProcessSchema.extend({
  id: IdSchema,
  studyId: IdSchema,
  type: z.enum(PROCESS_TYPES),
  locks: ProcessLocksSchema,
  enrollmentCount: z.number().int().nonnegative(),
  /** Issue 13 item 8: the edit revision; a save names it and gets 409 when someone saved since. */
  revision: z.number().int().nonnegative(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type ProcessDetail = z.infer<typeof ProcessDetailSchema>;

/** A row of the process list (spec 001 §2 /study/{studyId}/pathway). */
export const ProcessSummarySchema = z.object({
  id: IdSchema,
  pathwayName: z.string(),
  type: z.enum(PROCESS_TYPES),
  recruitment: z.boolean(),
  public: z.boolean(),
  dataEventCount: z.number().int().nonnegative(),
  enrollmentCount: z.number().int().nonnegative(),
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type ProcessSummary = z.infer<typeof ProcessSummarySchema>;

/** GET /study/{studyId}/dataEvent/{dataEventId}: one data event with its process. */
export const DataEventDetailSchema = z.object({
  processId: IdSchema,
  pathwayName: z.string(),
  index: z.number().int().nonnegative(),
  dataEvent: DataEventSchema,
});
export type DataEventDetail = z.infer<typeof DataEventDetailSchema>;

/** GET /public/study/{studyId}/pathway/{pathwayId}/getInfo: what a public page may know before sign-up. */
export const PublicProcessInfoSchema = z.object({
  studyId: IdSchema,
  pathwayId: IdSchema,
  pathwayName: z.string(),
  primaryLanguage: LanguageCodeSchema,
  supportedLanguages: z.array(LanguageCodeSchema),
  public: z.boolean(),
  publicReenroll: z.boolean(),
  publicIntroTextEnabled: z.boolean(),
  publicIntroText: LocalizedTextSchema.nullable(),
  consentRequired: z.boolean(),
  consentText: LocalizedTextSchema.nullable(),
  disableInvestigatorAttributesFields: z.boolean(),
});
export type PublicProcessInfo = z.infer<typeof PublicProcessInfoSchema>;

/** Path parameters of the process calls (spec 001 §7 Processes, 002 §7 pathway getInfo). */
export const ProcessStudyParamsSchema = z.object({ studyId: z.string().min(1) });
export const ProcessParamsSchema = z.object({ studyId: z.string().min(1), id: z.string().min(1) });
export const DataEventParamsSchema = z.object({ studyId: z.string().min(1), dataEventId: z.string().min(1) });
export const PublicProcessParamsSchema = z.object({
  studyId: z.string().min(1),
  pathwayId: z.string().min(1),
});

/** GET /studies/{studyId}/pathway. */
export const ProcessSummaryListSchema = z.array(ProcessSummarySchema);
