import {
  type AeContent,
  type AmendAeRequest,
  type CreateAeRequest,
  mayAmendAe,
  mayUpdateAe,
  type VerificationRound,
} from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { enrollments } from '../../enrollments/tables';
import { type AeRow, findStudyForAe, findSubjectForAe, lockAe } from '../repo';
import { adverseEvents, type StoredAeAmendment } from '../tables';
import { nextClock, notifySafetyContacts } from './clock';
import { assertValidContent, contentOf, dateIn } from './content';
import { assertStudyTakesAeWrites } from './study-status';

/** The serious-event clock's changes of one write: start (and email the contacts at once) or clear. */
async function applyClock(
  ctx: UseCaseContext,
  before: AeRow | null,
  after: AeRow,
  baseUrl: string,
): Promise<{ row: AeRow; messages: number }> {
  const next = nextClock(before, after, ctx.now);
  const row = { ...after, ...next.columns };
  let messages = 0;
  if (next.started) {
    messages = await notifySafetyContacts(ctx, row, 'SERIOUS', { baseUrl });
    await ctx.audit({
      action: 'AE_CLOCK_STARTED',
      entityType: 'ADVERSE_EVENT',
      entityId: row.id,
      studyId: row.studyId,
      before: null,
      after: {
        kind: row.clockKind,
        startedAt: row.clockStartedAt?.toISOString() ?? null,
        deadline: row.clockDeadline?.toISOString() ?? null,
        notified: messages,
      },
    });
  } else if (next.cleared) {
    await ctx.audit({
      action: 'AE_CLOCK_STOPPED',
      entityType: 'ADVERSE_EVENT',
      entityId: row.id,
      studyId: row.studyId,
      before: { kind: before?.clockKind ?? null },
      after: { reason: 'NOT_SERIOUS' },
    });
  }
  return { row, messages };
}

function requireLive(row: AeRow | null): AeRow {
  if (!row) throw notFound('The adverse event');
  return row;
}

/** Audit snapshot of the content and status. */
function snapshot(row: AeRow) {
  return { status: row.status, ...contentOf(row) };
}

export type WriteResult = { row: AeRow; messages: number };

/** `POST /studies/{studyId}/ae` (spec 000 §7): report an AE for a subject, signed with the password. */
export async function createAe(
  ctx: UseCaseContext,
  input: { studyId: string; body: CreateAeRequest & AeContent; signature: Signature; baseUrl: string },
): Promise<WriteResult> {
  const { studyId, body, signature } = input;
  await assertStudyTakesAeWrites(ctx, studyId);
  const study = await findStudyForAe(ctx.tx, studyId);
  if (!study) throw notFound('The study');
  const subject = await findSubjectForAe(ctx.tx, studyId, body.subjectId);
  if (!subject) throw notFound('The subject');
  const enrollmentId = body.enrollmentId ?? null;
  if (enrollmentId) {
    const [enrollment] = await ctx.tx
      .select({ subjectId: enrollments.subjectId })
      .from(enrollments)
      .where(and(eq(enrollments.studyId, studyId), eq(enrollments.id, enrollmentId)));
    if (!enrollment || enrollment.subjectId !== subject.id) {
      throw validationError(
        [{ path: ['enrollmentId'], message: 'SERVER_ERRORS.ID.INVALID_ENROLLMENT' }],
        'The enrollment is not this subject’s.',
        'INVALID_ENROLLMENT',
      );
    }
  }
  const fillOutDate = dateIn(study.timeZone, ctx.now);
  const content: AeContent = {
    eventDescription: body.eventDescription,
    sae: body.sae,
    details: body.details,
    sarForm: body.sarForm,
    seForm: body.seForm,
    investigator: body.investigator,
  };
  assertValidContent(content, fillOutDate);
  const base: AeRow = {
    studyId,
    id: newId(ctx.now),
    siteId: subject.siteId,
    subjectId: subject.id,
    enrollmentId,
    status: 'AE_REPORTED',
    fillOutDate,
    ...content,
    seriousType: content.details.seriousType,
    outcome: content.details.outcome,
    source: body.source ?? null,
    amendments: [],
    createdBy: signature.signerId,
    createdByName: signature.printedName,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    classificationSignedBy: null,
    classificationSignedAt: null,
    initialSponsorSignedBy: null,
    initialSponsorSignedAt: null,
    followUpSignedBy: null,
    followUpSignedAt: null,
    finalSponsorSignedBy: null,
    finalSponsorSignedAt: null,
    verifiedBy: null,
    verifiedAt: null,
    secondaryVerifiedBy: null,
    secondaryVerifiedAt: null,
    removed: false,
    removedReason: null,
    clockKind: null,
    clockStartedAt: null,
    clockDeadline: null,
    clockReminderAt: null,
    clockStoppedAt: null,
    clockReminderSentAt: null,
    clockOverdueSentAt: null,
  };
  await ctx.audit({
    action: 'AE_CREATED',
    entityType: 'ADVERSE_EVENT',
    entityId: base.id,
    studyId,
    before: null,
    after: {
      ...snapshot(base),
      subjectId: base.subjectId,
      siteId: base.siteId,
      source: base.source,
      signature,
    },
  });
  const { row, messages } = await applyClock(ctx, null, base, input.baseUrl);
  await ctx.tx.insert(adverseEvents).values(row);
  return { row, messages };
}

