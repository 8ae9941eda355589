import { AE_SIGN_MEANINGS, type AeSignAction, aeSignRefusal, aeStatusAfterSign } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import type { Signature } from '../../../platform/auth/extended-validation';
import { AppError, notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentSignedActions } from '../presenters';
import { type AeRow, findAeSettings, lockAe } from '../repo';
import { adverseEvents, aeSignatures } from '../tables';
import { aeContentHash, contentOf } from './content';
import { assertStudyTakesAeWrites } from './study-status';

const SIGN_COLUMNS = {
  classification: { by: 'classificationSignedBy', at: 'classificationSignedAt' },
  initialSponsor: { by: 'initialSponsorSignedBy', at: 'initialSponsorSignedAt' },
  followUp: { by: 'followUpSignedBy', at: 'followUpSignedAt' },
  finalSponsor: { by: 'finalSponsorSignedBy', at: 'finalSponsorSignedAt' },
} as const satisfies Record<AeSignAction, { by: keyof AeRow; at: keyof AeRow }>;

const REFUSAL_MESSAGES = {
  REMOVED: 'The adverse event was removed.',
  ALREADY_SIGNED: 'This step of the adverse event is already signed.',
  OUT_OF_ORDER:
    'This signature is not next: the adverse event is signed in order (classification, initial sponsor evaluation, follow-up, final sponsor evaluation).',
  SPONSOR_NOT_INVOLVED: 'The sponsor does not sign this adverse event.',
} as const;

/**
 * Spec 000 §4 / §7 sign calls: the signer's password signature (checked by the route) becomes the
 * step's signature row (printed name, time, meaning, content hash) and moves the lifecycle on, in
 * order. A sponsor signature stops the serious-event clock (issue 20 item 5).
 */
export async function signAe(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    aeId: string;
    action: AeSignAction;
    signature: Signature;
    comment: string | null;
  },
): Promise<AeRow> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  const before = await lockAe(ctx.tx, input.studyId, input.aeId);
  if (!before) throw notFound('The adverse event');
  const settings = await findAeSettings(ctx.tx, input.studyId);
  const sponsorInvolved =
    settings.sponsorInvolvement === 'ALWAYS' || (settings.sponsorInvolvement === 'SAE_ONLY' && before.sae);
  const refusal = aeSignRefusal(
    { status: before.status, isRemoved: before.removed, signed: presentSignedActions(before) },
    input.action,
    sponsorInvolved,
  );
  if (refusal) {
    throw new AppError('PRECONDITION', REFUSAL_MESSAGES[refusal], {
      context: { reason: `AE_${refusal}`, status: before.status, action: input.action },
    });
  }
  const status = aeStatusAfterSign(before.status, input.action);
  const at = new Date(input.signature.signedAt);
  const columns = SIGN_COLUMNS[input.action];
  const set: Partial<AeRow> = {
    status,
    [columns.by]: input.signature.signerId,
    [columns.at]: at,
    updatedAt: ctx.now,
  };
  const sponsorSigned = input.action === 'initialSponsor' || input.action === 'finalSponsor';
  const stopsClock = sponsorSigned && before.clockKind !== null && before.clockStoppedAt === null;
  if (stopsClock) set.clockStoppedAt = at;
  const contentHash = aeContentHash(contentOf(before));
  const meaning = AE_SIGN_MEANINGS[input.action];
  await ctx.tx.insert(aeSignatures).values({
    studyId: input.studyId,
    aeId: input.aeId,
    action: input.action,
    signedBy: input.signature.signerId,
    signedByName: input.signature.printedName,
    signedAt: at,
    meaning,
    comment: input.comment,
    contentHash,
  });
  await ctx.tx
    .update(adverseEvents)
    .set(set)
    .where(and(eq(adverseEvents.studyId, input.studyId), eq(adverseEvents.id, input.aeId)));
  await ctx.audit({
    action: 'AE_SIGNED',
    entityType: 'ADVERSE_EVENT',
    entityId: input.aeId,
    studyId: input.studyId,
    before: { status: before.status },
    after: {
      status,
      action: input.action,
      signature: { ...input.signature, meaning },
      comment: input.comment,
      contentHash,
    },
  });
  if (stopsClock) {
    await ctx.audit({
      action: 'AE_CLOCK_STOPPED',
      entityType: 'ADVERSE_EVENT',
      entityId: input.aeId,
      studyId: input.studyId,
      before: { kind: before.clockKind, deadline: before.clockDeadline?.toISOString() ?? null },
      after: { reason: 'SPONSOR_SIGNED', action: input.action, stoppedAt: at.toISOString() },
    });
  }
  return { ...before, ...set };
}
