/**
 * Issue 28 item 2: the API for data in the OpenAPI description (`/api/openapi.json`). The /api/v1
 * reads carry their answer examples on their schemas (domain data-api.ts); this adds, for every
 * call a data client makes (the reads and the three writes it makes through the screens' own
 * calls: create subject, enrol, submit a form), the API key security scheme, request examples
 * (query parameters or body), answer examples with a key, the refusals a client meets (403 of a
 * read-only key or another study's key, 429 beyond the key's budget, 400 of a BLOCK rule) and a
 * curl sample. The examples were taken from real answers of these calls; data-api-openapi.test.ts
 * checks them against the calls' schemas.
 */
import {
  type CreateSubject,
  DATA_API_DEFAULT_LIMIT,
  DATA_API_EXAMPLE_ADVERSE_EVENTS,
  DATA_API_EXAMPLE_ANSWERS,
  DATA_API_EXAMPLE_ENROLLMENTS,
  DATA_API_EXAMPLE_QUERIES,
  DATA_API_EXAMPLE_SUBJECTS,
  dataApiEndpoints,
  type EnrollmentCreateBody,
  type EnrollmentView,
  type ErrorBody,
  type QuestionnaireSaveResult,
  type SubjectView,
  type SubmitQuestionnaireInput,
} from '@trialbase/domain';
import { DATA_API_LIMIT } from './routes';

const STUDY = '67a1c0de5f3b2a0012ab3000';
const SITE = '67a1c0de5f3b2a0012ab3400';
const SUBJECT = '67a1c0de5f3b2a0012ab3501';
const PROCESS = '67a1c0de5f3b2a0012ab3300';
const ENROLLMENT = '67a1c0de5f3b2a0012ab3601';
const TOKEN = '67a1c0de5f3b2a0012ab3611';
const FORM = '67a1c0de5f3b2a0012ab3901';
const KEY = 'tb_Xa81kQ2m_<secret>';

export const API_KEY_SECURITY_SCHEME = 'apiKey';

const { maxFailures: CALLS, windowMinutes: WINDOW } = DATA_API_LIMIT.policy;

/** What every data API call's description ends with: the key, the grant and the budget. */
export const DATA_API_CALL_NOTE = `Authenticate with \`Authorization: Bearer <API key>\` (the study's key; a key of another study is refused with 403 RESTRICTION). Each key may make ${CALLS} calls in ${WINDOW} minutes, reads and writes together, wherever it calls from; beyond that 429 RATE_LIMITED with a \`Retry-After\` header (seconds).`;

export const DATA_API_WRITE_NOTE =
  'Writing needs the API user setting "Write data" (dataWrite) on the study\'s API access page; a read-only key is refused with 403 RESTRICTION. The call validates exactly as the screens do, and the audit trail records the API key as the one who made the change.';

export const EXAMPLE_CREATE_SUBJECT_BODY: CreateSubject = { patientId: 'AAR-0001' };

export const EXAMPLE_CREATE_SUBJECT_ANSWER: SubjectView[] = [
  {
    id: '67a1c0de5f3b2a0012ab3501',
    studyId: '67a1c0de5f3b2a0012ab3000',
    siteId: '67a1c0de5f3b2a0012ab3400',
    patientId: 'AAR-0001',
    firstName: 'REDACTED',
    lastName: 'REDACTED',
    initials: 'REDACTED',
    email: 'REDACTED',
    address: 'REDACTED',
    mobileNumber: 'REDACTED',
    homeNumber: 'REDACTED',
    workNumber: 'REDACTED',
    dateOfBirth: 'REDACTED',
    birthYear: null,
    ssChecksum: 'REDACTED',
    gender: 'REDACTED',
    nationality: 'REDACTED',
    guardian1: 'REDACTED',
    guardian2: 'REDACTED',
    language: null,
    trialGroup: null,
    investigatorName: null,
    investigatorEmail: null,
    investigatorId: null,
    archived: false,
    missingAttributes: [],
    createdBy: null,
    createdTime: '2026-03-02T09:15:00.000Z',
    updatedTime: '2026-03-02T09:15:00.000Z',
  },
];

