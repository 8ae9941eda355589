/**
 * Re-consent (issue 24 item 5): publishing a new version of an e-consent document asks every
 * participant who signed an older version in that language, electronically or on paper (a paper
 * consent counts in the language the participant would read: theirs, else the enrollment's, else
 * the study's primary, among the event's documents), and whose enrollment is still going on, to
 * sign again: a new ECONSENT token of the same event, active at once and sent like an
 * activation. A participant who already has an open e-consent link of that event gets none.
 */
import { econsentLanguageOf, tokenStateMachine } from '@trialbase/domain';
import { newId, newLinkToken } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  findEnrollment,
  findEnrollmentProcess,
  findStudyScheduleInfo,
  findSubject,
} from '../../enrollments/api';
import {
  claimNotification,
  insertTokens,
  listEnrollmentTokens,
  type TokenRow,
} from '../../enrollments/tokens/api';
import { contactOf, type ScheduleEnv, sendTokenLink } from '../../enrollments/tokens/service/send-link';
import {
  findSignatureOfToken,
  listCurrentEConsentFiles,
  listPaperRecordsOfEvent,
  listSignaturesBeforeVersion,
} from '../repo';

const ACTIVE_ENROLLMENT = new Set(['REGISTERED', 'ONGOING']);

/** Asks the earlier signers of the event and language to re-consent; the number of new tokens. */
export async function requestReconsent(
  ctx: UseCaseContext,
  input: { studyId: string; dataEventId: string; language: string; version: number },
  env: ScheduleEnv,
): Promise<number> {
  if (input.version <= 1) return 0;
  const study = await findStudyScheduleInfo(ctx.tx, input.studyId);
  if (!study) return 0;
  const earlier = await listSignaturesBeforeVersion(ctx.tx, input.studyId, input);
  const onPaper = await paperSignersInLanguage(ctx, input, study.primaryLanguage);
  const enrollmentIds = [...new Set([...earlier.map((s) => s.enrollmentId), ...onPaper])];
  let created = 0;
  for (const enrollmentId of enrollmentIds) {
    const enrollment = await findEnrollment(ctx.tx, input.studyId, enrollmentId);
    if (!enrollment || !ACTIVE_ENROLLMENT.has(enrollment.status)) continue;
    const tokens = await listEnrollmentTokens(ctx.tx, input.studyId, enrollmentId, { lock: true });
    const ofEvent = tokens.filter((t) => t.dataEventId === input.dataEventId && t.removedAt === null);
    if (await hasOpenLink(ctx, input.studyId, ofEvent)) continue;
    const process = await findEnrollmentProcess(ctx.tx, input.studyId, enrollment.processId);
    const event = process?.dataEvents.find((e) => e.id === input.dataEventId);
    const first = ofEvent[0];
    const last = ofEvent[ofEvent.length - 1];
    if (!event || !first || !last) continue;
    const row: TokenRow = {
      studyId: input.studyId,
      id: newId(ctx.now),
      token: newLinkToken(),
      enrollmentId,
      processId: enrollment.processId,
      dataEventId: event.id,
      position: first.position,
      type: 'ECONSENT',
      status: tokenStateMachine.next('NOT_ACTIVE', 'activate'),
      locked: false,
      missingData: false,
      activationTime: ctx.now,
      expiryTime: null,
      activatedAt: ctx.now,
      completedTime: null,
      details: { repeatOf: first.id, reconsentOf: last.id, recordedBy: ctx.actor.id },
      removedAt: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    await insertTokens(ctx.tx, [row]);
    await ctx.audit({
      action: 'ECONSENT_RECONSENT_REQUESTED',
      entityType: 'TOKEN',
      entityId: row.id,
      studyId: input.studyId,
      after: {
        enrollmentId,
        dataEventId: event.id,
        language: input.language,
        version: input.version,
        reconsentOf: last.id,
        status: row.status,
      },
    });
    const claim = {
      studyId: input.studyId,
      tokenId: row.id,
      kind: 'ACTIVATION',
      dueAt: ctx.now,
      now: ctx.now,
    };
    if (await claimNotification(ctx.tx, claim)) {
      const subject = await findSubject(ctx.tx, input.studyId, enrollment.subjectId);
      const contact = contactOf(subject?.attributes);
      await sendTokenLink(ctx, {
        token: row,
        event,
        purpose: 'ACTIVATION',
        kind: 'ACTIVATION',
        contact,
        languages: { subject: contact.language ?? enrollment.language, primary: study.primaryLanguage },
        env,
      });
    }
    created += 1;
  }
  return created;
}

/** An e-consent link of the event that can still be signed (not signed, not ended). */
async function hasOpenLink(ctx: UseCaseContext, studyId: string, tokens: TokenRow[]): Promise<boolean> {
  for (const token of tokens) {
    if (token.status !== 'UNUSED' && token.status !== 'IN_USE' && token.status !== 'NOT_ACTIVE') continue;
    if (!(await findSignatureOfToken(ctx.tx, studyId, token.id))) return true;
  }
  return false;
}

/**
 * The enrollments with a paper consent of the event whose participant reads the document in the
 * language of the new version (paper records keep no language or version: every one recorded
 * before this publication is on an older version).
 */
async function paperSignersInLanguage(
  ctx: UseCaseContext,
  input: { studyId: string; dataEventId: string; language: string },
  primaryLanguage: string,
): Promise<string[]> {
  const records = await listPaperRecordsOfEvent(ctx.tx, input.studyId, input.dataEventId);
  if (records.length === 0) return [];
  const available = (await listCurrentEConsentFiles(ctx.tx, input.studyId, input.dataEventId)).map(
    (f) => f.language,
  );
  const enrollmentIds: string[] = [];
  for (const record of records) {
    const enrollment = await findEnrollment(ctx.tx, input.studyId, record.enrollmentId);
    const subject = await findSubject(ctx.tx, input.studyId, record.subjectId);
    const participant = contactOf(subject?.attributes).language ?? enrollment?.language ?? null;
    const language = econsentLanguageOf({
      asked: undefined,
      participant,
      primary: primaryLanguage,
      available,
    });
    if (language === input.language) enrollmentIds.push(record.enrollmentId);
  }
  return enrollmentIds;
}
