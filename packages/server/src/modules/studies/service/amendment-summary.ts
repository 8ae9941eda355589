/**
 * The overview's amendment summary (spec 001 §2, issue 23): who started the running amendment, when,
 * its kind, the scheduled finish and what changed so far (forms ahead of their version, processes
 * saved since), with the per-form version choice the author makes before finishing.
 */
import {
  type AmendmentFormVersionChoice,
  type AmendmentSummary,
  formVersionChoiceOf,
  type StudyStatus,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { listChangedForms } from '../../forms/api';
import { listProcessesChangedSince } from '../../processes/api';
import { findUserName, type StudyRow, updateStudyRow } from '../repo';
import { nextStatus } from './lifecycle';
import { loadStudyForChange } from './update-study';

/** Spec 001 §2 GET /study/{id}/amendment: the running amendment; `amendment: null` outside one. */
export async function readAmendmentSummary(db: Executor, row: StudyRow): Promise<AmendmentSummary> {
  if (row.status !== 'AMENDMENT' || !row.amendmentStartedAt) return { studyId: row.id, amendment: null };
  const startedBy = row.amendmentStartedBy
    ? { id: row.amendmentStartedBy, name: (await findUserName(db, row.amendmentStartedBy)) ?? '' }
    : null;
  const forms = await listChangedForms(db, row.id);
  return {
    studyId: row.id,
    amendment: {
      startedTime: row.amendmentStartedAt.toISOString(),
      startedBy,
      isBlocking: row.amendmentBlocking ?? true,
      scheduledTime: row.amendmentScheduledAt?.toISOString() ?? null,
      changedForms: forms.map((f) => ({
        ...f,
        isNew: f.publishedVersion === null,
        choice: formVersionChoiceOf(row.amendmentFormVersions, f.formId),
      })),
      changedProcesses: await listProcessesChangedSince(db, row.id, row.amendmentStartedAt),
    },
  };
}

/**
 * Issue 23 PUT /study/{id}/amendment/formVersions: the author's choice per changed form, stored with
 * the running amendment and applied when it finishes (now or scheduled). Only forms the amendment
 * changed and that enrolments already hold (published before) take a choice; audited with the reason.
 */
export async function chooseAmendmentFormVersions(
  ctx: UseCaseContext,
  input: { studyId: string; choices: Record<string, AmendmentFormVersionChoice>; reason: string },
): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  // Only while an amendment runs: the state machine's own refusal (STUDY_STATUS_MISMATCH) otherwise.
  nextStatus(row.status as StudyStatus, 'cancelAmendmentSchedule');
  if (!row.amendmentStartedAt) {
    throw new AppError('PRECONDITION', 'No amendment is running.', { context: { reason: 'NO_AMENDMENT' } });
  }
  const changed = new Map((await listChangedForms(ctx.tx, row.id)).map((f) => [f.formId, f]));
  const issues = Object.keys(input.choices)
    .filter((formId) => !changed.get(formId)?.publishedVersion)
    .map((formId) => ({ path: ['choices', formId], message: 'FORM_NOT_CHANGED_IN_AMENDMENT' }));
  if (issues.length > 0) throw validationError(issues);
  const before = row.amendmentFormVersions ?? {};
  const after = { ...before, ...input.choices };
  const updated = await updateStudyRow(ctx.tx, row.id, { amendmentFormVersions: after, updatedAt: ctx.now });
  await ctx.audit({
    action: 'STUDY_AMENDMENT_CHANGED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { status: row.status, formVersions: before },
    after: { status: row.status, action: 'chooseFormVersions', formVersions: after },
    reason: input.reason,
  });
  return updated;
}