export const EXAMPLE_ENROL_BODY: EnrollmentCreateBody = {
  subjectId: SUBJECT,
  siteId: SITE,
  processId: PROCESS,
};

export const EXAMPLE_ENROL_ANSWER: EnrollmentView[] = [
  {
    id: '67a1c0de5f3b2a0012ab3601',
    studyId: '67a1c0de5f3b2a0012ab3000',
    siteId: '67a1c0de5f3b2a0012ab3400',
    subjectId: '67a1c0de5f3b2a0012ab3501',
    processId: '67a1c0de5f3b2a0012ab3300',
    status: 'ONGOING',
    registeredAt: '2026-03-02T09:15:00.000Z',
    timeZone: 'UTC',
    language: 'en',
    formVersions: [
      {
        formId: '67a1c0de5f3b2a0012ab3901',
        major: 1,
        minor: 0,
      },
      {
        formId: '67a1c0de5f3b2a0012ab3902',
        major: 1,
        minor: 0,
      },
    ],
    tokens: [
      {
        id: '67a1c0de5f3b2a0012ab3611',
        studyId: '67a1c0de5f3b2a0012ab3000',
        enrollmentId: '67a1c0de5f3b2a0012ab3601',
        processId: '67a1c0de5f3b2a0012ab3300',
        dataEventId: 'baseline',
        position: 0,
        type: 'HP',
        status: 'UNUSED',
        locked: false,
        missingData: false,
        activationTime: '2026-03-02T09:15:00.000Z',
        expiryTime: null,
        activatedAt: '2026-03-02T09:15:00.000Z',
        completedTime: null,
        startedAt: null,
        token: null,
      },
    ],
  },
];

export const EXAMPLE_SUBMIT_BODY: SubmitQuestionnaireInput = {
  formId: FORM,
  answers: [{ question: 'q1', answerStrings: ['72'] }],
  isFinal: true,
};

export const EXAMPLE_SUBMIT_ANSWER: QuestionnaireSaveResult = {
  answerSet: {
    id: '67a1c0de5f3b2a0012ab3801',
    enrollmentId: '67a1c0de5f3b2a0012ab3601',
    tokenId: '67a1c0de5f3b2a0012ab3611',
    dataEventId: 'baseline',
    formId: '67a1c0de5f3b2a0012ab3901',
    formVersion: {
      major: 1,
      minor: 0,
    },
    status: 'STATUS_COMPLETED',
    isCompleted: true,
    version: 1,
    score: null,
    filledOutByType: 'USER',
    filledOutBy: null,
    answers: [
      {
        id: '67a1c0de5f3b2a0012ab3811',
        question: 'q1',
        answerStrings: ['72'],
        timeZone: 'UTC',
        possibilities: [],
        aeRefs: [],
        medicationRefs: [],
        unscheduledEventRefs: [],
        images: [],
        files: [],
        answerUnavailable: false,
        answerSkipped: false,
        tableCells: [],
        tableCol: [],
        tableRow: [],
        verification: false,
        secondaryVerification: false,
        verifiedTime: null,
        secondaryVerifiedTime: null,
        updatedTime: '2026-03-02T09:15:00.000Z',
      },
    ],
    imageChartMarkers: [],
    imageChartAnswers: [],
    verified: false,
    verifiedTime: null,
    secondaryVerified: false,
    secondaryVerifiedTime: null,
    createdTime: '2026-03-02T09:15:00.000Z',
    updatedTime: '2026-03-02T09:15:00.000Z',
    completedTime: '2026-03-02T09:15:00.000Z',
  },
  token: {
    id: '67a1c0de5f3b2a0012ab3611',
    studyId: '67a1c0de5f3b2a0012ab3000',
    enrollmentId: '67a1c0de5f3b2a0012ab3601',
    processId: '67a1c0de5f3b2a0012ab3300',
    dataEventId: 'baseline',
    position: 0,
    type: 'HP',
    status: 'IN_USE',
    locked: false,
    missingData: false,
    activationTime: '2026-03-02T09:15:00.000Z',
    expiryTime: null,
    activatedAt: '2026-03-02T09:15:00.000Z',
    completedTime: null,
    startedAt: null,
    token: null,
  },
  tokenCompleted: false,
  firedRules: [],
  queriesRaised: 0,
};

