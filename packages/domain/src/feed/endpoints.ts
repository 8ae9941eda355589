import { defineEndpoint } from '../common/endpoint';
import { type FeedPage, FeedPageSchema, FeedParamsSchema, FeedQuerySchema } from './model';

/** An answer of the feed as the OpenAPI description shows it (issue 26 item 4). */
export const FEED_EXAMPLE_PAGE: FeedPage = {
  changes: [
    {
      position: 1041,
      kind: 'answer',
      action: 'QUESTIONNAIRE_SUBMITTED',
      at: '2026-11-26T09:14:03.512Z',
      actor: { type: 'USER', id: '67a1c0de5f3b2a0012ab34cd', name: 'Ana Berg <ana@example.org>' },
      entityId: '67a1c2f05f3b2a0012ab3501',
      subjectId: '67a1c0ff5f3b2a0012ab34e0',
      patientId: 'AAR-0007',
      enrollmentId: '67a1c1205f3b2a0012ab34f2',
      siteId: '67a1bff05f3b2a0012ab34a1',
      questionnaireId: '67a1c2f05f3b2a0012ab3501',
      formId: '67a1bf305f3b2a0012ab3490',
      dataEventId: 'visit-1',
      questionId: null,
      reason: null,
      subject: { firstName: 'REDACTED', lastName: 'REDACTED', trialGroup: 'REDACTED' },
      data: {
        status: 'STATUS_COMPLETED',
        version: 1,
        answers: { q1: { answerStrings: ['72'], answerUnavailable: false, answerSkipped: false } },
      },
    },
    {
      position: 1044,
      kind: 'query',
      action: 'QUERY_CREATED',
      at: '2026-11-26T10:02:41.007Z',
      actor: { type: 'USER', id: '67a1c0de5f3b2a0012ab34ce', name: 'Mona Lind <mona@example.org>' },
      entityId: '67a1c9a15f3b2a0012ab3611',
      subjectId: '67a1c0ff5f3b2a0012ab34e0',
      patientId: 'AAR-0007',
      enrollmentId: '67a1c1205f3b2a0012ab34f2',
      siteId: '67a1bff05f3b2a0012ab34a1',
      questionnaireId: '67a1c2f05f3b2a0012ab3501',
      formId: '67a1bf305f3b2a0012ab3490',
      dataEventId: 'visit-1',
      questionId: 'q1',
      reason: null,
      subject: { firstName: 'REDACTED', lastName: 'REDACTED', trialGroup: 'REDACTED' },
      data: {
        status: 'OPEN',
        questionnaireId: '67a1c2f05f3b2a0012ab3501',
        questionId: 'q1',
        queryText: '72 kg?',
      },
    },
  ],
  nextCursor: 'fc1_67a1bc105f3b2a0012ab3400_1044',
  hasMore: false,
};

const DESCRIPTION = `Answer, query and adverse-event changes of the study since a cursor, oldest first, so a
data warehouse keeps in sync without full exports (issue 26 item 4).

- **Order and cursor.** Each change carries its \`position\` in the study's audit chain. Pages hold changes
  in increasing position; pass \`nextCursor\` as \`cursor\` to get what follows (no cursor: from the start).
  The feed serves only changes the audit sequencer has already placed in the chain, whose positions are
  gap-free and final, so a change that commits late is never skipped: it appears after the ones already read.
  A change is usually sequenced within a second of its commit. Keep the cursor and resume with it;
  \`hasMore\` says whether to ask again at once or to wait before polling.
- **Who.** A staff session needs REPORTING_FEED and gets only its sites, each kind with its view
  permission (answers QUESTIONNAIRE_VIEW, queries QUERY_VIEW, AEs AE_VIEW). An API key (\`Authorization:
  Bearer tb_…\`) reads its own study only and only when its API user has the data feed setting.
  Restricted subject fields and trial groups come back as \`REDACTED\` without their per-field permission.
  \`actor.name\` (staff name and email as the audit trail recorded them) is given with AUDIT_VIEW only.
- **Errors** are \`{ type, id?, message, context? }\`: a malformed cursor, one of another study or one
  ahead of the feed is a 400 \`VALIDATION\` with \`context.issues[0].path = ["cursor"]\`.
- Every page that carries changes is audited (FEED_READ). Example client: \`docs/examples/feed-client.mjs\`.`;

/** The feed endpoint (issue 26 item 4). */
export const feedEndpoints = {
  read: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/feed',
    summary: 'Incremental feed: answer, query and AE changes since a cursor, in order',
    description: DESCRIPTION,
    tags: ['feed'],
    params: FeedParamsSchema,
    query: FeedQuerySchema,
    response: { 200: FeedPageSchema.meta({ examples: [FEED_EXAMPLE_PAGE] }) },
  }),
};
