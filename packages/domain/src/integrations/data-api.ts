import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/*
 * Issue 28 item 2, the API for data: versioned read calls under `/api/v1/studies/{studyId}/...` for
 * the study's API key (or a staff session with the same permissions). Every list is in
 * (updatedAt, id) order with an opaque cursor, so a client that remembers the last `updatedAt` it
 * saw can ask again with `updatedSince` and get only what changed.
 */

export const DATA_API_MAX_LIMIT = 500;

/**
 * Per-key rate limit: each API key may make this many calls in this window, reads and writes
 * together (the incremental feed has its own budget); beyond it 429 RATE_LIMITED with Retry-After.
 * The API access page shows it.
 */
export const DATA_API_KEY_BUDGET = { calls: 600, windowMinutes: 10 } as const;
export const DATA_API_DEFAULT_LIMIT = 100;

const StudyParamsSchema = z.object({ studyId: z.string().min(1).max(64) });

export const DataApiListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DATA_API_MAX_LIMIT).default(DATA_API_DEFAULT_LIMIT),
  updatedSince: z.iso.datetime({ offset: true }).optional(),
});
export type DataApiListQuery = z.infer<typeof DataApiListQuerySchema>;

/** The answers list also filters by form and by subject. */
export const DataApiAnswerListQuerySchema = DataApiListQuerySchema.extend({
  formId: z.string().min(1).max(64).optional(),
  subjectId: z.string().min(1).max(64).optional(),
});
export type DataApiAnswerListQuery = z.infer<typeof DataApiAnswerListQuerySchema>;

/** The position after the last row of a page: its updatedAt (ISO 8601) and id. */
export type DataApiCursor = { updatedAt: string; id: string };

const CURSOR_PATTERN = /^dc1_(\d{1,15})_([A-Za-z0-9_-]{1,64})$/;

/** `dc1_<updatedAt in epoch milliseconds>_<id>`: opaque to clients, safe in a URL. */
export function encodeDataApiCursor(cursor: DataApiCursor): string {
  return `dc1_${Date.parse(cursor.updatedAt)}_${cursor.id}`;
}

/** The cursor a page handed out, or null when the text is not one. */
export function decodeDataApiCursor(text: string): DataApiCursor | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const ms = Number(match[1]);
  if (!Number.isSafeInteger(ms)) return null;
  return { updatedAt: new Date(ms).toISOString(), id: match[2] ?? '' };
}

export const DataApiSubjectSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  siteId: z.string(),
  archived: z.boolean(),
  /** Restricted fields the key may not see are "REDACTED" (spec 000 §6, the API user's viewIdentifiable). */
  attributes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const DataApiEnrollmentSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  processId: z.string(),
  siteId: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const DataApiQuerySchema = z.object({
  id: z.string(),
  siteId: z.string(),
  enrollmentId: z.string(),
  questionnaireId: z.string(),
  formId: z.string(),
  questionId: z.string(),
  status: z.string(),
  queryText: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const DataApiAdverseEventSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  subjectId: z.string(),
  enrollmentId: z.string().nullable(),
  status: z.string(),
  sae: z.boolean(),
  seriousType: z.string().nullable(),
  outcome: z.string().nullable(),
  fillOutDate: z.string(),
  eventDescription: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One answer of a filled form: the question's id and the answer as the form stored it. */
export const DataApiAnswerSchema = z.object({
  question: z.string(),
  answerStrings: z.array(z.string()),
  /** The rest of the stored answer (possibilities, table cells, files, comment…), restricted subject fields redacted. */
  value: z.record(z.string(), z.unknown()),
  unavailable: z.boolean(),
  skipped: z.boolean(),
  updatedAt: z.string(),
});

/** A filled form (questionnaire answer set) with its answers, form version, subject, enrolment and event. */
export const DataApiAnswerSetSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  subjectId: z.string(),
  patientId: z.string(),
  /**
   * The subject's identifiable fields (and trial group) the caller may see; the others are "REDACTED"
   * (spec 000 §6, the API user's viewIdentifiable), as in the subjects list.
   */
  subject: z.record(z.string(), z.unknown()),
  enrollmentId: z.string(),
  tokenId: z.string(),
  dataEventId: z.string(),
  formId: z.string(),
  formVersion: z.object({ major: z.number().int(), minor: z.number().int() }),
  status: z.string(),
  answers: z.array(DataApiAnswerSchema),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
});

