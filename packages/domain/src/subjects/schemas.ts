/**
 * The subjects API contract (spec 001 §7 "Subjects and enrollments", 000 §3, §5): request
 * and response shapes shared by the server routes, the web forms and the web API client.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LanguageCodeSchema, LocalizedTextSchema } from '../common/languages';
import { IsoDateSchema, TimestampSchema } from '../common/timestamps';
import {
  GenderSchema,
  SUBJECT_FIELD_MAX_LENGTHS as MAX,
  SubjectAddressSchema,
  SubjectLightSchema,
  SubjectPhoneSchema,
  SubjectViewSchema,
} from './model';

/** Spec 000 §9 / 001 §9: the page sizes of paged tables. */
export const SUBJECT_PAGE_SIZES = [5, 10, 15, 25, 50, 100] as const;
/** Spec 001 §2 / §9: the subject list search box holds at most 128 characters. */
export const SUBJECT_SEARCH_MAX_LENGTH = 128;
/** A CSV upload of at most 1,024,000 characters (spec 000 §9 upload maximum). */
export const SUBJECT_IMPORT_MAX_CSV_LENGTH = 1_024_000;
/** An opaque subject list cursor (`nextCursor`) is at most this long. */
export const SUBJECT_LIST_CURSOR_MAX_LENGTH = 1024;
/** At most this many subjects in one import file. */
export const SUBJECT_IMPORT_MAX_ROWS = 5000;

const text = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * Spec 000 §3 subject attributes as staff send them. On create an absent field is empty; on
 * update an absent field keeps its stored value, `null` (or `[]`) clears it, and a REDACTED
 * or asterisk value (what a viewer without the field permission received) keeps it too.
 */
export const SubjectAttributesInputSchema = z.object({
  firstName: text(MAX.firstName),
  lastName: text(MAX.lastName),
  initials: text(MAX.initials),
  email: text(MAX.email),
  address: z.array(SubjectAddressSchema).max(1).optional(),
  mobileNumber: z.array(SubjectPhoneSchema).max(3).optional(),
  homeNumber: z.array(SubjectPhoneSchema).max(3).optional(),
  workNumber: z.array(SubjectPhoneSchema).max(3).optional(),
  dateOfBirth: IsoDateSchema.nullable().optional(),
  birthYear: z.number().int().min(1901).max(9999).nullable().optional(),
  ssChecksum: text(MAX.ssChecksum),
  gender: GenderSchema.nullable().optional(),
  nationality: text(MAX.nationality),
  guardian1: text(MAX.guardian),
  guardian2: text(MAX.guardian),
  language: LanguageCodeSchema.nullable().optional(),
  trialGroup: text(MAX.trialGroup),
  investigatorName: text(MAX.investigatorName),
  investigatorEmail: text(MAX.email),
  investigatorId: text(MAX.investigatorId),
});
export type SubjectAttributesInput = z.infer<typeof SubjectAttributesInputSchema>;

/** The attribute names of a subject, as stored in `subject.attributes`. */
export const SUBJECT_ATTRIBUTE_NAMES = Object.keys(
  SubjectAttributesInputSchema.shape,
) as (keyof SubjectAttributesInput)[];
export type SubjectAttributeName = keyof SubjectAttributesInput;

/**
 * The wire form of a possibly redacted input: each field may also carry the marker a viewer
 * without the field permission received, which means "unchanged".
 */
const redactedMarker = z.union([z.literal('REDACTED'), z.string().regex(/^\*+$/)]);
function withRedactedMarkers<T extends z.ZodRawShape>(shape: T) {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape))
    out[key] = z.union([schema as z.ZodType, redactedMarker]);
  return out as { [K in keyof T]: z.ZodUnion<[T[K], typeof redactedMarker]> };
}

