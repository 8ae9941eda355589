/**
 * The API for data (issue 28 item 2): `GET /api/v1/studies/{studyId}/subjects|enrollments` for the
 * study's API key (or a staff session). The guard checks the permission in the study (a key: its own
 * study only); the handler narrows to the sites where the reader holds it and redacts the subject
 * fields the reader may not see (the API user's viewIdentifiable setting).
 */
import {
  type AccessUser,
  answerValueOf,
  DATA_API_KEY_BUDGET,
  type DataApiCursor,
  type DataApiListQuery,
  dataApiEndpoints,
  decodeDataApiCursor,
  encodeDataApiCursor,
  FEED_SUBJECT_FIELDS,
  feedFieldVisibility,
  type Permission,
  REDACTED,
  redactFeedData,
  redactSubject,
  sitesWithPermission,
} from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../platform/errors';
import { defineRoute, inStudy, type RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import type { RateLimit } from '../../platform/http/rate-limit';
import {
  type PageInput,
  readAdverseEventPage,
  readAnswerSetPage,
  readEnrollmentPage,
  readQueryPage,
  readSubjectPage,
} from './repo';

/**
 * Calls per caller (an API key or a user): 600 in a 10-minute window, reserved before the call is
 * answered, so a concurrent burst gets exactly the limit and the rest 429 RATE_LIMITED.
 */
export const DATA_API_LIMIT: RateLimit = {
  name: 'data-api',
  key: (req) => {
    if (req.apiKey) return `data-api:key:${req.apiKey.keyId}`;
    if (req.auth) return `data-api:user:${req.auth.user.id}`;
    return null;
  },
  policy: {
    maxFailures: DATA_API_KEY_BUDGET.calls,
    windowMinutes: DATA_API_KEY_BUDGET.windowMinutes,
    blockMinutes: 1,
  },
  counts: 'attempt',
};

function accessOf(req: FastifyRequest): AccessUser {
  if (!req.access) throw new Error('The guard did not load the access of a study route.');
  return req.access;
}

function pageInput(
  req: FastifyRequest,
  studyId: string,
  query: DataApiListQuery,
  permission: Permission,
): PageInput {
  let after: DataApiCursor | null = null;
  if (query.cursor) {
    after = decodeDataApiCursor(query.cursor);
    if (!after) {
      throw validationError(
        [{ path: ['cursor'], message: 'Not a cursor of this list.' }],
        'Not a cursor of this list.',
      );
    }
  }
  return {
    studyId,
    sites: sitesWithPermission(accessOf(req), permission, studyId),
    updatedSince: query.updatedSince ? new Date(query.updatedSince) : null,
    after,
    limit: query.limit,
  };
}

/** The subject's identifiable fields and trial group as the reader may see them at the site. */
function identifiableFields(
  attributes: Record<string, unknown>,
  trialGroup: unknown,
  canSee: (field: string) => boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FEED_SUBJECT_FIELDS) {
    const value = field === 'trialGroup' ? (trialGroup ?? attributes.trialGroup) : attributes[field];
    if (value === undefined || value === null) continue;
    out[field] = canSee(field) ? value : REDACTED;
  }
  return out;
}

/** A stored answer as the API shows it: question, strings, flags, and the rest of the value redacted. */
function presentAnswer(
  row: {
    questionId: string;
    value: Record<string, unknown>;
    isUnavailable: boolean;
    isSkipped: boolean;
    updatedAt: Date;
  },
  canSee: (field: string) => boolean,
) {
  // Stored values leave out fields at their default (withoutAnswerDefaults): shown with them, as ever.
  const value: Record<string, unknown> = { ...answerValueOf(null), ...row.value };
  const { question: _q, answerStrings, answerUnavailable: _u, answerSkipped: _s, ...rest } = value;
  return {
    question: row.questionId,
    answerStrings: Array.isArray(answerStrings) ? answerStrings.map(String) : [],
    value: (redactFeedData(rest, canSee) ?? {}) as Record<string, unknown>,
    unavailable: row.isUnavailable,
    skipped: row.isSkipped,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function pageOf<R extends { id: string; updatedAt: Date }, T>(
  rows: R[],
  limit: number,
  present: (row: R) => T,
) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(present),
    nextCursor:
      rows.length > limit && last
        ? encodeDataApiCursor({ updatedAt: last.updatedAt.toISOString(), id: last.id })
        : null,
  };
}