function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const DataApiSubjectPageSchema = pageSchema(DataApiSubjectSchema);
export const DataApiEnrollmentPageSchema = pageSchema(DataApiEnrollmentSchema);
export const DataApiQueryPageSchema = pageSchema(DataApiQuerySchema);
export const DataApiAdverseEventPageSchema = pageSchema(DataApiAdverseEventSchema);
export const DataApiAnswerSetPageSchema = pageSchema(DataApiAnswerSetSchema);
export type DataApiAnswerSetPage = z.infer<typeof DataApiAnswerSetPageSchema>;
export type DataApiQueryPage = z.infer<typeof DataApiQueryPageSchema>;
export type DataApiAdverseEventPage = z.infer<typeof DataApiAdverseEventPageSchema>;
export type DataApiSubjectPage = z.infer<typeof DataApiSubjectPageSchema>;
export type DataApiEnrollmentPage = z.infer<typeof DataApiEnrollmentPageSchema>;

const PAGING_DESCRIPTION = `Pages in (updatedAt, id) order. Pass \`nextCursor\` back as \`cursor\` for the next page; it is null on the last page. \`updatedSince\` (ISO 8601) keeps only rows changed at or after that time. \`limit\` 1–${DATA_API_MAX_LIMIT} (default ${DATA_API_DEFAULT_LIMIT}). Site-limited callers see their sites only. Authenticate with \`Authorization: Bearer <API key>\`. Example client: \`docs/examples/data-api-client.mjs\`.`;

export const DATA_API_EXAMPLE_SUBJECTS: DataApiSubjectPage = {
  items: [
    {
      id: '67a1c0de5f3b2a0012ab3501',
      patientId: 'AAR-0001',
      siteId: '67a1c0de5f3b2a0012ab3400',
      archived: false,
      attributes: { firstName: 'REDACTED', gender: 'FEMALE' },
      createdAt: '2026-03-02T09:14:00.000Z',
      updatedAt: '2026-03-04T11:20:31.000Z',
    },
  ],
  nextCursor: 'dc1_1772623231000_67a1c0de5f3b2a0012ab3501',
};

export const DATA_API_EXAMPLE_ENROLLMENTS: DataApiEnrollmentPage = {
  items: [
    {
      id: '67a1c0de5f3b2a0012ab3601',
      subjectId: '67a1c0de5f3b2a0012ab3501',
      processId: '67a1c0de5f3b2a0012ab3300',
      siteId: '67a1c0de5f3b2a0012ab3400',
      status: 'ACTIVE',
      createdAt: '2026-03-02T09:15:00.000Z',
      updatedAt: '2026-03-02T09:15:00.000Z',
    },
  ],
  nextCursor: null,
};

export const DATA_API_EXAMPLE_QUERIES: DataApiQueryPage = {
  items: [
    {
      id: '67a1c0de5f3b2a0012ab3701',
      siteId: '67a1c0de5f3b2a0012ab3400',
      enrollmentId: '67a1c0de5f3b2a0012ab3601',
      questionnaireId: '67a1c0de5f3b2a0012ab3801',
      formId: '67a1c0de5f3b2a0012ab3901',
      questionId: 'weight',
      status: 'OPEN',
      queryText: 'Weight is above the expected range; please check.',
      createdAt: '2026-03-05T08:00:00.000Z',
      updatedAt: '2026-03-05T08:00:00.000Z',
    },
  ],
  nextCursor: null,
};

export const DATA_API_EXAMPLE_ADVERSE_EVENTS: DataApiAdverseEventPage = {
  items: [
    {
      id: '67a1c0de5f3b2a0012ab3a01',
      siteId: '67a1c0de5f3b2a0012ab3400',
      subjectId: '67a1c0de5f3b2a0012ab3501',
      enrollmentId: '67a1c0de5f3b2a0012ab3601',
      status: 'REPORTED',
      sae: false,
      seriousType: null,
      outcome: null,
      fillOutDate: '2026-03-06',
      eventDescription: 'Headache',
      createdAt: '2026-03-06T10:00:00.000Z',
      updatedAt: '2026-03-06T10:00:00.000Z',
    },
  ],
  nextCursor: null,
};

