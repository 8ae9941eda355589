/**
 * Blinding (issue 22 item 4): one enrollment's allocation as the caller may see it, and the break of the
 * blind (spec 001 §7 POST .../enrollments/{enrollmentId}/breakBlind, password header): audited,
 * revealed to that user, the study administrators told in the app and by email.
 */
import {
  type AccessUser,
  type BreakBlindResult,
  canViewTrialGroup,
  type EnrollmentRandomizationView,
  type ExtendedValidationSignature,
  messageLanguages,
  RandomizationError,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { t } from '../../../platform/i18n/i18n';
import { newId } from '../../../platform/ids';
import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import { findEnrollment, lockEnrollment } from '../../enrollments/api';
import { presentAllocation, presentBlindBreak } from '../presenters';
import {
  findAllocationOfEnrollment,
  findSubjectAttributes,
  insertBlindBreak,
  insertNotification,
  listBlindBreaks,
  listStudyAdmins,
} from '../repo';
import { toAppError } from './allocate';
import { loadRandomization, requireStudy } from './context';

/** Whether the caller sees the group of this enrollment: TRIAL_GROUP_VIEW at its site, or a blind they broke. */
export function seesGroup(
  caller: { access: AccessUser | null; userId: string | null },
  enrollment: { studyId: string; siteId: string },
  breaks: readonly { userId: string }[],
): boolean {
  if (canViewTrialGroup(caller.access, { studyId: enrollment.studyId, siteId: enrollment.siteId }))
    return true;
  return caller.userId !== null && breaks.some((b) => b.userId === caller.userId);
}

/** GET .../enrollments/{enrollmentId}/randomization. */
export async function getEnrollmentRandomization(
  db: Executor,
  input: { studyId: string; enrollmentId: string; access: AccessUser | null; userId: string | null },
): Promise<EnrollmentRandomizationView> {
  const enrollment = await findEnrollment(db, input.studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The enrollment');
  const loaded = await loadRandomization(db, input.studyId, enrollment.processId);
  const allocation = await findAllocationOfEnrollment(db, input.studyId, enrollment.id);
  const breaks = await listBlindBreaks(db, input.studyId, enrollment.id);
  return {
    enrollmentId: enrollment.id,
    isRandomizationEnabled: loaded.config.randomization,
    randomizationEventId: loaded.randomizationEventId,
    allocation: allocation
      ? presentAllocation(allocation, loaded.config, seesGroup(input, enrollment, breaks))
      : null,
    blindBreaks: breaks.map(presentBlindBreak),
  };
}

/**
 * Spec 001 §4 / §7 breakBlind: the signer's password was checked before the transaction; records the
 * break with its reason, reveals the group to the signer, and tells every study administrator (the
 * message names the subject and the reason, never the group).
 */
export async function breakBlind(
  ctx: UseCaseContext,
  input: { studyId: string; enrollmentId: string; reason: string; signature: ExtendedValidationSignature },
): Promise<BreakBlindResult> {
  const study = await requireStudy(ctx.tx, input.studyId);
  const enrollment = await lockEnrollment(ctx.tx, input.studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The enrollment');
  const allocation = await findAllocationOfEnrollment(ctx.tx, study.id, enrollment.id);
  if (!allocation) {
    throw toAppError(new RandomizationError('NO_RANDOMIZATION_RECORD', { enrollmentId: enrollment.id }));
  }
  const loaded = await loadRandomization(ctx.tx, study.id, enrollment.processId);
  const row = {
    studyId: study.id,
    id: newId(ctx.now),
    enrollmentId: enrollment.id,
    userId: input.signature.signerId,
    userName: input.signature.printedName,
    reason: input.reason,
    meaning: input.signature.meaning,
    signedAt: ctx.now,
  };
  await insertBlindBreak(ctx.tx, row);
  const group = loaded.config.trialGroups.find((g) => g.id === allocation.groupId);
  await ctx.audit({
    action: 'BLIND_BROKEN',
    entityType: 'ENROLLMENT',
    entityId: enrollment.id,
    studyId: study.id,
    reason: input.reason,
    after: {
      randomId: allocation.randomId,
      subjectId: enrollment.subjectId,
      trialGroup: { id: allocation.groupId, title: group?.title ?? {} },
      signature: input.signature,
    },
  });
  const subject = await findSubjectAttributes(ctx.tx, study.id, enrollment.subjectId);
  const vars = {
    study: study.name,
    subject: subject?.patientId ?? enrollment.subjectId,
    randomId: allocation.randomId,
    signer: input.signature.printedName,
    reason: input.reason,
  };
  for (const admin of await listStudyAdmins(ctx.tx, study.id)) {
    const languages = messageLanguages({ recipient: admin.language, primary: study.primaryLanguage });
    await insertNotification(ctx.tx, {
      id: newId(ctx.now),
      userId: admin.userId,
      studyId: study.id,
      kind: 'BLIND_BROKEN',
      title: t(languages, 'randomization:BLIND_BROKEN.SUBJECT', vars),
      body: t(languages, 'randomization:BLIND_BROKEN.NOTIFICATION', vars),
      link: `/study/${study.id}/patient/${enrollment.subjectId}`,
      createdAt: ctx.now,
      readAt: null,
    });
    await queueMessage(ctx, {
      channel: 'EMAIL',
      to: admin.email,
      studyId: study.id,
      subject: t(languages, 'randomization:BLIND_BROKEN.SUBJECT', vars),
      body: t(languages, 'randomization:BLIND_BROKEN.BODY', { ...vars, firstName: admin.firstName }),
    });
  }
  return {
    allocation: presentAllocation(allocation, loaded.config, true),
    blindBreak: presentBlindBreak(row),
  };
}