/** `POST /studies/{studyId}/sites/{siteId}/patients`: patientId only when the study assigns ids by hand. */
export const CreateSubjectSchema = SubjectAttributesInputSchema.extend({
  patientId: z.string().trim().min(1).max(MAX.patientId).optional(),
});
export type CreateSubject = z.infer<typeof CreateSubjectSchema>;

/** `PUT /studies/{studyId}/patient/{id}`: a partial update; REDACTED values mean "unchanged". */
export const UpdateSubjectSchema = z.object({
  ...withRedactedMarkers(SubjectAttributesInputSchema.shape),
  patientId: z.string().trim().min(1).max(MAX.patientId).optional(),
});
export type UpdateSubject = z.infer<typeof UpdateSubjectSchema>;

/** `POST .../patients/import`: the CSV file's text (the browser reads the file), first line the header. */
export const SubjectImportRequestSchema = z.object({
  csv: z.string().min(1).max(SUBJECT_IMPORT_MAX_CSV_LENGTH),
});
export type SubjectImportRequest = z.infer<typeof SubjectImportRequestSchema>;

export const SubjectImportResultSchema = z.object({
  imported: z.number().int().nonnegative(),
  subjects: z.array(SubjectViewSchema),
});
export type SubjectImportResult = z.infer<typeof SubjectImportResultSchema>;

/** What the caller may do with one subject (DESIGN.md abilities). */
export const SubjectAbilitiesSchema = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  archive: z.boolean(),
  unarchive: z.boolean(),
});
export type SubjectAbilities = z.infer<typeof SubjectAbilitiesSchema>;

/** One subject as a viewer receives it, with what the viewer may do with it. */
export const SubjectDetailSchema = SubjectViewSchema.extend({
  siteName: z.string(),
  abilities: SubjectAbilitiesSchema,
});
export type SubjectDetail = z.infer<typeof SubjectDetailSchema>;

/** Columns the subject list sorts by (spec 001 §2 "sortable columns"). */
export const SUBJECT_SORT_COLUMNS = [
  'patientId',
  'site',
  'firstName',
  'lastName',
  'initials',
  'email',
  'mobileNumber',
  'dateOfBirth',
  'birthYear',
  'gender',
  'nationality',
  'language',
  'trialGroup',
  'archived',
  'createdTime',
  'updatedTime',
] as const;
export const SubjectSortColumnSchema = z.enum(SUBJECT_SORT_COLUMNS);
export type SubjectSortColumn = z.infer<typeof SubjectSortColumnSchema>;

/** Spec 001 §4: subjects can be archived; the list shows active ones unless asked. */
export const SUBJECT_ARCHIVE_FILTERS = ['ACTIVE', 'ARCHIVED', 'ALL'] as const;

const PageSizeSchema = z.union(
  SUBJECT_PAGE_SIZES.map((n) => z.literal(n)) as unknown as [
    z.ZodLiteral<5>,
    z.ZodLiteral<10>,
    z.ZodLiteral<15>,
    z.ZodLiteral<25>,
    z.ZodLiteral<50>,
    z.ZodLiteral<100>,
  ],
);

/**
 * `POST /studies/{studyId}/patient/list`: search, filters, sort and page (pages count from 1).
 * `after` (the `nextCursor` of a previous answer, same search, filters and sort) continues after
 * that page's last row instead of counting pages: rows added meanwhile neither repeat nor shift
 * rows out of the next page.
 */