export function dataApiRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  const { db } = deps;
  return [
    defineRoute({
      endpoint: dataApiEndpoints.subjects,
      permission: inStudy('PATIENT_LIST'),
      rateLimit: [DATA_API_LIMIT],
      handler: async (req) => {
        const { studyId } = req.params;
        const input = pageInput(req, studyId, req.query, 'PATIENT_LIST');
        const rows = await readSubjectPage(db, input);
        const access = accessOf(req);
        return pageOf(rows, input.limit, (row) => ({
          id: row.id,
          patientId: row.patientId,
          siteId: row.siteId,
          archived: row.archivedAt !== null,
          attributes: redactSubject(row.attributes, access, { studyId, siteId: row.siteId }),
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }));
      },
    }),
    defineRoute({
      endpoint: dataApiEndpoints.enrollments,
      permission: inStudy('PATIENT_LIST'),
      rateLimit: [DATA_API_LIMIT],
      handler: async (req) => {
        const input = pageInput(req, req.params.studyId, req.query, 'PATIENT_LIST');
        const rows = await readEnrollmentPage(db, input);
        return pageOf(rows, input.limit, (row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }));
      },
    }),
    defineRoute({
      endpoint: dataApiEndpoints.answers,
      permission: inStudy('QUESTIONNAIRE_VIEW'),
      rateLimit: [DATA_API_LIMIT],
      handler: async (req) => {
        const { studyId } = req.params;
        const input = {
          ...pageInput(req, studyId, req.query, 'QUESTIONNAIRE_VIEW'),
          formId: req.query.formId ?? null,
          subjectId: req.query.subjectId ?? null,
        };
        const { sets, answers } = await readAnswerSetPage(db, input);
        const access = accessOf(req);
        const views = new Map<string, (field: string) => boolean>();
        const viewAt = (siteId: string) => {
          let view = views.get(siteId);
          if (!view) {
            view = feedFieldVisibility(access, studyId, siteId);
            views.set(siteId, view);
          }
          return view;
        };
        const bySet = new Map<string, typeof answers>();
        for (const answer of answers) {
          const list = bySet.get(answer.questionnaireId) ?? [];
          list.push(answer);
          bySet.set(answer.questionnaireId, list);
        }
        return pageOf(sets, input.limit, (row) => {
          const canSee = viewAt(row.siteId);
          return {
            id: row.id,
            siteId: row.siteId,
            subjectId: row.subjectId,
            patientId: row.patientId,
            subject: identifiableFields(row.attributes, row.trialGroup, canSee),
            enrollmentId: row.enrollmentId,
            tokenId: row.tokenId,
            dataEventId: row.dataEventId,
            formId: row.formId,
            formVersion: { major: row.formMajor, minor: row.formMinor },
            status: row.status,
            answers: (bySet.get(row.id) ?? []).map((answer) => presentAnswer(answer, canSee)),
            createdAt: row.createdAt.toISOString(),
            completedAt: row.completedAt?.toISOString() ?? null,
            updatedAt: row.updatedAt.toISOString(),
          };
        });
      },
    }),
    defineRoute({
      endpoint: dataApiEndpoints.queries,
      permission: inStudy('QUERY_VIEW'),
      rateLimit: [DATA_API_LIMIT],
      handler: async (req) => {
        const input = pageInput(req, req.params.studyId, req.query, 'QUERY_VIEW');
        const rows = await readQueryPage(db, input);
        return pageOf(rows, input.limit, (row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }));
      },
    }),
    defineRoute({
      endpoint: dataApiEndpoints.adverseEvents,
      permission: inStudy('AE_LIST'),
      rateLimit: [DATA_API_LIMIT],
      handler: async (req) => {
        const input = pageInput(req, req.params.studyId, req.query, 'AE_LIST');
        const rows = await readAdverseEventPage(db, input);
        return pageOf(rows, input.limit, (row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }));
      },
    }),
  ] as RouteDefinition<never>[];
}
