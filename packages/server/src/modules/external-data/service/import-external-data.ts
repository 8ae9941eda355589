/**
 * Spec 001 §4 (importing form answers, production only), issue 28 item 4: a CSV file of results for
 * the TYPE_EXTERNAL event of a process, mapped to one of the event's forms. Each row becomes an
 * external event of the subject's enrollment (an EXTERNAL token carrying the import id, dated by
 * the row) and its form submitted through the staff submit, so every row passes the fill's own
 * checks. One transaction: a row that fails rolls the whole file back, and every issue is
 * reported with its line and column. The dry run runs the same and always rolls back.
 */
import {
  ANSWER_SET_MESSAGES,
  calendarDateIn,
  checkExternalDataMapping,
  collectEmbeddedRules,
  type EnrollmentStatus,
  EXTERNAL_DATA_MAX_ROWS,
  EXTERNAL_DATA_MESSAGES,
  type ExternalDataImportResult,
  type ExternalDataPreview,
  type ExternalDataRequest,
  type ExternalDataRow,
  type ExternalDataRowIssue,
  eventDateIssues,
  externalAnswersOf,
  type FormTemplate,
  isEnrollmentActive,
  type Process,
  readExternalDataCsv,
  rowIssuesOf,
  unscheduledSelectionOf,
  withRuleMessages,
} from '@trialbase/domain';
import { AppError, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findEnrollmentProcess } from '../../enrollments/api';
import { requireDataCaptureStudy } from '../../enrollments/service/enroll-subject';
import { recordUnscheduledEvent } from '../../enrollments/service/unscheduled-events';
import type { ScheduleEnv } from '../../enrollments/tokens/service/send-link';
import { loadForm, loadFormRules } from '../../questionnaires/service/context';
import { submitQuestionnaire } from '../../questionnaires/service/submit-questionnaire';
import { listProcessEnrollmentsOfSubjects, listSubjectsByPatientIds } from '../repo';

/** Thrown to roll back a dry run, or a file with issues, carrying what the caller answers. */
export class ExternalDataRollback extends Error {
  constructor(readonly preview: ExternalDataPreview) {
    super('external data rolled back');
  }
}

/** Spec 001 §4: importing (and deleting imported data) only while the study is in production. */
export function assertProduction(status: string): void {
  if (status !== 'PRODUCTION') {
    throw new AppError('PRECONDITION', 'External data is imported and deleted only in production.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status },
    });
  }
}

type Target = { process: Process; dataEventId: string; form: FormTemplate };

/** The process's external event and the chosen form of it (400 on formId, PROCESS_MISSING_UNSCHEDULED). */
async function loadTarget(
  ctx: UseCaseContext,
  studyId: string,
  request: ExternalDataRequest,
): Promise<Target> {
  const process = await findEnrollmentProcess(ctx.tx, studyId, request.processId);
  const selection = process ? unscheduledSelectionOf(process, 'TYPE_EXTERNAL') : null;
  if (!process || !selection) {
    throw new AppError('PRECONDITION', 'The process has no external data event switched on.', {
      id: 'PROCESS_MISSING_UNSCHEDULED',
      context: { type: 'TYPE_EXTERNAL' },
    });
  }
  const inEvent = [...selection.selectedQts, ...selection.selectedOptionalQts].includes(request.formId);
  const loaded = inEvent ? await loadForm(ctx.tx, studyId, request.formId, undefined, false) : null;
  if (!loaded || loaded.isRemoved) {
    throw validationError([
      { path: ['formId'], message: 'The form is not part of the external data event.' },
    ]);
  }
  return { process, dataEventId: selection.id, form: loaded.form as FormTemplate };
}

/** Who each row is about: the subject, its site and its newest enrollment in the process. */
async function resolveSubjects(
  ctx: UseCaseContext,
  studyId: string,
  processId: string,
  rows: ExternalDataRow[],
) {
  const subjects = await listSubjectsByPatientIds(ctx.tx, studyId, [
    ...new Set(rows.map((r) => r.subjectId)),
  ]);
  const enrollments = await listProcessEnrollmentsOfSubjects(
    ctx.tx,
    studyId,
    processId,
    subjects.map((s) => s.id),
  );
  const enrollmentOf = (subjectId: string) =>
    enrollments.find((e) => e.subjectId === subjectId && isEnrollmentActive(e.status as EnrollmentStatus)) ??
    enrollments.find((e) => e.subjectId === subjectId) ??
    null;
  return new Map(subjects.map((s) => [s.patientId, { subject: s, enrollment: enrollmentOf(s.id) }]));
}

type Who = NonNullable<ReturnType<Awaited<ReturnType<typeof resolveSubjects>>['get']>>;

function subjectIssues(
  row: ExternalDataRow,
  who: Who | undefined,
  siteId: string,
  column: string,
): ExternalDataRowIssue[] {
  const at = { line: row.line, column, path: ['subjectId'] };
  if (!who) return [{ ...at, message: EXTERNAL_DATA_MESSAGES.UNKNOWN_SUBJECT }];
  if (who.subject.siteId !== siteId) return [{ ...at, message: EXTERNAL_DATA_MESSAGES.OTHER_SITE }];
  if (!who.enrollment) return [{ ...at, message: EXTERNAL_DATA_MESSAGES.NOT_ENROLLED }];
  return [];
}

