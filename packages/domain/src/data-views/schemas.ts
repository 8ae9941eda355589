/**
 * API payloads of the data views and reports (issue 25; spec 001 §2 /study/{studyId}/data with the
 * Population, Answer, Status and Monitor tabs and the data filter forms, 001 §3 population
 * statistics, 001 §6 data tabs per permission; 000 §2 reports-verification and reports-site-report).
 * The spec names no calls for these; ours live under /api/studies/{studyId}/data/... and
 * /api/studies/{studyId}/reports/... . Every figure is computed by the server in SQL, scoped to the
 * caller's sites; the contract for the web is written down in notes/data-views-contract.md.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LocalizedTextSchema } from '../common/languages';
import { FORM_STATUSES, QUESTION_TYPES } from '../forms/model';
import { REDACTED } from '../subjects/model';

/** A data event, question or possibility id (ids inside authoring documents, not database ids). */
const RefSchema = z.string().min(1).max(64);

/** Spec 000 §9 page sizes. */
export const DATA_VIEW_PAGE_SIZES = [5, 10, 15, 25, 50, 100] as const;
const PageSizeSchema = z.union(
  DATA_VIEW_PAGE_SIZES.map((n) => z.literal(n)) as unknown as [
    z.ZodLiteral<5>,
    z.ZodLiteral<10>,
    z.ZodLiteral<15>,
    z.ZodLiteral<25>,
    z.ZodLiteral<50>,
    z.ZodLiteral<100>,
  ],
);

/** A page of a table: pages count from 1. */
export const DataPageRequestSchema = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: PageSizeSchema.default(25),
});
export type DataPageRequest = z.input<typeof DataPageRequestSchema>;

const PageInfoSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});

const CountSchema = z.number().int().nonnegative();

export const DataViewParamsSchema = z.object({ studyId: IdSchema });

// ---------------------------------------------------------------- filters (001 §2 data filter forms)

/** The tabs of /study/{studyId}/data (001 §2), each behind its own permission (001 §6). */
export const DATA_TABS = ['POPULATION', 'ANSWER', 'STATUS', 'MONITOR'] as const;
export type DataTab = (typeof DATA_TABS)[number];

/** Population and monitor filters: none, by site, by answer, by independent answer (001 §2). */
export const DATA_FILTER_KINDS = [
  'NONE',
  'SITE',
  'ANSWER',
  'INDEPENDENT_ANSWER',
  'PATHWAY',
  'PATHWAY_DATA_EVENT',
  'SITE_DATA_EVENT',
] as const;
export type DataFilterKind = (typeof DATA_FILTER_KINDS)[number];

const NoFilterSchema = z.object({ kind: z.literal('NONE') });
const SiteFilterSchema = z.object({ kind: z.literal('SITE'), siteId: IdSchema });
/** Subjects who chose `possibilityId` for the question in that form of that data event at that site. */
const AnswerFilterSchema = z.object({
  kind: z.literal('ANSWER'),
  siteId: IdSchema,
  dataEventId: RefSchema,
  formId: IdSchema,
  questionId: RefSchema,
  possibilityId: RefSchema,
});
/** Subjects who chose `possibilityId` for the question of the form, in any data event at any site. */
const IndependentAnswerFilterSchema = z.object({
  kind: z.literal('INDEPENDENT_ANSWER'),
  formId: IdSchema,
  questionId: RefSchema,
  possibilityId: RefSchema,
});
const PathwayFilterSchema = z.object({ kind: z.literal('PATHWAY'), processId: IdSchema });
const PathwayDataEventFilterSchema = z.object({
  kind: z.literal('PATHWAY_DATA_EVENT'),
  processId: IdSchema,
  dataEventId: RefSchema,
});
const SiteDataEventFilterSchema = z.object({
  kind: z.literal('SITE_DATA_EVENT'),
  siteId: IdSchema,
  dataEventId: RefSchema,
});

/** 001 §2 population filter: by site, by answer, by independent answer (all selects required). */
export const PopulationFilterSchema = z.discriminatedUnion('kind', [
  NoFilterSchema,
  SiteFilterSchema,
  AnswerFilterSchema,
  IndependentAnswerFilterSchema,
]);
export type PopulationFilter = z.infer<typeof PopulationFilterSchema>;