const REFUSED_READ_ONLY: ErrorBody = { type: 'RESTRICTION', message: 'API keys cannot do this.' };
const REFUSED_OTHER_STUDY: ErrorBody = {
  type: 'RESTRICTION',
  message: 'This API key belongs to another study.',
};
const RATE_LIMITED: ErrorBody = {
  type: 'RATE_LIMITED',
  message: 'Too many attempts. Please try again later.',
  context: { retryAfter: 42 },
};
const BLOCKED: ErrorBody = {
  type: 'VALIDATION',
  id: 'VALIDATION_RULE_VIOLATION',
  message: 'A validation rule refuses these answers.',
  context: { issues: [{ path: ['answers', 'q1'], message: 'Weight must be below 200' }] },
};

type Example = { summary: string; value: unknown };
type Call = {
  method: 'get' | 'post';
  /** The OpenAPI path (`{name}` parameters). */
  path: string;
  /** Query parameter examples (reads). */
  query?: Record<string, unknown>;
  request?: Example;
  status: 200 | 201;
  answer: Example;
  refusals: Record<number, Record<string, Example>>;
  curl: string;
  write: boolean;
};

function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

const COMMON_REFUSALS = {
  403: { otherStudy: { summary: 'A key of another study', value: REFUSED_OTHER_STUDY } },
  429: { rateLimited: { summary: "Beyond the key's budget (Retry-After: 42)", value: RATE_LIMITED } },
};

const READ_QUERY: Record<string, unknown> = {
  limit: DATA_API_DEFAULT_LIMIT,
  updatedSince: '2026-03-01T00:00:00Z',
  cursor: 'dc1_1772623231000_67a1c0de5f3b2a0012ab3501',
};

function readCall(path: string, page: unknown, extraQuery: Record<string, unknown> = {}): Call {
  const query = { ...READ_QUERY, ...extraQuery };
  const search = Object.entries({ updatedSince: query.updatedSince, ...extraQuery })
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return {
    method: 'get',
    path: openApiPath(path),
    query,
    status: 200,
    answer: { summary: 'A page read with an API key', value: page },
    refusals: COMMON_REFUSALS,
    curl: `curl -H 'Authorization: Bearer ${KEY}' '${'https://trialbase.example'}${openApiPath(path).replace('{studyId}', STUDY)}?${search}'`,
    write: false,
  };
}

function writeCall(path: string, request: unknown, answer: unknown, status: 200 | 201, extra = {}): Call {
  const url = openApiPath(path)
    .replace('{studyId}', STUDY)
    .replace('{siteId}', SITE)
    .replace('{enrollmentId}', ENROLLMENT)
    .replace('{tokenId}', TOKEN);
  return {
    method: 'post',
    path: openApiPath(path),
    request: { summary: 'With a key granted "Write data"', value: request },
    status,
    answer: { summary: 'Done by the API key (audited as the key)', value: answer },
    refusals: {
      ...COMMON_REFUSALS,
      403: {
        readOnly: { summary: 'A read-only key (no "Write data")', value: REFUSED_READ_ONLY },
        ...COMMON_REFUSALS[403],
      },
      ...extra,
    },
    curl: `curl -X POST -H 'Authorization: Bearer ${KEY}' -H 'Content-Type: application/json' -d '${JSON.stringify(request)}' 'https://trialbase.example${url}'`,
    write: true,
  };
}

