/**
 * Spec 001 §7 amendments (issue 23 item 1): start (blocking or not), discard (changed form drafts back
 * to their versions), finish now (changed forms published as new versions), schedule, reschedule and
 * cancel the scheduled finish. The domain's study state machine decides what each status
 * allows; every step is one transaction with its audit event and reason. The scheduled finish is kept
 * on the study row and run by the durable job queue (`runDueAmendments`), so it survives a restart
 * and runs once: the sweep re-reads the row under lock and finishes only a still-due amendment.
 */

import { formsTakingNewVersion, type StudyStatus } from '@trialbase/domain';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db, Executor } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import { runUseCase, SYSTEM_ACTOR, type UseCaseContext } from '../../../platform/use-case';
import { retagFormVersionOfEnrollments } from '../../enrollments/api';
import { publishChangedForms, revertChangedForms } from '../../forms/api';
import { type StudyRow, updateStudyRow } from '../repo';
import { studies } from '../tables';
import { assertStudyBuildPasses, isBuildCheckRefusal } from './build-gate';
import { nextStatus } from './lifecycle';
import { loadStudyForChange } from './update-study';

export type AmendmentAction =
  | 'startAmendment'
  | 'startNonBlockingAmendment'
  | 'discardAmendment'
  | 'finishAmendment'
  | 'scheduleAmendment'
  | 'rescheduleAmendment'
  | 'cancelAmendmentSchedule';

type AmendmentInput = {
  studyId: string;
  action: AmendmentAction;
  reason: string;
  scheduledTime?: string;
};

function amendmentOf(row: StudyRow) {
  return {
    startedAt: row.amendmentStartedAt?.toISOString() ?? null,
    isBlocking: row.amendmentBlocking,
    scheduledAt: row.amendmentScheduledAt?.toISOString() ?? null,
  };
}

/** The columns each step writes; null clears the running amendment. */
function changesFor(ctx: UseCaseContext, row: StudyRow, input: AmendmentInput): Partial<StudyRow> {
  switch (input.action) {
    case 'startAmendment':
    case 'startNonBlockingAmendment':
      return {
        amendmentStartedAt: ctx.now,
        amendmentStartedBy: ctx.actor.id,
        amendmentBlocking: input.action === 'startAmendment',
        amendmentScheduledAt: null,
        amendmentFormVersions: {},
      };
    case 'discardAmendment':
    case 'finishAmendment':
      return {
        amendmentStartedAt: null,
        amendmentStartedBy: null,
        amendmentBlocking: null,
        amendmentScheduledAt: null,
        amendmentFormVersions: null,
      };
    case 'scheduleAmendment':
    case 'rescheduleAmendment': {
      const at = new Date(input.scheduledTime ?? '');
      if (input.action === 'scheduleAmendment' && row.amendmentScheduledAt) {
        throw new AppError('PRECONDITION', 'The amendment is already scheduled: reschedule it.', {
          context: { reason: 'AMENDMENT_ALREADY_SCHEDULED' },
        });
      }
      if (input.action === 'rescheduleAmendment' && !row.amendmentScheduledAt) {
        throw new AppError('PRECONDITION', 'The amendment is not scheduled.', {
          context: { reason: 'AMENDMENT_NOT_SCHEDULED' },
        });
      }
      if (!(at.getTime() > ctx.now.getTime())) {
        throw new AppError('VALIDATION', 'The finish time must be in the future.', {
          context: { issues: [{ path: ['scheduledTime'], message: 'MUST_BE_FUTURE' }] },
        });
      }
      return { amendmentScheduledAt: at };
    }
    case 'cancelAmendmentSchedule':
      if (!row.amendmentScheduledAt) {
        throw new AppError('PRECONDITION', 'The amendment is not scheduled.', {
          context: { reason: 'AMENDMENT_NOT_SCHEDULED' },
        });
      }
      return { amendmentScheduledAt: null };
  }
}

/**
 * Finishing (issue 23): each changed form gets a new version; where the author chose NEW_EVENTS for a
 * form, existing enrolments holding it are retagged in the same transaction, so their events not yet
 * started read the new version (saved answers keep theirs). What moved goes into the audit event.
 */