/** 001 §2 monitor filter: the population's plus by pathway, pathway and data event, site and data event. */
export const MonitorFilterSchema = z.discriminatedUnion('kind', [
  NoFilterSchema,
  SiteFilterSchema,
  AnswerFilterSchema,
  IndependentAnswerFilterSchema,
  PathwayFilterSchema,
  PathwayDataEventFilterSchema,
  SiteDataEventFilterSchema,
]);
export type MonitorFilter = z.infer<typeof MonitorFilterSchema>;

// ---------------------------------------------------------------- filter options (cascading selects)

export const FilterPossibilitySchema = z.object({ id: RefSchema, text: LocalizedTextSchema });
export const FilterQuestionSchema = z.object({
  id: RefSchema,
  /** 1-based position in the form (DESIGN.md positions). */
  order: z.number().int(),
  text: LocalizedTextSchema,
  type: z.enum(QUESTION_TYPES),
  /** Choice questions only (what the by-answer filters can pick); empty for the others. */
  possibilities: z.array(FilterPossibilitySchema),
});
export const FilterFormSchema = z.object({
  id: IdSchema,
  name: z.string(),
  questions: z.array(FilterQuestionSchema),
});
export const FilterDataEventSchema = z.object({
  id: RefSchema,
  name: LocalizedTextSchema,
  type: z.string(),
  /** Mandatory then optional forms of the event, in order (ids into `forms`). */
  formIds: z.array(IdSchema),
});
export const FilterProcessSchema = z.object({
  id: IdSchema,
  name: z.string(),
  dataEvents: z.array(FilterDataEventSchema),
});

/**
 * GET /studies/{studyId}/data/{tab}/options: what the cascading selects of a tab offer (site →
 * data event → form → question → possibility). `sites` holds only the caller's sites for the tab's
 * permission; `hasSites` / `hasProcesses` drive the "no sites or pathways exist" notice.
 */
export const DataFilterOptionsSchema = z.object({
  hasSites: z.boolean(),
  hasProcesses: z.boolean(),
  sites: z.array(z.object({ id: IdSchema, name: z.string(), siteNumber: z.number().int() })),
  processes: z.array(FilterProcessSchema),
  forms: z.array(FilterFormSchema),
});
export type DataFilterOptions = z.infer<typeof DataFilterOptionsSchema>;
export type FilterForm = z.infer<typeof FilterFormSchema>;
export type FilterQuestion = z.infer<typeof FilterQuestionSchema>;

// ---------------------------------------------------------------- population (001 §2, §3)

export const PopulationRequestSchema = z.object({
  filter: PopulationFilterSchema.default({ kind: 'NONE' }),
  /** The page of the patients list. */
  page: DataPageRequestSchema.default({ page: 1, pageSize: 25 }),
});
export type PopulationRequest = z.input<typeof PopulationRequestSchema>;

/** Spec 001 §3 population statistics: ages in whole years on the study's today; null when no age is known. */
export const PopulationFiguresSchema = z.object({
  total: CountSchema,
  male: CountSchema,
  female: CountSchema,
  unknown: CountSchema,
  /** Subjects whose age is known (date of birth, or birth year). */
  withAge: CountSchema,
  /** Rounded to one decimal. */
  meanAge: z.number().nullable(),
  minimumAge: z.number().int().nullable(),
  maximumAge: z.number().int().nullable(),
});
export type PopulationFigures = z.infer<typeof PopulationFiguresSchema>;

/** One bar of the age distribution: ages `from` to `to` inclusive (`to` null: and older). */
export const AgeBucketSchema = z.object({
  from: z.number().int(),
  to: z.number().int().nullable(),
  count: CountSchema,
});
export type AgeBucket = z.infer<typeof AgeBucketSchema>;

export const GENDER_LABELS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;

/** One subject of the patients list; restricted fields are REDACTED without their per-field permission. */
export const PopulationPatientSchema = z.object({
  subjectId: IdSchema,
  patientId: z.string(),
  siteId: IdSchema,
  siteName: z.string(),
  gender: z.union([z.enum(GENDER_LABELS), z.literal(REDACTED)]),
  /** Whole years; REDACTED without PATIENT_VIEW_DATE_OF_BIRTH at the subject's site. */
  age: z.union([z.number().int(), z.null(), z.literal(REDACTED)]),
});
export type PopulationPatient = z.infer<typeof PopulationPatientSchema>;

