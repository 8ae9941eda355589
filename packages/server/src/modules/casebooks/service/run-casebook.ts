/**
 * The casebook job (issue 27 item 4): asking for a casebook records a job; a small one is printed
 * at once in the request, a large one on the durable queue (pg-boss, like exports), with progress
 * per section. The PDF is kept with the job for its requester for CASEBOOK_RETENTION_DAYS.
 */
import {
  type AccessUser,
  CASEBOOK_RETENTION_DAYS,
  canPrintCasebook,
  casebookFileName,
  casebookLanguages,
  isInlineCasebook,
  isModuleEnabled,
} from '@trialbase/domain';
import type { Db } from '../../../platform/db/client';
import { forbidden, notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import { runUseCase, SYSTEM_ACTOR, type UseCaseContext } from '../../../platform/use-case';
import {
  type CasebookJobInfo,
  claimQueuedCasebook,
  countCasebookRows,
  dropExpiredCasebookPdfsAcrossStudies,
  findCasebookJob,
  findCasebookStudy,
  findCasebookSubject,
  insertCasebookJob,
  updateCasebookJob,
} from '../repo';
import { CASEBOOK_SECTIONS, writeCasebook } from './write-casebook';

export const CASEBOOK_QUEUE = 'casebooks';

/** The requester's access to this study only (what the job keeps to print with). */
function accessToStudy(access: AccessUser, studyId: string): AccessUser {
  return {
    systemPermissions: access.systemPermissions,
    studyAccess: access.studyAccess.filter((a) => a.studyId === studyId),
  };
}

/**
 * Issue 27 item 4: asks for a subject's casebook in one of the study's languages. 404 for a subject
 * of another study, 403 without every permission that shows a part of the record at its site, 400
 * for a language the study does not have. Audited with the language; returns the queued job and
 * whether it is small enough to print at once.
 */
export async function startCasebook(
  ctx: UseCaseContext,
  input: { studyId: string; subjectId: string; language: string; access: AccessUser; requestedBy: string },
): Promise<{ job: CasebookJobInfo; inline: boolean }> {
  const study = await findCasebookStudy(ctx.tx, input.studyId);
  if (!study) throw notFound('The study');
  const subject = await findCasebookSubject(ctx.tx, input.studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  const scope = { studyId: input.studyId, siteId: subject.siteId };
  const modules = {
    medication: isModuleEnabled(study, 'MEDICATION'),
    accounting: isModuleEnabled(study, 'MEDICATION_ACCOUNTING'),
  };
  if (!canPrintCasebook(input.access, scope, modules)) throw forbidden();
  const language = input.language.toLowerCase();
  if (!casebookLanguages(study).includes(language)) {
    throw validationError([{ path: ['language'], message: 'Choose one of the study languages.' }]);
  }
  const rows = await countCasebookRows(ctx.tx, input.studyId, subject.id);
  const job = await insertCasebookJob(ctx.tx, {
    studyId: input.studyId,
    id: newId(ctx.now),
    subjectId: subject.id,
    siteId: subject.siteId,
    requestedBy: input.requestedBy,
    access: accessToStudy(input.access, input.studyId),
    language,
    status: 'QUEUED',
    progressTotal: CASEBOOK_SECTIONS,
    createdAt: ctx.now,
  });
  await ctx.audit({
    action: 'CASEBOOK_REQUESTED',
    entityType: 'CASEBOOK',
    entityId: job.id,
    studyId: input.studyId,
    before: null,
    after: { subjectId: subject.id, language, rows },
  });
  return { job, inline: isInlineCasebook(rows) };
}

/** Prints one claimed job and records its end (COMPLETED with the PDF, or FAILED), audited. */
async function printJob(db: Db, job: CasebookJobInfo, now: () => Date): Promise<void> {
  try {
    const printed = await writeCasebook(db, {
      studyId: job.studyId,
      subjectId: job.subjectId,
      language: job.language,
      access: job.access,
      now: now(),
      onProgress: async (done, total) =>
        updateCasebookJob(db, job, { progressDone: done, progressTotal: total }),
    });
    const completedAt = now();
    const expiresAt = new Date(completedAt.getTime() + CASEBOOK_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const pdf = Buffer.from(printed.bytes);
    await runUseCase(
      db,
      SYSTEM_ACTOR,
      async (ctx) => {
        await updateCasebookJob(ctx.tx, job, {
          status: 'COMPLETED',
          completedAt,
          expiresAt,
          pdf,
          fileSize: pdf.length,
          pageCount: printed.pageCount,
          fileName: casebookFileName('casebook', printed.patientId, job.language),
        });
        await ctx.audit({
          action: 'CASEBOOK_GENERATED',
          entityType: 'CASEBOOK',
          entityId: job.id,
          studyId: job.studyId,
          before: null,
          after: {
            subjectId: job.subjectId,
            language: job.language,
            pages: printed.pageCount,
            size: pdf.length,
          },
        });
      },
      completedAt,
    );
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    await runUseCase(db, SYSTEM_ACTOR, async (ctx) => {
      await updateCasebookJob(ctx.tx, job, { status: 'FAILED', error: message });
      await ctx.audit({
        action: 'CASEBOOK_FAILED',
        entityType: 'CASEBOOK',
        entityId: job.id,
        studyId: job.studyId,
        before: null,
        after: { error: message },
      });
    });
  }
}

/** A small casebook, printed in the request that asked for it (the job is claimed like the queue's). */
export async function printCasebookNow(
  db: Db,
  job: CasebookJobInfo,
  now: () => Date,
): Promise<CasebookJobInfo> {
  await updateCasebookJob(db, job, { status: 'RUNNING', startedAt: now() });
  await printJob(db, job, now);
  return (await findCasebookJob(db, job.studyId, job.id)) ?? job;
}

/** The queue's sweep: prints every queued casebook, oldest first, and drops PDFs past their keeping time. */
export async function runCasebookSweep(db: Db, options: { now: () => Date }): Promise<number> {
  await dropExpiredCasebookPdfsAcrossStudies(db, options.now());
  let ran = 0;
  for (
    let job = await claimQueuedCasebook(db, options.now());
    job;
    job = await claimQueuedCasebook(db, options.now())
  ) {
    ran++;
    await printJob(db, job, options.now);
  }
  return ran;
}
