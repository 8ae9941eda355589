/** Creating and updating processes (spec 001 §5 Process authoring limits, §4 locks, §7 Processes). */
import {
  assertProcessChangeAllowed,
  type FieldIssue,
  keepRandomizationExtras,
  listDataEventForms,
  type Process,
  type ProcessDetail,
  ProcessSchema,
  type ProcessWriteSchema,
  randomizationChangeIssues,
  randomizationConfigOf,
  randomizationLocksIn,
  type StudyStatus,
  validateProcess,
} from '@trialbase/domain';
import type { z } from 'zod';
import type { Executor } from '../../../platform/db/client';
import { AppError, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { listForms } from '../../forms/api';
import { readDocument } from '../../forms/documents';
import { buildProcess, toDocument } from '../documents';
import { presentProcessDetail } from '../presenters';
import {
  findPlanEventLimit,
  findProcessByName,
  insertProcessRow,
  type ProcessRow,
  replaceProcessDataEvents,
  updateProcessRow,
} from '../repo';
import {
  assertProcessesWritable,
  assertStructureChangeAllowed,
  countOtherDataEvents,
  creationMark,
  loadProcess,
  lockProcessRowForChange,
  PROCESS_LIMITS,
  type ProcessStudy,
  requireProcessRow,
  requireProcessStudy,
} from './context';

export type ProcessWriteBody = z.output<typeof ProcessWriteSchema>;

/**
 * Spec 001 §5 / §7: forms named by the process exist in the study and are not AE forms (AE forms
 * are reported, not scheduled); a stratification's form is part of its data event and has the question.
 */
async function referenceIssues(db: Executor, studyId: string, process: Process): Promise<FieldIssue[]> {
  const forms = new Map((await listForms(db, studyId)).map((row) => [row.id, row]));
  const issues: FieldIssue[] = [];
  const checkList = (path: (string | number)[], ids: readonly string[]) => {
    const unknown = ids.filter((id) => !forms.has(id));
    const ae = ids.filter((id) => forms.get(id)?.type === 'TYPE_AE');
    if (unknown.length > 0)
      issues.push({ path, message: 'UNKNOWN_REFERENCE', params: { ids: unknown.join(',') } });
    if (ae.length > 0) issues.push({ path, message: 'NOT_ALLOWED', params: { ids: ae.join(',') } });
  };
  process.dataEvents.forEach((event, i) => {
    checkList(['dataEvents', i, 'forms'], event.forms);
    checkList(['dataEvents', i, 'optionalForms'], event.optionalForms);
  });
  for (const key of ['unexpectedVisit', 'discontinueDataEvent', 'externalDataEvent'] as const) {
    checkList([key, 'selectedQts'], process[key].selectedQts);
    checkList([key, 'selectedOptionalQts'], process[key].selectedOptionalQts);
  }
  process.questionStratifications.forEach((s, i) => {
    if (!s.dataEvent || !s.form) return;
    const path = ['questionStratifications', i];
    const row = forms.get(s.form);
    if (!row) issues.push({ path: [...path, 'form'], message: 'UNKNOWN_REFERENCE' });
    else if (!listDataEventForms(process, s.dataEvent)?.includes(s.form)) {
      issues.push({ path: [...path, 'form'], message: 'NOT_IN_DATA_EVENT' });
    } else if (s.question && !readDocument(row.document).questions.some((q) => q.id === s.question)) {
      issues.push({ path: [...path, 'question'], message: 'UNKNOWN_REFERENCE' });
    }
  });
  return issues;
}

/**
 * Spec 001 §4 / §9: the plan's event limit counts the data events of all the study's live processes
 * ("accumulated"); a save that adds events beyond it is refused with TOO_MANY at `dataEvents`.
 */
async function eventLimitIssues(
  db: Executor,
  study: ProcessStudy,
  process: Process,
  beforeCount: number,
): Promise<FieldIssue[]> {
  const limit = await findPlanEventLimit(db, study.planId);
  if (!limit || process.dataEvents.length <= beforeCount) return [];
  const others = await countOtherDataEvents(db, study.id, process.id);
  if (others + process.dataEvents.length <= limit.max) return [];
  return [
    {
      path: ['dataEvents'],
      message: 'TOO_MANY',
      params: { max: limit.max, used: others + beforeCount, planName: limit.planName },
    },
  ];
}

/** Every authoring issue of a process about to be stored, with field paths (400 VALIDATION). */
export async function assertProcessValid(
  db: Executor,
  study: ProcessStudy,
  process: Process,
  beforeCount: number,
): Promise<void> {
  const issues = [
    ...validateProcess(process, PROCESS_LIMITS),
    ...(await referenceIssues(db, study.id, process)),
    ...(await eventLimitIssues(db, study, process, beforeCount)),
  ];
  if (issues.length > 0) throw validationError(issues, 'The process is not valid.');
}

/** DUPLICATE_NAME at `pathwayName` when another live process of the study has the name. */
export async function assertNameFree(db: Executor, studyId: string, process: Process): Promise<void> {
  if (await findProcessByName(db, studyId, process.pathwayName, process.id)) {
    throw new AppError('VALIDATION', 'A process with this name already exists in the study.', {
      id: 'DUPLICATE_NAME',
      context: { issues: [{ path: ['pathwayName'], message: 'DUPLICATE' }] },
    });
  }
}

/** Stores a new process row with its data event index; the caller audits. */
export async function insertProcess(
  ctx: UseCaseContext,
  study: ProcessStudy,
  process: Process,
): Promise<ProcessRow> {
  const row: ProcessRow = {
    studyId: study.id,
    id: process.id,
    name: process.pathwayName,
    recruitment: process.recruitment,
    document: { ...toDocument(process), ...creationMark(study) },
    revision: 0,
    createdBy: ctx.actor.id ?? 'system',
    createdAt: ctx.now,
    updatedAt: ctx.now,
    deletedAt: null,
  };
  await insertProcessRow(ctx.tx, row);
  await replaceProcessDataEvents(
    ctx.tx,
    study.id,
    process.id,
    process.dataEvents.map((e) => e.id),
  );
  return row;
}

/** Spec 001 §7 POST /studies/{studyId}/pathway: a new, fully editable process (build or amendment). */
export async function createProcess(
  ctx: UseCaseContext,
  input: { studyId: string; body: ProcessWriteBody },
): Promise<ProcessDetail> {
  const study = await requireProcessStudy(ctx.tx, input.studyId);
  assertStructureChangeAllowed(study);
  const process = buildProcess(input.body, {
    id: newId(ctx.now),
    before: null,
    now: ctx.now,
    derived: {
      fullyEditable: true,
      hasUnexpected: false,
      hasDiscontinued: false,
      hasExternalEvent: false,
      hasRandomizationOnProcess: false,
      didUploadCustomRandomizationList: false,
    },
  });
  await assertProcessValid(ctx.tx, study, process, 0);
  await assertNameFree(ctx.tx, study.id, process);
  const row = await insertProcess(ctx, study, process);
  await ctx.audit({
    action: 'PROCESS_CREATED',
    entityType: 'PROCESS',
    entityId: row.id,
    studyId: study.id,
    after: { name: row.name, document: toDocument(process) },
  });
  const loaded = await loadProcess(ctx.tx, study, row);
  return presentProcessDetail(row, loaded.process, loaded.locks, loaded.usage.enrollments);
}

/**
 * Issue 13 item 8: a save names the revision it started from; when someone else has stored a
 * change since, 409 CONFLICT (VERSION_MISMATCH) with the stored revision, and nothing is written.
 * A save that names no revision (API clients of before) is not checked.
 */
function assertRevision(existing: ProcessRow, revision: number | undefined): void {
  if (revision === undefined || revision === existing.revision) return;
  throw new AppError('CONFLICT', 'The process was changed by someone else since you opened it.', {
    context: { reason: 'VERSION_MISMATCH', expected: existing.revision, received: revision },
  });
}

/**
 * Spec 001 §7 PUT /studies/{studyId}/pathway/{id}: replaces the process. Locked changes (001 §4) are
 * refused with LOCKED issues at their paths, then the authoring limits (001 §5) are checked.
 */
export async function updateProcess(
  ctx: UseCaseContext,
  input: { studyId: string; id: string; body: ProcessWriteBody },
): Promise<ProcessDetail> {
  const study = await requireProcessStudy(ctx.tx, input.studyId);
  assertProcessesWritable(study);
  // Locked from here to the commit: no enrolment can slip in between the lock check and the write.
  const existing = await lockProcessRowForChange(ctx.tx, study.id, input.id);
  assertRevision(existing, input.body.revision);
  const { process: before, locks } = await loadProcess(ctx.tx, study, existing);
  const {
    fullyEditable,
    hasUnexpected,
    hasDiscontinued,
    hasExternalEvent,
    hasRandomizationOnProcess,
    didUploadCustomRandomizationList,
  } = before;
  const built = buildProcess(input.body, {
    id: existing.id,
    before,
    now: ctx.now,
    derived: {
      fullyEditable,
      hasUnexpected,
      hasDiscontinued,
      hasExternalEvent,
      hasRandomizationOnProcess,
      didUploadCustomRandomizationList,
    },
  });
  // Issue 22: the randomization route owns the method settings; the allocation locks hold here too.
  const after = keepRandomizationExtras(before, built);
  const processLockIssues = assertProcessChangeAllowed(before, after, locks);
  const seen = new Set(processLockIssues.map((i) => JSON.stringify(i.path)));
  const lockIssues = [
    ...processLockIssues,
    ...randomizationChangeIssues(
      randomizationConfigOf(before),
      randomizationConfigOf(after),
      randomizationLocksIn(randomizationConfigOf(before), study.status as StudyStatus),
    ).filter((i) => !seen.has(JSON.stringify(i.path))),
  ];
  if (lockIssues.length > 0) {
    throw validationError(lockIssues, 'The study’s status or its data lock this change to the process.');
  }
  await assertProcessValid(ctx.tx, study, after, before.dataEvents.length);
  await assertNameFree(ctx.tx, study.id, after);
  // Compared through the schema so key order never counts as a change.
  if (JSON.stringify(ProcessSchema.parse(after)) !== JSON.stringify(ProcessSchema.parse(before))) {
    const document = { ...existing.document, ...toDocument(after) };
    const values = {
      name: after.pathwayName,
      recruitment: after.recruitment,
      document,
      revision: existing.revision + 1,
      updatedAt: ctx.now,
    };
    await updateProcessRow(ctx.tx, study.id, existing.id, values);
    await replaceProcessDataEvents(
      ctx.tx,
      study.id,
      existing.id,
      after.dataEvents.map((e) => e.id),
    );
    await ctx.audit({
      action: 'PROCESS_UPDATED',
      entityType: 'PROCESS',
      entityId: existing.id,
      studyId: study.id,
      before: { name: existing.name, document: toDocument(before) },
      after: { name: after.pathwayName, document: toDocument(after) },
    });
  }
  const row = await requireProcessRow(ctx.tx, study.id, existing.id);
  const loaded = await loadProcess(ctx.tx, study, row);
  return presentProcessDetail(row, loaded.process, loaded.locks, loaded.usage.enrollments);
}