export const PopulationSchema = z.object({
  hasSites: z.boolean(),
  hasProcesses: z.boolean(),
  /** The study's today (its time zone) the ages are counted on, YYYY-MM-DD. */
  referenceDate: z.string(),
  statistics: PopulationFiguresSchema,
  /** Every bucket of 10 years from 0 to 90+, empty ones included (the bar chart's x axis). */
  ageDistribution: z.array(AgeBucketSchema),
  patients: PageInfoSchema.extend({ items: z.array(PopulationPatientSchema) }),
});
export type Population = z.infer<typeof PopulationSchema>;

// ---------------------------------------------------------------- answer tab (001 §2)

export const AnswerTabRequestSchema = z.object({
  formId: IdSchema,
  /** 001 §2: the answer tab filters by site only; absent = every site of the caller. */
  siteId: IdSchema.optional(),
  /**
   * The questions whose counts and distributions to compute (at most 20, e.g. the cards on screen);
   * absent = every question of the form. Others come back with zero counts and kind NONE.
   */
  questionIds: z.array(RefSchema).min(1).max(20).optional(),
  page: DataPageRequestSchema.default({ page: 1, pageSize: 25 }),
});
export type AnswerTabRequest = z.input<typeof AnswerTabRequestSchema>;

export const HistogramBinSchema = z.object({
  /** Inclusive lower edge. */
  from: z.number(),
  /** Upper edge, exclusive except for the last bin. */
  to: z.number(),
  count: CountSchema,
});
export type HistogramBin = z.infer<typeof HistogramBinSchema>;

/** A question's distribution over the filled forms (kind by question type). */
export const AnswerDistributionSchema = z.discriminatedUnion('kind', [
  /** YES_NO, MULTIPLE_CHOICE, MULTIPLE_RESPONSE, SMILEY: forms per possibility, every possibility listed. */
  z.object({
    kind: z.literal('CHOICE'),
    choices: z.array(z.object({ possibilityId: RefSchema, text: LocalizedTextSchema, count: CountSchema })),
  }),
  /** CHECKBOX: ticked and not ticked. */
  z.object({ kind: z.literal('CHECKBOX'), checked: CountSchema, unchecked: CountSchema }),
  /** NUMBER, SLIDER, CALCULATED: min, median, max and a histogram of up to 10 equal bins. */
  z.object({
    kind: z.literal('NUMBER'),
    min: z.number().nullable(),
    median: z.number().nullable(),
    max: z.number().nullable(),
    bins: z.array(HistogramBinSchema),
  }),
  /** DATE (YYYY-MM-DD) and DATE_TIME (as stored): the earliest, the median and the latest. */
  z.object({
    kind: z.literal('DATE'),
    min: z.string().nullable(),
    median: z.string().nullable(),
    max: z.string().nullable(),
  }),
  /** Every other type: only the counts. */
  z.object({ kind: z.literal('NONE') }),
]);
export type AnswerDistribution = z.infer<typeof AnswerDistributionSchema>;

export const QuestionSummarySchema = z.object({
  questionId: RefSchema,
  order: z.number().int(),
  text: LocalizedTextSchema,
  type: z.enum(QUESTION_TYPES),
  /** Filled forms holding a value for the question. */
  answered: CountSchema,
  unavailable: CountSchema,
  skipped: CountSchema,
  distribution: AnswerDistributionSchema,
});
export type QuestionSummary = z.infer<typeof QuestionSummarySchema>;

/** One cell of the answer table: answerStrings, or possibility ids for choice questions. */
export const AnswerCellSchema = z.object({
  values: z.array(z.string()),
  marker: z.enum(['UNAVAILABLE', 'SKIPPED']).nullable(),
});
export const AnswerRowSchema = z.object({
  questionnaireId: IdSchema,
  enrollmentId: IdSchema,
  tokenId: IdSchema,
  dataEventId: z.string(),
  subjectId: IdSchema,
  patientId: z.string(),
  siteId: IdSchema,
  status: z.enum(FORM_STATUSES),
  updatedTime: z.string(),
  /** By question id; questions without an answer row are absent. */
  answers: z.record(z.string(), AnswerCellSchema),
});
export type AnswerRow = z.infer<typeof AnswerRowSchema>;

