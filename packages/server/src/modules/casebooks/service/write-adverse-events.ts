/**
 * Issue 27 item 4, the adverse events of a casebook: the AEs of the standard form (spec 001 §3) with
 * their amendments and signatures, and the custom AE reports (issue 20 item 3: the study's own AE
 * forms) with every answer at the form version the report was started on, its signatures by step
 * and its change history from the audit trail (saves, signatures, amendments with their reasons).
 */
import {
  AE_REPORT_STEPS,
  type AeReportStep,
  type FormTemplateDocument,
  formatFormVersion,
  isAeReportSponsorInvolved,
  nextAeReportStep,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { readAnswer } from '../../questionnaires/service/change-log';
import { loadForm } from '../../questionnaires/service/context';
import {
  type CasebookAeReport,
  type CasebookAeReportEvent,
  listAeReportAuditEvents,
  listAeSignatures,
  listSubjectAdverseEvents,
  listSubjectAeReports,
} from '../repo';
import {
  answerText,
  attributeText,
  code,
  label,
  type PrintContext,
  plain,
  printDate,
  printText,
  printTime,
  questionLabel,
} from './format';
import type { PdfBook } from './pdf-book';

/** Spec 001 §3 standard AEs: what was reported, amended (with reasons) and signed. */
export async function writeAdverseEvents(
  db: Executor,
  book: PdfBook,
  ctx: PrintContext,
  studyId: string,
  subjectId: string,
) {
  book.heading(label(ctx, 'casebooks:SECTION.ADVERSE_EVENTS'), 1);
  const aes = await listSubjectAdverseEvents(db, studyId, subjectId);
  const signatures = await listAeSignatures(
    db,
    studyId,
    aes.map((a) => a.id),
  );
  if (aes.length === 0) book.text(label(ctx, 'casebooks:VALUE.NONE'), { grey: true });
  for (const ae of aes) {
    book.heading(ae.eventDescription, 2);
    book.fields([
      [label(ctx, 'casebooks:FIELD.FILL_OUT_DATE'), printDate(ctx, ae.fillOutDate)],
      [label(ctx, 'casebooks:FIELD.STATUS'), code(ae.status)],
      [
        label(ctx, 'casebooks:FIELD.SERIOUS'),
        `${label(ctx, ae.sae ? 'casebooks:VALUE.YES' : 'casebooks:VALUE.NO')}${ae.seriousType ? ` (${code(ae.seriousType)})` : ''}`,
      ],
      [label(ctx, 'casebooks:FIELD.OUTCOME'), code(ae.outcome)],
      [label(ctx, 'casebooks:FIELD.REPORTED_BY'), `${ae.createdByName}, ${printTime(ctx, ae.createdAt)}`],
    ]);
    for (const amendment of ae.amendments) {
      book.text(
        label(ctx, 'casebooks:FIELD.AMENDMENT', {
          name: amendment.amendedByName,
          time: printTime(ctx, amendment.amendedTime),
        }),
        { size: 10, grey: true, indent: 8 },
      );
      book.text(label(ctx, 'casebooks:FIELD.REASON', { reason: amendment.reason }), { indent: 8 });
      for (const [field, change] of Object.entries(amendment.changes)) {
        book.text(`${field}: ${attributeText(ctx, change.before)} → ${attributeText(ctx, change.after)}`, {
          size: 10,
          indent: 16,
        });
      }
    }
    for (const signature of signatures.filter((s) => s.aeId === ae.id)) {
      book.text(
        label(ctx, 'casebooks:FIELD.SIGNED', {
          meaning: signature.meaning,
          name: signature.signedByName,
          time: printTime(ctx, signature.signedAt),
        }),
        { size: 10, indent: 8 },
      );
    }
  }
}

const stepName = (ctx: PrintContext, step: AeReportStep) => label(ctx, `casebooks:AE_REPORT.STEP.${step}`);
const isStep = (value: unknown): value is AeReportStep =>
  typeof value === 'string' && (AE_REPORT_STEPS as readonly string[]).includes(value);

const ACTIONS = [
  'AE_REPORT_CREATED',
  'AE_REPORT_SAVED',
  'AE_REPORT_SIGNED',
  'AE_REPORT_AMENDED',
  'AE_REPORT_FILE_UPLOADED',
  'AE_REPORT_REMOVED',
  'AE_REPORT_RESTORED',
] as const;
type Action = (typeof ACTIONS)[number];

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The answer changes an audit event of a report holds, in words: `Qn. text: before → after`. */
function answerChanges(
  ctx: PrintContext,
  form: FormTemplateDocument | undefined,
  event: CasebookAeReportEvent,
): string[] {
  const before = record(event.before);
  const after = record(event.after);
  const text = (questionId: string, raw: unknown) => {
    const question = form?.questions.find((q) => q.id === questionId);
    return answerText(ctx, question, readAnswer(questionId, raw)) || label(ctx, 'casebooks:VALUE.NO_ANSWER');
  };
  const lines: string[] = [];
  if (event.action === 'AE_REPORT_SIGNED') {
    // A signature's event holds the signed answers unchanged: the answers above are what was signed.
  } else if (Array.isArray(after.answers)) {
    // The first answers of a new report: a list, nothing before them.
    for (const raw of after.answers) {
      const questionId = String(record(raw).question ?? '');
      if (questionId) lines.push(`${questionLabel(ctx, form, questionId)}: ${text(questionId, raw)}`);
    }
  } else {
    const was = record(before.answers);
    const is = record(after.answers);
    for (const questionId of new Set([...Object.keys(was), ...Object.keys(is)])) {
      lines.push(
        `${questionLabel(ctx, form, questionId)}: ${text(questionId, was[questionId])} → ${text(questionId, is[questionId])}`,
      );
    }
  }
  if (
    typeof after.sae === 'boolean' &&
    (event.action === 'AE_REPORT_CREATED' ? after.sae : before.sae !== undefined && before.sae !== after.sae)
  ) {
    const was = typeof before.sae === 'boolean' ? `${attributeText(ctx, before.sae)} → ` : '';
    lines.push(`${label(ctx, 'casebooks:FIELD.SERIOUS')}: ${was}${attributeText(ctx, after.sae)}`);
  }
  return lines;
}

function actionText(ctx: PrintContext, event: CasebookAeReportEvent): string {
  const action = ACTIONS.find((a) => a === event.action) as Action | undefined;
  if (!action) return code(event.action);
  const step = record(record(event.after).signature).step;
  if (action === 'AE_REPORT_SIGNED' && isStep(step)) {
    return label(ctx, 'casebooks:AE_REPORT.SIGNED_STEP', { step: stepName(ctx, step) });
  }
  return label(ctx, `casebooks:AE_REPORT.ACTION.${action}`);
}

function writeAeReport(
  book: PdfBook,
  ctx: PrintContext,
  report: CasebookAeReport,
  form: FormTemplateDocument | undefined,
  events: CasebookAeReportEvent[],
) {
  const title = plain(printText(ctx, form?.title)) || report.formId;
  book.heading(`${title} · ${printTime(ctx, report.createdAt)}`, 2);
  const sponsorInvolved = isAeReportSponsorInvolved(form?.sponsorInvolvement, report.sae);
  const next = nextAeReportStep(report.signed, sponsorInvolved);
  book.text(
    [
      `${label(ctx, 'casebooks:FIELD.FORM_VERSION')}: ${formatFormVersion({ major: report.formVersionMajor, minor: report.formVersionMinor })}`,
      `${label(ctx, 'casebooks:FIELD.REVISION')}: ${report.revision}`,
      `${label(ctx, 'casebooks:FIELD.SERIOUS')}: ${attributeText(ctx, report.sae)}`,
      `${label(ctx, 'casebooks:FIELD.STATUS')}: ${
        next === null
          ? label(ctx, 'casebooks:AE_REPORT.COMPLETE')
          : label(ctx, 'casebooks:AE_REPORT.NEXT_STEP', { step: stepName(ctx, next) })
      }`,
      `${label(ctx, 'casebooks:FIELD.UPDATED')}: ${printTime(ctx, report.updatedAt)}`,
    ].join(' · '),
    { size: 10, grey: true },
  );
  book.space(4);
  const questions = [...(form?.questions ?? [])].sort((a, b) => a.order - b.order);
  const rows: [string, string][] = questions
    .filter((q) => q.type !== 'INFORMATION')
    .map((q) => [
      questionLabel(ctx, form, q.id),
      answerText(
        ctx,
        q,
        report.answers.find((a) => a.question === q.id),
      ),
    ]);
  // Answers to questions the form version lacks are printed too: nothing captured is left out.
  for (const answer of report.answers) {
    if (questions.some((q) => q.id === answer.question)) continue;
    rows.push([answer.question, answerText(ctx, undefined, answer)]);
  }
  book.fields(rows, { indent: 8 });

  book.text(label(ctx, 'casebooks:SECTION.SIGNATURES'), { size: 10, bold: true, indent: 8 });
  if (report.signatures.length === 0) {
    book.text(label(ctx, 'casebooks:AE_REPORT.NOT_SIGNED'), { size: 10, grey: true, indent: 16 });
  }
  for (const signature of report.signatures) {
    book.text(
      label(ctx, 'casebooks:FIELD.SIGNED', {
        meaning: isStep(signature.step)
          ? label(ctx, `casebooks:AE_REPORT.MEANING.${signature.step}`)
          : signature.meaning,
        name: signature.signedByName,
        time: printTime(ctx, signature.signedTime),
      }),
      { indent: 16 },
    );
  }
  book.space(4);

  book.text(label(ctx, 'casebooks:SECTION.HISTORY'), { size: 10, bold: true, indent: 8 });
  if (events.length === 0)
    book.text(label(ctx, 'casebooks:VALUE.NONE'), { size: 10, grey: true, indent: 16 });
  for (const event of events) {
    book.text(`${printTime(ctx, event.occurredAt)} · ${actionText(ctx, event)}`, {
      size: 10,
      bold: true,
      indent: 16,
    });
    // The actor on a line of its own: a name with its address in angle brackets stays whole in
    // right-to-left books (angle brackets are not paired by the bidi rules).
    book.text(event.actorName ?? code(event.actorType), { size: 10, grey: true, indent: 24 });
    if (event.reason) {
      book.text(label(ctx, 'casebooks:FIELD.REASON', { reason: event.reason }), { size: 10, indent: 24 });
    }
    for (const line of answerChanges(ctx, form, event)) book.text(line, { size: 10, indent: 24 });
  }
  book.space(6);
}

/** Issue 20 item 3 custom AE reports of the subject, each at the form version it was started on. */
export async function writeAeReports(
  db: Executor,
  book: PdfBook,
  ctx: PrintContext,
  studyId: string,
  subjectId: string,
) {
  book.heading(label(ctx, 'casebooks:SECTION.AE_REPORTS'), 1);
  const reports = await listSubjectAeReports(db, studyId, subjectId);
  if (reports.length === 0) book.text(label(ctx, 'casebooks:VALUE.NONE'), { grey: true });
  const events = await listAeReportAuditEvents(
    db,
    studyId,
    reports.map((r) => r.id),
  );
  for (const report of reports) {
    const version = { major: report.formVersionMajor, minor: report.formVersionMinor };
    const form = (await loadForm(db, studyId, report.formId, version, true))?.form;
    writeAeReport(
      book,
      ctx,
      report,
      form,
      events.filter((e) => e.entityId === report.id),
    );
  }
}
