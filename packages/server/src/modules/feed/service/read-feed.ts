import {
  type AccessUser,
  type AuditActor,
  decodeFeedCursor,
  encodeFeedCursor,
  FEED_SUBJECT_FIELDS,
  type FeedChange,
  type FeedKind,
  type FeedPage,
  type FeedQuery,
  type FeedScope,
  feedFieldVisibility,
  feedKindOfAction,
  hasPermission,
  isFeedRefusal,
  parseFeedKinds,
  planFeedScope,
  REDACTED,
  redactFeedData,
} from '@trialbase/domain';
import type { Db } from '../../../platform/db/client';
import { forbidden, validationError } from '../../../platform/errors';
import { runUseCase } from '../../../platform/use-case';
import { type FeedRow, readChainHead, readFeedRows } from '../repo';

function badCursor(message: string) {
  return validationError([{ path: ['cursor'], message }], message);
}

/** The restricted subject fields and trial group of a change's subject, as the reader may see them. */
function subjectOf(row: FeedRow, canSee: (field: string) => boolean): Record<string, unknown> | null {
  if (!row.subjectId || !row.attributes) return null;
  const groupOfEnrollment = (row.enrollmentDetails as Record<string, unknown> | null)?.trialGroup;
  const out: Record<string, unknown> = {};
  for (const field of FEED_SUBJECT_FIELDS) {
    const value =
      field === 'trialGroup' ? (groupOfEnrollment ?? row.attributes.trialGroup) : row.attributes[field];
    if (value === undefined) continue;
    out[field] = canSee(field) ? value : REDACTED;
  }
  return out;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** What a reader may see of the changes at one site. */
type SiteView = { canSee: (field: string) => boolean; actorNames: boolean };

function presentChange(row: FeedRow, kind: FeedKind, view: SiteView): FeedChange {
  const { canSee } = view;
  return {
    position: row.position ?? 0,
    kind,
    action: row.action,
    at: row.occurredAt.toISOString(),
    // Who did it by name (staff names and emails) is the audit trail's: only with AUDIT_VIEW.
    actor: { type: row.actorType, id: row.actorId, name: view.actorNames ? row.actorName : null },
    entityId: row.entityId,
    subjectId: row.subjectId,
    patientId: row.patientId,
    enrollmentId: row.enrollmentId,
    siteId: row.siteId,
    questionnaireId: row.questionnaireId,
    formId: row.formId,
    dataEventId: row.dataEventId,
    questionId: row.questionId,
    reason: row.reason,
    subject: subjectOf(row, canSee),
    data: asRecord(redactFeedData(row.after, canSee)),
  };
}

/** The sites a scope names, for the audit record ('ALL' or the ids). */
function scopeSites(scope: FeedScope): Record<string, 'ALL' | string[]> {
  return Object.fromEntries(Object.entries(scope));
}

/**
 * Issue 26 item 4: one page of the study's feed after the cursor, for a reader with its access
 * (session user or API key). Reads the chain head first, then the changes up to it: every position
 * up to the head is committed, so a page never skips one, and `nextCursor` moves to the head when
 * the page ends before the limit. A page with changes is audited (FEED_READ) after it is read.
 */
export async function readFeed(
  db: Db,
  input: { studyId: string; access: AccessUser; actor: AuditActor; query: FeedQuery; now: Date },
): Promise<FeedPage> {
  const { studyId, query } = input;
  const kinds = parseFeedKinds(query.kinds);
  if (!kinds) {
    throw validationError([{ path: ['kinds'], message: 'Kinds are answer, query and ae, comma-separated.' }]);
  }
  const scope = planFeedScope(input.access, studyId, kinds, query.kinds !== undefined && query.kinds !== '');
  if (isFeedRefusal(scope)) {
    throw forbidden(
      scope.refused === 'KIND_NOT_ALLOWED'
        ? `You may not read ${scope.detail} changes of this study.`
        : 'You may not read the feed of this study.',
    );
  }
  let after = 0;
  if (query.cursor !== undefined && query.cursor !== '') {
    const decoded = decodeFeedCursor(studyId, query.cursor);
    if (decoded === null) throw badCursor('The cursor is not a cursor of this study’s feed.');
    after = decoded;
  }
  const head = await readChainHead(db, studyId);
  if (after > head) throw badCursor('The cursor is ahead of the feed.');
  const rows = await readFeedRows(db, studyId, { after, upTo: head, limit: query.limit + 1, scope });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const views = new Map<string, SiteView>();
  const changes: FeedChange[] = [];
  for (const row of page) {
    const kind = feedKindOfAction(row.action);
    if (!kind) continue;
    const siteKey = row.siteId ?? '';
    let view = views.get(siteKey);
    if (!view) {
      const scope = row.siteId ? { studyId, siteId: row.siteId } : { studyId };
      view = {
        canSee: feedFieldVisibility(input.access, studyId, row.siteId),
        actorNames: hasPermission(input.access, 'AUDIT_VIEW', scope),
      };
      views.set(siteKey, view);
    }
    changes.push(presentChange(row, kind, view));
  }
  const last = page.at(-1)?.position ?? after;
  const nextPosition = hasMore ? last : head;
  if (changes.length > 0) {
    await runUseCase(
      db,
      input.actor,
      (ctx) =>
        ctx.audit({
          action: 'FEED_READ',
          entityType: 'FEED',
          entityId: null,
          studyId,
          before: { position: after },
          after: { position: nextPosition, changes: changes.length, sites: scopeSites(scope) },
        }),
      input.now,
    );
  }
  return { changes, nextCursor: encodeFeedCursor(studyId, nextPosition), hasMore };
}