/** POST /studies/{studyId}/data/answers: per question of the form, its distribution, and a page of answers. */
export const AnswerTabSchema = z.object({
  form: z.object({ id: IdSchema, name: z.string() }),
  /** Filled forms of the form in scope. */
  forms: CountSchema,
  questions: z.array(QuestionSummarySchema),
  rows: PageInfoSchema.extend({ items: z.array(AnswerRowSchema) }),
});
export type AnswerTab = z.infer<typeof AnswerTabSchema>;

// ---------------------------------------------------------------- status tab (001 §2)

export const StatusViewRequestSchema = z.object({
  /** 001 §2: the status filter requires a site. */
  siteId: IdSchema,
  page: DataPageRequestSchema.default({ page: 1, pageSize: 25 }),
});
export type StatusViewRequest = z.input<typeof StatusViewRequestSchema>;

const StatusCountsSchema = z.object({
  STATUS_NOT_STARTED: CountSchema,
  STATUS_INCOMPLETE: CountSchema,
  STATUS_COMPLETED: CountSchema,
  STATUS_MISSING_DATA: CountSchema,
  STATUS_QUERY: CountSchema,
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const StatusColumnSchema = z.object({
  processId: IdSchema,
  processName: z.string(),
  dataEventId: RefSchema,
  dataEventName: LocalizedTextSchema,
  /** Forms of the event (mandatory, then optional) and their names. */
  forms: z.array(z.object({ id: IdSchema, name: z.string() })),
  /** Every form of this event over the site's enrolments (all pages). */
  totals: StatusCountsSchema,
});
export const StatusCellSchema = z.object({
  dataEventId: RefSchema,
  tokenId: IdSchema,
  forms: z.array(
    z.object({
      formId: IdSchema,
      questionnaireId: IdSchema.nullable(),
      /** formStatusWithQueries(formStatusForToken(stored, token missingData), active queries). */
      status: z.enum(FORM_STATUSES),
    }),
  ),
});
export const StatusRowSchema = z.object({
  subjectId: IdSchema,
  patientId: z.string(),
  enrollmentId: IdSchema,
  processId: IdSchema,
  cells: z.array(StatusCellSchema),
});
export type StatusRow = z.infer<typeof StatusRowSchema>;

/** POST /studies/{studyId}/data/status: subjects × data events at one site, paged by enrolment. */
export const StatusViewSchema = z.object({
  columns: z.array(StatusColumnSchema),
  totals: StatusCountsSchema,
  rows: PageInfoSchema.extend({ items: z.array(StatusRowSchema) }),
});
export type StatusView = z.infer<typeof StatusViewSchema>;

// ---------------------------------------------------------------- monitor tab (001 §2)

export const MonitorRequestSchema = z.object({
  filter: MonitorFilterSchema.default({ kind: 'NONE' }),
  /** The page of the per-subject table. */
  page: DataPageRequestSchema.default({ page: 1, pageSize: 25 }),
});
export type MonitorRequest = z.input<typeof MonitorRequestSchema>;

/** The monitor's figures for a scope (the study, a site, a subject). */
export const MonitorFiguresSchema = z.object({
  /** Filled forms (any status but not started). */
  forms: CountSchema,
  /** Answers holding a value, an unavailable or a skipped mark: what verification covers. */
  answers: CountSchema,
  verifiedPrimary: CountSchema,
  verifiedSecondary: CountSchema,
  /** Queries OPEN or RESPONDED. */
  openQueries: CountSchema,
  /** Data events (tokens) marked missingData or holding a filled form in STATUS_MISSING_DATA. */
  missingData: CountSchema,
  /** Open events (UNUSED / IN_USE) that became due before the study's today (model.ts isOverdueEvent). */
  overdueEvents: CountSchema,
  /** Tokens EXPIRED. */
  expiredEvents: CountSchema,
});
export type MonitorFigures = z.infer<typeof MonitorFiguresSchema>;

/** What a monitor row links to: the form of one data event of one enrolment. */
export const MonitorLinkSchema = z.object({
  kind: z.enum(['QUERY', 'MISSING_DATA', 'OVERDUE', 'EXPIRED']),
  enrollmentId: IdSchema,
  dataEventId: z.string(),
  tokenId: IdSchema,
  formId: IdSchema.nullable(),
  questionnaireId: IdSchema.nullable(),
});
export type MonitorLink = z.infer<typeof MonitorLinkSchema>;

export const MonitorSiteRowSchema = MonitorFiguresSchema.extend({
  siteId: IdSchema,
  siteName: z.string(),
  subjects: CountSchema,
});
export const MonitorSubjectRowSchema = MonitorFiguresSchema.extend({
  subjectId: IdSchema,
  patientId: z.string(),
  siteId: IdSchema,
  /** Up to 10 forms needing attention, oldest first. */
  links: z.array(MonitorLinkSchema),
});
export type MonitorSubjectRow = z.infer<typeof MonitorSubjectRowSchema>;

/** POST /studies/{studyId}/data/monitor: totals, per site (all the caller's sites) and a page of subjects. */
export const MonitorViewSchema = z.object({
  hasSites: z.boolean(),
  hasProcesses: z.boolean(),
  totals: MonitorFiguresSchema,
  sites: z.array(MonitorSiteRowSchema),
  subjects: PageInfoSchema.extend({ items: z.array(MonitorSubjectRowSchema) }),
});
export type MonitorView = z.infer<typeof MonitorViewSchema>;

// ---------------------------------------------------------------- reports (000 §2)

export const ReportQuerySchema = z.object({
  /** Absent = every site of the caller. */
  siteId: IdSchema.optional(),
});
export type ReportQuery = z.input<typeof ReportQuerySchema>;

export const VerificationReportRowSchema = z.object({
  siteId: IdSchema,
  siteName: z.string(),
  formId: IdSchema,
  formName: z.string(),
  forms: CountSchema,
  answers: CountSchema,
  verifiedPrimary: CountSchema,
  verifiedSecondary: CountSchema,
  /** verified / answers, 0 to 1 (4 decimals); null when there are no answers. */
  primaryShare: z.number().nullable(),
  secondaryShare: z.number().nullable(),
});
export type VerificationReportRow = z.infer<typeof VerificationReportRowSchema>;

/** GET /studies/{studyId}/reports/verification: per site and form, the share of answers verified. */
export const VerificationReportSchema = z.object({
  /** The study's verification types (which columns the screen shows). */
  verificationTypes: z.array(z.string()),
  rows: z.array(VerificationReportRowSchema),
  totals: VerificationReportRowSchema.omit({ siteId: true, siteName: true, formId: true, formName: true }),
});
export type VerificationReport = z.infer<typeof VerificationReportSchema>;

export const SiteReportRowSchema = z.object({
  siteId: IdSchema,
  siteName: z.string(),
  siteNumber: z.number().int(),
  /** The site's enrolment target (site.enrolment_target), null when none is set. */
  target: z.number().int().nullable(),
  /** Subjects registered at the site (archived ones included: they were enrolled). */
  subjects: CountSchema,
  enrollments: CountSchema,
  /** subjects / target (0 to ..., 4 decimals); null without a target. */
  targetShare: z.number().nullable(),
  /** Events (tokens) due so far: activation time passed, not excluded or disabled. */
  eventsDue: CountSchema,
  /** Completed before their expiry (or without one). */
  eventsOnTime: CountSchema,
  eventsLate: CountSchema,
});
export type SiteReportRow = z.infer<typeof SiteReportRowSchema>;

/** Subjects registered per calendar month (the study's time zone), per site and cumulated. */
export const RecruitmentMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  siteId: IdSchema,
  count: CountSchema,
});

/** The study total of the site report, over the sites the caller sees. */
export const SiteReportTotalsSchema = z.object({
  /** The sum of the targets set; null when no site has one. */
  target: z.number().int().nullable(),
  subjects: CountSchema,
  /** Subjects of the sites that have a target: what the target is measured against. */
  subjectsTowardTarget: CountSchema,
  enrollments: CountSchema,
  /** subjectsTowardTarget / target; null without a target. */
  targetShare: z.number().nullable(),
  /** Sites shown without a target: their subjects count in `subjects` only. */
  sitesWithoutTarget: CountSchema,
  eventsDue: CountSchema,
  eventsOnTime: CountSchema,
  eventsLate: CountSchema,
});
export type SiteReportTotals = z.infer<typeof SiteReportTotalsSchema>;

/** GET /studies/{studyId}/reports/site: enrolment per site against its target, recruitment, events on time. */
export const SiteReportSchema = z.object({
  sites: z.array(SiteReportRowSchema),
  totals: SiteReportTotalsSchema,
  /** Months without a registration at a site are absent; the screen fills the gaps. */
  recruitment: z.array(RecruitmentMonthSchema),
});
export type SiteReport = z.infer<typeof SiteReportSchema>;