export const DATA_API_EXAMPLE_ANSWERS: DataApiAnswerSetPage = {
  items: [
    {
      id: '67a1c0de5f3b2a0012ab3801',
      siteId: '67a1c0de5f3b2a0012ab3400',
      subjectId: '67a1c0de5f3b2a0012ab3501',
      patientId: 'AAR-0001',
      subject: { initials: 'REDACTED', gender: 'REDACTED', trialGroup: 'ARM-A' },
      enrollmentId: '67a1c0de5f3b2a0012ab3601',
      tokenId: '67a1c0de5f3b2a0012ab3611',
      dataEventId: 'baseline',
      formId: '67a1c0de5f3b2a0012ab3901',
      formVersion: { major: 1, minor: 2 },
      status: 'STATUS_COMPLETED',
      answers: [
        {
          question: 'weight',
          answerStrings: ['72'],
          value: { possibilities: [], comment: null },
          unavailable: false,
          skipped: false,
          updatedAt: '2026-03-04T10:02:11.000Z',
        },
      ],
      createdAt: '2026-03-04T09:58:40.000Z',
      completedAt: '2026-03-04T10:02:11.000Z',
      updatedAt: '2026-03-04T10:02:11.000Z',
    },
  ],
  nextCursor: null,
};

export const dataApiEndpoints = {
  subjects: defineEndpoint({
    method: 'GET',
    path: '/api/v1/studies/:studyId/subjects',
    summary: "The study's subjects, paged, with an updated-since filter (API for data)",
    description: PAGING_DESCRIPTION,
    tags: ['data-api'],
    params: StudyParamsSchema,
    query: DataApiListQuerySchema,
    response: { 200: DataApiSubjectPageSchema.meta({ examples: [DATA_API_EXAMPLE_SUBJECTS] }) },
  }),
  enrollments: defineEndpoint({
    method: 'GET',
    path: '/api/v1/studies/:studyId/enrollments',
    summary: "The study's enrolments, paged, with an updated-since filter (API for data)",
    description: PAGING_DESCRIPTION,
    tags: ['data-api'],
    params: StudyParamsSchema,
    query: DataApiListQuerySchema,
    response: { 200: DataApiEnrollmentPageSchema.meta({ examples: [DATA_API_EXAMPLE_ENROLLMENTS] }) },
  }),
  answers: defineEndpoint({
    method: 'GET',
    path: '/api/v1/studies/:studyId/answers',
    summary:
      "The study's filled forms with their answers, paged, with updated-since, form and subject filters (API for data)",
    description: `${PAGING_DESCRIPTION} \`formId\` and \`subjectId\` keep only that form's or that subject's answer sets. Each set carries its form version, subject, enrolment, data event and status; the subject's identifiable fields follow the key's viewIdentifiable setting.`,
    tags: ['data-api'],
    params: StudyParamsSchema,
    query: DataApiAnswerListQuerySchema,
    response: { 200: DataApiAnswerSetPageSchema.meta({ examples: [DATA_API_EXAMPLE_ANSWERS] }) },
  }),
  queries: defineEndpoint({
    method: 'GET',
    path: '/api/v1/studies/:studyId/queries',
    summary: "The study's data queries, paged, with an updated-since filter (API for data)",
    description: PAGING_DESCRIPTION,
    tags: ['data-api'],
    params: StudyParamsSchema,
    query: DataApiListQuerySchema,
    response: { 200: DataApiQueryPageSchema.meta({ examples: [DATA_API_EXAMPLE_QUERIES] }) },
  }),
  adverseEvents: defineEndpoint({
    method: 'GET',
    path: '/api/v1/studies/:studyId/adverseEvents',
    summary: "The study's adverse events, paged, with an updated-since filter (API for data)",
    description: PAGING_DESCRIPTION,
    tags: ['data-api'],
    params: StudyParamsSchema,
    query: DataApiListQuerySchema,
    response: { 200: DataApiAdverseEventPageSchema.meta({ examples: [DATA_API_EXAMPLE_ADVERSE_EVENTS] }) },
  }),
};