async function writeContent(
  ctx: UseCaseContext,
  before: AeRow,
  content: AeContent,
  extra: Partial<AeRow>,
  baseUrl: string,
) {
  const after: AeRow = {
    ...before,
    ...content,
    seriousType: content.details.seriousType,
    outcome: content.details.outcome,
    ...extra,
    updatedAt: ctx.now,
  };
  const { row, messages } = await applyClock(ctx, before, after, baseUrl);
  const { studyId, id, ...set } = row;
  await ctx.tx
    .update(adverseEvents)
    .set(set)
    .where(and(eq(adverseEvents.studyId, studyId), eq(adverseEvents.id, id)));
  return { row, messages };
}

/** `PUT /studies/{studyId}/ae/{aeId}`: change an AE before its first signature (after it: amend). */
export async function updateAe(
  ctx: UseCaseContext,
  input: { studyId: string; aeId: string; content: AeContent; signature: Signature; baseUrl: string },
): Promise<WriteResult> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const before = requireLive(await lockAe(ctx.tx, input.studyId, input.aeId));
  if (!mayUpdateAe({ status: before.status, isRemoved: before.removed })) {
    throw new AppError(
      'PRECONDITION',
      before.removed
        ? 'The adverse event was removed.'
        : 'The adverse event is signed: change it with an amendment and its reason.',
      {
        context: { reason: before.removed ? 'AE_REMOVED' : 'AE_SIGNED_USE_AMEND' },
      },
    );
  }
  assertValidContent(input.content, before.fillOutDate);
  await ctx.audit({
    action: 'AE_UPDATED',
    entityType: 'ADVERSE_EVENT',
    entityId: before.id,
    studyId: input.studyId,
    before: snapshot(before),
    after: { ...snapshot({ ...before, ...input.content }), signature: input.signature },
  });
  return writeContent(ctx, before, input.content, {}, input.baseUrl);
}

/**
 * `POST /study/{studyId}/ae/{aeId}/amend` (spec 000 §7): a signed change after the first signature,
 * with its reason. The amendment keeps every changed field before and after; the audit event too.
 */
export async function amendAe(
  ctx: UseCaseContext,
  input: { studyId: string; aeId: string; body: AmendAeRequest; signature: Signature; baseUrl: string },
): Promise<WriteResult> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const before = requireLive(await lockAe(ctx.tx, input.studyId, input.aeId));
  if (!mayAmendAe({ status: before.status, isRemoved: before.removed })) {
    throw new AppError(
      'PRECONDITION',
      before.removed
        ? 'The adverse event was removed.'
        : 'The adverse event has no signature yet: change it directly.',
      {
        context: { reason: before.removed ? 'AE_REMOVED' : 'AE_NOT_SIGNED_USE_UPDATE' },
      },
    );
  }
  const current = contentOf(before);
  const content: AeContent = { ...current, ...(input.body.changes as Partial<AeContent>) };
  const changes: StoredAeAmendment['changes'] = {};
  for (const key of Object.keys(content) as (keyof AeContent)[]) {
    if (JSON.stringify(content[key]) !== JSON.stringify(current[key])) {
      changes[key] = { before: current[key], after: content[key] };
    }
  }
  if (Object.keys(changes).length === 0) {
    throw validationError(
      [{ path: ['changes'], message: 'SERVER_ERRORS.REASON.AE_NO_CHANGE' }],
      'The amendment changes nothing.',
    );
  }
  assertValidContent(content, before.fillOutDate);
  const amendment: StoredAeAmendment = {
    amendedBy: input.signature.signerId,
    amendedByName: input.signature.printedName,
    amendedTime: ctx.now.toISOString(),
    reason: input.body.reason,
    changes,
  };
  await ctx.audit({
    action: 'AE_AMENDED',
    entityType: 'ADVERSE_EVENT',
    entityId: before.id,
    studyId: input.studyId,
    reason: input.body.reason,
    before: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.before])),
    after: {
      ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after])),
      signature: input.signature,
    },
  });
  return writeContent(ctx, before, content, { amendments: [...before.amendments, amendment] }, input.baseUrl);
}

/** `PUT /studies/{studyId}/aes/{aeId}/verification/{verificationType}`: set or clear a verification. */
export async function verifyAe(
  ctx: UseCaseContext,
  input: { studyId: string; aeId: string; round: VerificationRound; verified: boolean; userId: string },
): Promise<AeRow> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const before = requireLive(await lockAe(ctx.tx, input.studyId, input.aeId));
  if (before.removed)
    throw new AppError('PRECONDITION', 'The adverse event was removed.', {
      context: { reason: 'AE_REMOVED' },
    });
  const set =
    input.round === 'primary'
      ? { verifiedBy: input.verified ? input.userId : null, verifiedAt: input.verified ? ctx.now : null }
      : {
          secondaryVerifiedBy: input.verified ? input.userId : null,
          secondaryVerifiedAt: input.verified ? ctx.now : null,
        };
  await ctx.tx
    .update(adverseEvents)
    .set({ ...set, updatedAt: ctx.now })
    .where(and(eq(adverseEvents.studyId, input.studyId), eq(adverseEvents.id, input.aeId)));
  await ctx.audit({
    action: input.verified ? 'AE_VERIFIED' : 'AE_UNVERIFIED',
    entityType: 'ADVERSE_EVENT',
    entityId: before.id,
    studyId: input.studyId,
    before: null,
    after: { type: input.round, verified: input.verified },
  });
  return { ...before, ...set, updatedAt: ctx.now };
}
