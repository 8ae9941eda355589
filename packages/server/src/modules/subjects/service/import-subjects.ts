/** Subject import (spec 001 §7 POST .../patients/import; 000 §3 columns, §5 maximum lengths). */
import {
  type AccessUser,
  type FieldIssue,
  nextSubjectIds,
  readSubjectImport,
  SUBJECT_IMPORT_MESSAGES,
  type SubjectIdAutomationType,
  type SubjectImportResult,
} from '@trialbase/domain';
import { validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { requiredSubjectFields, storedAttributes, subjectPresenter } from '../presenters';
import {
  findTakenEmails,
  findTakenPatientIds,
  insertSubjects,
  listPatientIds,
  type NewSubjects,
  newSubjectRows,
} from '../repo';
import { auditSubjectCreated } from './create-subject';
import { assertCanRegister, assertRoomForSubjects, creatorOf, requireSite, requireStudy } from './guards';

/**
 * Spec 000 §5 / 001 §5: imports a CSV of subjects into one site. Every row is checked
 * first (the file's own rules, then ids and emails the study already uses); any problem
 * refuses the whole file with every issue at `[rowIndex, column]`. All rows or none.
 */
export async function importSubjects(
  ctx: UseCaseContext,
  input: { studyId: string; siteId: string; csv: string; access: AccessUser },
): Promise<SubjectImportResult> {
  const study = await requireStudy(ctx.tx, input.studyId, { lock: true });
  const site = await requireSite(ctx.tx, input.studyId, input.siteId);
  assertCanRegister(study);
  const automation = study.subjectIdAutomation as SubjectIdAutomationType;
  const read = readSubjectImport(input.csv, { now: ctx.now, studyLanguages: study.languages, automation });
  if (read.issues.length > 0)
    throw validationError(read.issues, 'The import file has problems; nothing was imported.');

  // Only an automation reads the ids in use (a study of 100,000 subjects is a long read).
  const existing = automation === 'manual' ? [] : await listPatientIds(ctx.tx, study.id);
  const assigned = nextSubjectIds(
    {
      type: automation,
      siteNumber: site.siteNumber,
      siteSubjectIds: existing.filter((r) => r.siteId === site.id).map((r) => r.patientId),
      studySubjectIds: existing.map((r) => r.patientId),
    },
    read.subjects.length,
  );
  const rows = read.subjects.map((s, i) => ({ ...s, patientId: s.patientId ?? (assigned[i] as string) }));

  const takenIds = new Set(
    await findTakenPatientIds(
      ctx.tx,
      study.id,
      rows.map((r) => r.patientId),
    ),
  );
  const emails = rows.flatMap((r) => (r.attributes.email ? [r.attributes.email] : []));
  const takenEmails = new Set(await findTakenEmails(ctx.tx, study.id, emails));
  const issues: FieldIssue[] = [];
  for (const r of rows) {
    if (takenIds.has(r.patientId.toLowerCase())) {
      issues.push({
        path: [r.rowIndex, 'patientId'],
        message: SUBJECT_IMPORT_MESSAGES.duplicateId,
        params: { line: r.line },
      });
    }
    if (r.attributes.email && takenEmails.has(r.attributes.email.toLowerCase())) {
      issues.push({
        path: [r.rowIndex, 'email'],
        message: SUBJECT_IMPORT_MESSAGES.duplicateEmail,
        params: { line: r.line },
      });
    }
  }
  if (issues.length > 0)
    throw validationError(
      issues,
      'Some rows clash with subjects already in the study; nothing was imported.',
    );
  await assertRoomForSubjects(ctx.tx, study, rows.length);

  const createdBy = creatorOf(ctx.actor);
  const imported: NewSubjects = {
    studyId: study.id,
    siteId: site.id,
    now: ctx.now,
    subjects: rows.map((r) => ({
      id: newId(ctx.now),
      patientId: r.patientId,
      attributes: storedAttributes(r.attributes, createdBy),
    })),
  };
  // The database inserts while the audit events and the answer are made from the same rows.
  const inserting = insertSubjects(ctx.tx, imported);
  const inserted = newSubjectRows(imported);
  const present = subjectPresenter({ access: input.access, required: requiredSubjectFields(study) });
  let answer: SubjectImportResult;
  try {
    for (const row of inserted) await auditSubjectCreated(ctx, row, 'import');
    await ctx.audit({
      action: 'SUBJECTS_IMPORTED',
      entityType: 'SUBJECT',
      entityId: null,
      studyId: study.id,
      after: {
        siteId: site.id,
        count: inserted.length,
        subjects: inserted.map((r) => ({ id: r.id, patientId: r.patientId })),
      },
    });
    answer = { imported: inserted.length, subjects: inserted.map(present) };
  } finally {
    await inserting;
  }
  return answer;
}