/** An error of the fill's services as issues of the row (answer issues on their columns). */
function issuesOfError(
  err: unknown,
  row: ExternalDataRow,
  request: ExternalDataRequest,
): ExternalDataRowIssue[] {
  if (!(err instanceof AppError)) throw err;
  const issues = (err.context as { issues?: ExternalDataRowIssue[] } | undefined)?.issues;
  if (err.type === 'VALIDATION' && Array.isArray(issues) && issues.length > 0) {
    return rowIssuesOf(row.line, issues, request.mapping);
  }
  return [
    {
      line: row.line,
      column: request.mapping.subjectIdColumn,
      path: [],
      message: err.id ?? err.message,
    },
  ];
}

/**
 * Spec 001 §5: a row a BLOCK rule refused shows the rule's own message, as the fill does: the
 * form's embedded rules and the stand-alone rules on the form in this event (read only when a rule
 * refused a row, so a clean file costs no statement more).
 */
async function withRuleTexts(
  ctx: UseCaseContext,
  studyId: string,
  request: ExternalDataRequest,
  target: Target,
  issues: ExternalDataRowIssue[],
): Promise<ExternalDataRowIssue[]> {
  if (!issues.some((i) => i.message === ANSWER_SET_MESSAGES.RULE_VIOLATION)) return issues;
  const { validationRules } = await loadFormRules(ctx.tx, studyId, request.formId, {
    processId: request.processId,
    dataEventId: target.dataEventId,
  });
  return withRuleMessages(issues, [...collectEmbeddedRules(target.form), ...validationRules]);
}

/** Noon UTC of the row's date: the same calendar day in every time zone a site may be in. */
function eventTimeOf(eventDate: string): Date {
  return new Date(`${eventDate}T12:00:00.000Z`);
}

export type ExternalDataInput = {
  studyId: string;
  userId: string;
  request: ExternalDataRequest;
  dryRun: boolean;
};

/**
 * Issue 28 item 4: imports (or with `dryRun` checks) a file. Throws ExternalDataRollback with the
 * preview on a dry run or when any row has an issue (nothing saved); else returns what was created.
 */
export async function importExternalData(
  ctx: UseCaseContext,
  input: ExternalDataInput,
  env: ScheduleEnv,
): Promise<ExternalDataImportResult> {
  const { studyId, request } = input;
  const study = await requireDataCaptureStudy(ctx, studyId);
  assertProduction(study.status);
  const target = await loadTarget(ctx, studyId, request);
  const read = readExternalDataCsv(request.csv, request.mapping);
  const header = read.header;
  const rollback = (issues: ExternalDataRowIssue[], rowCount: number): never => {
    throw new ExternalDataRollback({ ok: issues.length === 0, header, rowCount, issues });
  };
  const mappingIssues = checkExternalDataMapping(target.form, request.mapping);
  if (!read.ok || mappingIssues.length > 0) rollback([...mappingIssues, ...(read.ok ? [] : read.issues)], 0);
  const rows = read.ok ? read.rows : [];
  if (rows.length > EXTERNAL_DATA_MAX_ROWS) {
    rollback(
      [
        {
          line: 1,
          column: '',
          path: [],
          message: EXTERNAL_DATA_MESSAGES.TOO_MANY_ROWS,
          params: { max: EXTERNAL_DATA_MAX_ROWS },
        },
      ],
      rows.length,
    );
  }
  const people = await resolveSubjects(ctx, studyId, request.processId, rows);
  const importId = newId(ctx.now);
  const issues: ExternalDataRowIssue[] = [];
  const created: ExternalDataImportResult['rows'] = [];
  for (const row of rows) {
    const who = people.get(row.subjectId);
    const found = subjectIssues(row, who, request.siteId, request.mapping.subjectIdColumn);
    const enrollment = who?.enrollment;
    if (found.length > 0 || !who || !enrollment) {
      issues.push(...found);
      continue;
    }
    const dated = eventDateIssues(row, request.mapping, calendarDateIn(ctx.now, enrollment.timeZone));
    if (dated.length > 0) {
      issues.push(...dated);
      continue;
    }
    // Once a row failed, the transaction rolls back anyway: the later rows are still checked in full.
    try {
      const token = await recordUnscheduledEvent(ctx, {
        studyId,
        enrollmentId: enrollment.id,
        body: { type: 'TYPE_EXTERNAL' },
        imported: { importId, eventTime: eventTimeOf(row.eventDate) },
      });
      const outcome = await submitQuestionnaire(
        ctx,
        {
          studyId,
          enrollmentId: enrollment.id,
          tokenId: token.id,
          formId: request.formId,
          answers: externalAnswersOf(target.form, row, enrollment.timeZone),
          isFinal: true,
          userId: input.userId,
          eventKind: 'UNSCHEDULED',
        },
        env,
      );
      created.push({
        line: row.line,
        subjectId: who.subject.id,
        patientId: who.subject.patientId,
        eventDate: row.eventDate,
        tokenId: token.id,
        questionnaireId: outcome.questionnaireId,
      });
    } catch (err) {
      issues.push(...issuesOfError(err, row, request));
    }
  }
  if (issues.length > 0 || input.dryRun) {
    rollback(await withRuleTexts(ctx, studyId, request, target, issues), rows.length);
  }
  await ctx.audit({
    action: 'EXTERNAL_DATA_IMPORTED',
    entityType: 'EXTERNAL_DATA_IMPORT',
    entityId: importId,
    studyId,
    after: {
      siteId: request.siteId,
      processId: request.processId,
      dataEventId: target.dataEventId,
      formId: request.formId,
      mapping: request.mapping,
      rowCount: rows.length,
      tokenIds: created.map((c) => c.tokenId),
    },
  });
  return { importId, rowCount: rows.length, rows: created };
}