export const SubjectListQuerySchema = z.object({
  search: z.string().max(SUBJECT_SEARCH_MAX_LENGTH).optional(),
  siteIds: z.array(IdSchema).max(500).optional(),
  archived: z.enum(SUBJECT_ARCHIVE_FILTERS).default('ACTIVE'),
  sortBy: SubjectSortColumnSchema.default('patientId'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
  page: z.number().int().min(1).default(1),
  pageSize: PageSizeSchema.default(25),
  after: z.string().min(1).max(SUBJECT_LIST_CURSOR_MAX_LENGTH).optional(),
});
export type SubjectListQuery = z.input<typeof SubjectListQuerySchema>;

export const SubjectListRowSchema = SubjectViewSchema.extend({ siteName: z.string() });
export type SubjectListRow = z.infer<typeof SubjectListRowSchema>;

export const SubjectListSchema = z.object({
  items: z.array(SubjectListRowSchema),
  /** Every matching subject, or with `totalIsLowerBound` at least this many (a search counts up to a cap). */
  total: z.number().int().nonnegative(),
  totalIsLowerBound: z.boolean(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
  /** Pass as `after` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SubjectList = z.infer<typeof SubjectListSchema>;

export const SubjectLightListSchema = z.array(SubjectLightSchema);

/** `GET .../sites/{siteId}/expectedSubjectId`: the id the next subject gets; null when ids are typed by hand. */
export const ExpectedSubjectIdSchema = z.object({
  automation: z.enum(['siteIdSiteNum', 'siteIdStudyNum', 'studyNum', 'manual']),
  expectedSubjectId: z.string().nullable(),
});
export type ExpectedSubjectId = z.infer<typeof ExpectedSubjectIdSchema>;

/** `GET /study/{studyId}/site/{patientId}/{onlyActive}`: a site the subject belongs to. */
export const SubjectSiteSchema = z.object({
  id: IdSchema,
  name: z.string(),
  siteNumber: z.number().int(),
  /** Home: the site the subject was registered at (the others come from enrollments). */
  isHome: z.boolean(),
  active: z.boolean(),
});
export const SubjectSiteListSchema = z.array(SubjectSiteSchema);
export type SubjectSite = z.infer<typeof SubjectSiteSchema>;

export const SubjectStudyParamsSchema = z.object({ studyId: IdSchema });
export const SubjectSiteParamsSchema = z.object({ studyId: IdSchema, siteId: IdSchema });
export const SubjectParamsSchema = z.object({ studyId: IdSchema, id: IdSchema });
export const SubjectIdParamsSchema = z.object({ id: IdSchema });
export const SubjectSitesParamsSchema = z.object({
  studyId: IdSchema,
  patientId: IdSchema,
  onlyActive: z.enum(['true', 'false']),
});

/**
 * GET /studies/{studyId}/patient/{id}/audit (our path; spec 001 §2 names the "record history" tab):
 * the latest `SUBJECT_HISTORY_LIMIT` audit entries about the subject, its enrollments, their tokens,
 * filled forms, answers and queries, newest first. Restricted subject fields come back REDACTED.
 */
export const SubjectHistoryChangeSchema = z.object({
  field: z.string(),
  /** The field in words where the server knows it (a question's text in the asked language). */
  label: z.string().optional(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
/** `GET .../patient/{id}/audit?language=`: question and form names in this language where the form has it. */
export const SubjectHistoryQuerySchema = z.object({ language: z.string().max(10).optional() });
export const SubjectHistoryEntrySchema = z.object({
  auditId: z.string(),
  occurredAt: TimestampSchema,
  actorType: z.string(),
  /** The actor's display name when the entry was written. */
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  enrollmentId: z.string().nullable(),
  tokenId: z.string().nullable(),
  questionnaireId: z.string().nullable(),
  /** The data event where known; unscheduled events carry their type and an empty name. */
  dataEvent: z.object({ id: z.string(), type: z.string().nullable(), name: LocalizedTextSchema }).nullable(),
  form: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The changes in one line (`field: before → after; …`). */
  summary: z.string(),
  changes: z.array(SubjectHistoryChangeSchema),
});
export type SubjectHistoryEntry = z.infer<typeof SubjectHistoryEntrySchema>;
export const SubjectHistorySchema = z.object({
  entries: z.array(SubjectHistoryEntrySchema),
  /** How many entries the call gives at most (older ones are left out). */
  limit: z.number().int(),
});
export type SubjectHistory = z.infer<typeof SubjectHistorySchema>;