async function publishAmendment(ctx: UseCaseContext, row: StudyRow) {
  const published = await publishChangedForms(ctx, row.id);
  const retaggedForms = [];
  for (const form of formsTakingNewVersion(published, row.amendmentFormVersions)) {
    const enrollments = await retagFormVersionOfEnrollments(
      ctx.tx,
      row.id,
      form.formId,
      form.version,
      ctx.now,
    );
    retaggedForms.push({ ...form, enrollments });
  }
  return { publishedForms: published.map((p) => p.formId), retaggedForms };
}

/** Spec 001 §7 one amendment step: the state machine's transition, the amendment columns, the audit event. */
export async function changeAmendment(ctx: UseCaseContext, input: AmendmentInput): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  const from = row.status as StudyStatus;
  const to = nextStatus(from, input.action);
  const changes = changesFor(ctx, row, input);
  // Issue 23 item 3: what is about to go live (now or at the scheduled time) passes the build check.
  if (
    input.action === 'finishAmendment' ||
    input.action === 'scheduleAmendment' ||
    input.action === 'rescheduleAmendment'
  ) {
    await assertStudyBuildPasses(ctx.tx, row.id);
  }
  // Finishing publishes the changed forms (new enrolments take them); discarding puts them back.
  const forms =
    input.action === 'finishAmendment'
      ? await publishAmendment(ctx, row)
      : input.action === 'discardAmendment'
        ? { revertedForms: await revertChangedForms(ctx, row.id, row.amendmentStartedAt ?? new Date(0)) }
        : {};
  const updated = await updateStudyRow(ctx.tx, row.id, { ...changes, status: to, updatedAt: ctx.now });
  await ctx.audit({
    action: 'STUDY_AMENDMENT_CHANGED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { status: from, ...amendmentOf(row) },
    after: { status: to, action: input.action, ...amendmentOf(updated), ...forms },
    reason: input.reason,
  });
  return updated;
}

/** Studies whose scheduled finish is due (a sweep across studies: the job queue serves them all). */
async function listDueAmendmentsAcrossStudies(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: studies.id })
    .from(studies)
    .where(
      and(
        eq(studies.status, 'AMENDMENT'),
        isNotNull(studies.amendmentScheduledAt),
        lte(studies.amendmentScheduledAt, now),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The job queue's sweep (AMENDMENT_QUEUE): finishes every amendment whose scheduled time has come, as
 * the system, with the reason "scheduled finish". Safe to run twice or on two servers: each study is
 * re-read under lock and finished only while still in an amendment that is due.
 */
export async function runDueAmendments(db: Db, now: Date): Promise<number> {
  let finished = 0;
  for (const studyId of await listDueAmendmentsAcrossStudies(db, now)) {
    const done = await runUseCase(
      db,
      SYSTEM_ACTOR,
      async (ctx) => {
        const row = await loadStudyForChange(ctx, studyId);
        if (row.status !== 'AMENDMENT' || !row.amendmentScheduledAt || row.amendmentScheduledAt > ctx.now)
          return false;
        try {
          await assertStudyBuildPasses(ctx.tx, studyId);
        } catch (error) {
          if (!isBuildCheckRefusal(error)) throw error;
          // Issue 23 item 3: a design that broke after scheduling does not go live; the schedule is
          // cancelled (audited) and the amendment stays open for the author to fix and finish.
          await changeAmendment(ctx, {
            studyId,
            action: 'cancelAmendmentSchedule',
            reason: 'Scheduled finish refused by the study-build check',
          });
          return false;
        }
        await changeAmendment(ctx, { studyId, action: 'finishAmendment', reason: 'Scheduled finish' });
        return true;
      },
      now,
    );
    if (done) finished += 1;
  }
  return finished;
}

export const AMENDMENT_QUEUE = 'study-amendments';
/** Each minute: scheduled finishes run within a minute of their time, and after a restart. */
export const AMENDMENT_CRON = '* * * * *';