/** Every call of the API for data: the /api/v1 reads and the writes a key makes. */
export const DATA_API_CALLS: Call[] = [
  readCall(dataApiEndpoints.subjects.path, DATA_API_EXAMPLE_SUBJECTS),
  readCall(dataApiEndpoints.enrollments.path, DATA_API_EXAMPLE_ENROLLMENTS),
  readCall(dataApiEndpoints.answers.path, DATA_API_EXAMPLE_ANSWERS, { formId: FORM, subjectId: SUBJECT }),
  readCall(dataApiEndpoints.queries.path, DATA_API_EXAMPLE_QUERIES),
  readCall(dataApiEndpoints.adverseEvents.path, DATA_API_EXAMPLE_ADVERSE_EVENTS),
  writeCall(
    '/api/studies/:studyId/sites/:siteId/patients',
    EXAMPLE_CREATE_SUBJECT_BODY,
    EXAMPLE_CREATE_SUBJECT_ANSWER,
    201,
  ),
  writeCall('/api/studies/:studyId/enrollments', EXAMPLE_ENROL_BODY, EXAMPLE_ENROL_ANSWER, 201),
  writeCall(
    '/api/studies/:studyId/enrollments/:enrollmentId/tokens/:tokenId/questionnaires',
    EXAMPLE_SUBMIT_BODY,
    EXAMPLE_SUBMIT_ANSWER,
    200,
    {
      400: { blocked: { summary: 'An answer breaks a BLOCK rule: the field path names it', value: BLOCKED } },
    },
  ),
];

type Operation = {
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content?: Record<string, { examples?: Record<string, Example> }> };
  responses?: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema?: unknown; examples?: Record<string, Example> }>;
    }
  >;
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
};

type Document = {
  components?: { securitySchemes?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation | undefined>>;
};

const JSON_TYPE = 'application/json';

/** Adds the API key scheme, the examples and the refusals of every data API call to the document. */
export function documentDataApi<T extends object>(document: T): T {
  const doc = document as Document;
  doc.components ??= {};
  doc.components.securitySchemes = {
    ...doc.components.securitySchemes,
    [API_KEY_SECURITY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description: "The study's API key (API access page), sent as `Authorization: Bearer tb_…`.",
    },
  };
  for (const call of DATA_API_CALLS) {
    const operation = doc.paths?.[call.path]?.[call.method];
    if (!operation) continue;
    operation.security = [{ [API_KEY_SECURITY_SCHEME]: [] }, { session: [] }];
    operation.tags = [...new Set([...(operation.tags ?? []), 'data-api'])];
    const notes = call.write ? `${DATA_API_WRITE_NOTE} ${DATA_API_CALL_NOTE}` : DATA_API_CALL_NOTE;
    operation.description = operation.description ? `${operation.description}\n\n${notes}` : notes;
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'query' && call.query && parameter.name in call.query) {
        parameter.example = call.query[parameter.name];
      }
      if (parameter.in === 'path') {
        parameter.example = { studyId: STUDY, siteId: SITE, enrollmentId: ENROLLMENT, tokenId: TOKEN }[
          parameter.name
        ];
      }
    }
    const body = operation.requestBody?.content?.[JSON_TYPE];
    if (body && call.request) body.examples = { withApiKey: call.request };
    operation.responses ??= {};
    const answer = operation.responses[String(call.status)]?.content?.[JSON_TYPE];
    if (answer) answer.examples = { withApiKey: call.answer };
    for (const [status, examples] of Object.entries(call.refusals)) {
      operation.responses[status] = {
        description: operation.responses[status]?.description ?? 'Refused (spec 000 §8 error body)',
        content: { [JSON_TYPE]: { examples } },
      };
    }
    operation['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source: call.curl }];
  }
  return document;
}
