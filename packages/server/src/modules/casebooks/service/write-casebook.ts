/**
 * Issue 27 item 4: a subject's complete record as a PDF in a chosen language: the subject, every
 * filled form with its version and answers, the queries with their threads, AEs and custom AE reports
 * (write-adverse-events.ts), medication and drug accounting, the signatures (sign-offs, AE signatures,
 * randomisation) and the change history with reasons. What the requester may not see of the subject is REDACTED (spec 000 §6).
 */
import {
  type AccessUser,
  type DataEvent,
  type FormTemplateDocument,
  formatFormVersion,
  hasPermission,
  isModuleEnabled,
  isolateBidi,
  isRtlLanguage,
  type Process,
  parseEnrollmentDetails,
  QueryCommentSchema,
  redactSubject,
  unscheduledDataEventOf,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { findEnrollmentProcess } from '../../enrollments/api';
import { readAnswer } from '../../questionnaires/service/change-log';
import { loadReferenceForms } from '../../questionnaires/service/reference';
import { getSubjectHistory } from '../../subjects/service/record-history';
import {
  type CasebookQuestionnaire,
  type CasebookStudy,
  type CasebookSubject,
  findCasebookStudy,
  findCasebookSubject,
  listBlindBreaks,
  listEnrollmentTokens,
  listQuestionnaireAnswers,
  listSubjectAccounting,
  listSubjectAllocations,
  listSubjectEnrollments,
  listSubjectMedications,
  listSubjectQueries,
  listSubjectQuestionnaires,
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
import { PdfBook } from './pdf-book';
import { writeAdverseEvents, writeAeReports } from './write-adverse-events';

const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'initials',
  'dateOfBirth',
  'birthYear',
  'gender',
  'nationality',
  'language',
  'ssChecksum',
  'email',
  'mobileNumber',
  'homeNumber',
  'workNumber',
  'address',
  'guardian1',
  'guardian2',
  'investigatorName',
] as const;

/** The sections of a casebook, in order (progress counts them). */
export const CASEBOOK_SECTIONS = 8;

export type CasebookInput = {
  studyId: string;
  subjectId: string;
  language: string;
  access: AccessUser;
  now: Date;
  onProgress?: (done: number, total: number) => Promise<void>;
};

export type PrintedCasebook = { bytes: Uint8Array; pageCount: number; patientId: string };

function printContext(study: CasebookStudy, language: string): PrintContext {
  return {
    language,
    primaryLanguage: study.primaryLanguage,
    dateFormat: study.dateFormat,
    dateTimeFormat: study.dateTimeFormat,
    timeZone: study.timeZone,
  };
}

function writeSubject(
  book: PdfBook,
  ctx: PrintContext,
  subject: CasebookSubject,
  access: AccessUser,
  studyId: string,
) {
  book.heading(label(ctx, 'casebooks:SECTION.SUBJECT'), 1);
  const scope = { studyId, siteId: subject.siteId };
  const shown = redactSubject(subject.attributes, access, scope);
  const rows: [string, string][] = [
    [label(ctx, 'casebooks:FIELD.SUBJECT_ID'), subject.patientId],
    [label(ctx, 'casebooks:FIELD.SITE'), subject.siteName],
    [label(ctx, 'casebooks:FIELD.CREATED'), printTime(ctx, subject.createdAt)],
  ];
  if (subject.archivedAt)
    rows.push([label(ctx, 'casebooks:FIELD.ARCHIVED'), printTime(ctx, subject.archivedAt)]);
  for (const field of PROFILE_FIELDS) {
    const value = attributeText(ctx, shown[field]);
    if (value !== '') rows.push([label(ctx, `casebooks:ATTRIBUTE.${field}`), value]);
  }
  book.fields(rows);
}

type Loaded = {
  processes: Map<string, Process | null>;
  tokens: Awaited<ReturnType<typeof listEnrollmentTokens>>;
  enrollments: Awaited<ReturnType<typeof listSubjectEnrollments>>;
};

function dataEventName(ctx: PrintContext, loaded: Loaded, set: CasebookQuestionnaire): string {
  const enrollment = loaded.enrollments.find((e) => e.id === set.enrollmentId);
  const process = enrollment ? loaded.processes.get(enrollment.processId) : null;
  const token = loaded.tokens.find((t) => t.id === set.tokenId);
  let event: DataEvent | null | undefined = process?.dataEvents.find((d) => d.id === set.dataEventId);
  if (!event && process && token) event = unscheduledDataEventOf(process, token);
  return (event && printText(ctx, event.name)) || code(event?.type ?? token?.type ?? set.dataEventId);
}

async function loadForms(db: Executor, studyId: string, sets: CasebookQuestionnaire[]) {
  const forms = new Map<string, FormTemplateDocument>();
  for (const set of sets) {
    const key = `${set.formId}@${set.formMajor}.${set.formMinor}`;
    if (forms.has(key)) continue;
    const [form] = await loadReferenceForms(db, studyId, [set]);
    if (form) forms.set(key, form);
  }
  return (set: CasebookQuestionnaire) => forms.get(`${set.formId}@${set.formMajor}.${set.formMinor}`);
}

/** Spec 001 §3 filled forms: each with its data event, form version, status and every answer. */
async function writeForms(
  db: Executor,
  book: PdfBook,
  ctx: PrintContext,
  studyId: string,
  sets: CasebookQuestionnaire[],
  loaded: Loaded,
  formOf: (set: CasebookQuestionnaire) => FormTemplateDocument | undefined,
) {
  book.heading(label(ctx, 'casebooks:SECTION.FORMS'), 1);
  const answerRows = await listQuestionnaireAnswers(
    db,
    studyId,
    sets.map((s) => s.id),
  );
  if (sets.length === 0) book.text(label(ctx, 'casebooks:VALUE.NONE'), { grey: true });
  for (const set of sets) {
    const form = formOf(set);
    const title = plain(printText(ctx, form?.title)) || set.formName || set.formId;
    book.heading(`${title} · ${dataEventName(ctx, loaded, set)}`, 2);
    const meta = [
      `${label(ctx, 'casebooks:FIELD.FORM_VERSION')}: ${formatFormVersion({ major: set.formMajor, minor: set.formMinor })}`,
      `${label(ctx, 'casebooks:FIELD.STATUS')}: ${code(set.status)}`,
      `${label(ctx, 'casebooks:FIELD.FILLED_BY')}: ${label(
        ctx,
        set.filledOutByType === 'SUBJECT_TOKEN' ? 'casebooks:VALUE.PARTICIPANT' : 'casebooks:VALUE.STAFF',
      )}`,
      set.completedAt ? `${label(ctx, 'casebooks:FIELD.COMPLETED')}: ${printTime(ctx, set.completedAt)}` : '',
      `${label(ctx, 'casebooks:FIELD.UPDATED')}: ${printTime(ctx, set.updatedAt)}`,
      set.score !== null ? `${label(ctx, 'casebooks:FIELD.SCORE')}: ${set.score}` : '',
    ].filter((s) => s !== '');
    book.text(meta.join(' · '), { size: 10, grey: true });
    book.space(4);
    const answers = new Map(
      answerRows.filter((a) => a.questionnaireId === set.id).map((a) => [a.questionId, a]),
    );
    const questions = [...(form?.questions ?? [])].sort((a, b) => a.order - b.order);
    const rows: [string, string][] = [];
    for (const question of questions) {
      if (question.type === 'INFORMATION') continue;
      const row = answers.get(question.id);
      const answer = row ? readAnswer(question.id, row.value) : null;
      rows.push([questionLabel(ctx, form, question.id), answerText(ctx, question, answer)]);
    }
    // Answers to questions the version no longer has are printed too: nothing captured is left out.
    for (const [questionId, row] of answers) {
      if (questions.some((q) => q.id === questionId)) continue;
      rows.push([questionId, answerText(ctx, undefined, readAnswer(questionId, row.value))]);
    }
    book.fields(rows, { indent: 8 });
  }
}

async function writeQueries(
  db: Executor,
  book: PdfBook,
  ctx: PrintContext,
  studyId: string,
  enrollmentIds: string[],
  sets: CasebookQuestionnaire[],
  formOf: (set: CasebookQuestionnaire) => FormTemplateDocument | undefined,
) {
  book.heading(label(ctx, 'casebooks:SECTION.QUERIES'), 1);
  const rows = await listSubjectQueries(db, studyId, enrollmentIds);
  if (rows.length === 0) book.text(label(ctx, 'casebooks:VALUE.NONE'), { grey: true });
  for (const query of rows) {
    const set = sets.find((s) => s.id === query.questionnaireId);
    const form = set ? formOf(set) : undefined;
    const formTitle = plain(printText(ctx, form?.title)) || set?.formName || query.formId;
    book.heading(`${formTitle} · ${questionLabel(ctx, form, query.questionId)}`, 2);
    book.text(`${label(ctx, 'casebooks:FIELD.STATUS')}: ${code(query.status)}`, { size: 10, grey: true });
    book.text(query.queryText);
    for (const raw of query.comments) {
      const parsed = QueryCommentSchema.safeParse(raw);
      if (!parsed.success) continue;
      const comment = parsed.data;
      book.text(
        label(ctx, 'casebooks:THREAD', {
          time: printTime(ctx, comment.createdTime),
          name: comment.createdByName ?? label(ctx, 'casebooks:VALUE.SYSTEM'),
          action: code(comment.action),
        }),
        { size: 10, grey: true, indent: 16 },
      );
      if (comment.text.trim() !== '') book.text(comment.text, { indent: 16 });
      if (comment.oldValues || comment.newValues) {
        book.text(`${(comment.oldValues ?? []).join(', ')} → ${(comment.newValues ?? []).join(', ')}`, {
          size: 10,
          indent: 16,
        });
      }
    }
    book.space(4);
  }
}

async function writeMedication(
  db: Executor,
  book: PdfBook,
  ctx: PrintContext,
  input: { studyId: string; subjectId: string; accounting: boolean },
) {
  const { studyId, subjectId } = input;
  book.heading(label(ctx, 'casebooks:SECTION.MEDICATION'), 1);
  const rows = await listSubjectMedications(db, studyId, subjectId);
  if (rows.length === 0) book.text(label(ctx, 'casebooks:VALUE.NONE'), { grey: true });
  for (const m of rows) {
    book.heading(`${m.name} (${code(m.registrationType)})`, 2);
    const dose =
      m.dose === null
        ? ''
        : `${m.dose} ${m.doseUnit === 'OTHER' ? (m.doseUnitOther ?? '') : code(m.doseUnit)}`;
    const period = `${printDate(ctx, m.startDate)} – ${m.ongoing ? label(ctx, 'casebooks:FIELD.ONGOING') : printDate(ctx, m.endDate)}`;
    book.fields([
      [label(ctx, 'casebooks:FIELD.INDICATION'), m.indication ?? ''],
      [label(ctx, 'casebooks:FIELD.DOSE'), dose.trim()],
      [label(ctx, 'casebooks:FIELD.ROUTE'), m.route === 'OTHER' ? (m.routeOther ?? '') : code(m.route)],
      [
        label(ctx, 'casebooks:FIELD.FREQUENCY'),
        m.frequency === 'OTHER' ? (m.frequencyOther ?? '') : code(m.frequency),
      ],
      [label(ctx, 'casebooks:FIELD.PERIOD'), period],
      [label(ctx, 'casebooks:FIELD.COMMENT'), m.comment ?? ''],
      [label(ctx, 'casebooks:FIELD.RECORDED_BY'), `${m.createdByName}, ${printTime(ctx, m.createdAt)}`],
    ]);
  }
  if (!input.accounting) return;
  book.heading(label(ctx, 'casebooks:SECTION.ACCOUNTING'), 2);
  const accounting = await listSubjectAccounting(db, studyId, subjectId);
  if (accounting.length === 0) book.text(label(ctx, 'casebooks:VALUE.NONE'), { grey: true });
  for (const entry of accounting) {
    book.text(
      [
        printDate(ctx, entry.date),
        code(entry.accountingType),
        `${entry.quantity} × ${code(entry.package)}`,
        entry.batchNumber ? `${label(ctx, 'casebooks:FIELD.BATCH')}: ${entry.batchNumber}` : '',
        entry.createdByName,
      ]
        .filter((s) => s !== '')
        .join(' · '),
      { indent: 8 },
    );
    if (entry.comment) book.text(entry.comment, { size: 10, grey: true, indent: 16 });
  }
}

async function writeSignatures(
  db: Executor,
  book: PdfBook,
  ctx: PrintContext,
  input: { studyId: string; subjectId: string; access: AccessUser; siteId: string },
  loaded: Loaded,
) {
  book.heading(label(ctx, 'casebooks:SECTION.SIGNATURES'), 1);
  let any = false;
  for (const enrollment of loaded.enrollments) {
    const process = loaded.processes.get(enrollment.processId);
    book.heading(
      `${label(ctx, 'casebooks:FIELD.PROCESS')}: ${enrollment.processName ?? process?.pathwayName ?? enrollment.processId}`,
      2,
    );
    book.text(
      `${label(ctx, 'casebooks:FIELD.STATUS')}: ${code(enrollment.status)} · ${label(ctx, 'casebooks:FIELD.ENROLLED')}: ${printTime(ctx, enrollment.registeredAt)}`,
      { size: 10, grey: true },
    );
    const details = parseEnrollmentDetails(enrollment.details);
    for (const signature of [details.signOff, details.deactivation]) {
      if (!signature) continue;
      any = true;
      book.text(
        label(ctx, 'casebooks:FIELD.SIGNED', {
          meaning: signature.meaning,
          name: signature.signedByName,
          time: printTime(ctx, signature.signedTime),
        }),
        { indent: 8 },
      );
      if (signature.reason)
        book.text(label(ctx, 'casebooks:FIELD.REASON', { reason: signature.reason }), { indent: 16 });
    }
  }
  const canSeeGroup = hasPermission(input.access, 'TRIAL_GROUP_VIEW', {
    studyId: input.studyId,
    siteId: input.siteId,
  });
  for (const allocation of await listSubjectAllocations(db, input.studyId, input.subjectId)) {
    any = true;
    book.text(
      label(ctx, 'casebooks:FIELD.RANDOMIZED', {
        randomId: allocation.randomId,
        sequence: allocation.sequence,
        name: allocation.allocatedByName,
        time: printTime(ctx, allocation.allocatedAt),
      }),
      { indent: 8 },
    );
    // The group stays blind to whoever may not see trial groups (issue 22).
    if (canSeeGroup)
      book.text(label(ctx, 'casebooks:FIELD.GROUP', { group: allocation.groupId }), { indent: 16 });
  }
  const breaks = await listBlindBreaks(
    db,
    input.studyId,
    loaded.enrollments.map((e) => e.id),
  );
  for (const entry of breaks) {
    any = true;
    book.text(
      label(ctx, 'casebooks:FIELD.BLIND_BREAK', {
        name: entry.userName,
        time: printTime(ctx, entry.signedAt),
      }),
      { indent: 8 },
    );
    book.text(label(ctx, 'casebooks:FIELD.REASON', { reason: entry.reason }), { indent: 16 });
  }
  if (!any) book.text(label(ctx, 'casebooks:VALUE.NONE'), { grey: true });
}

async function writeHistory(db: Executor, book: PdfBook, ctx: PrintContext, input: CasebookInput) {
  book.heading(label(ctx, 'casebooks:SECTION.HISTORY'), 1);
  const history = await getSubjectHistory(db, {
    studyId: input.studyId,
    id: input.subjectId,
    access: input.access,
    language: input.language,
  });
  if (history.entries.length >= history.limit) {
    book.text(label(ctx, 'casebooks:VALUE.HISTORY_LIMIT', { count: history.limit }), {
      size: 10,
      grey: true,
    });
  }
  // Oldest first: a casebook reads from the start of the record.
  for (const entry of [...history.entries].reverse()) {
    const where = [entry.form?.name, entry.dataEvent ? printText(ctx, entry.dataEvent.name) : '']
      .filter((s) => s)
      .join(' · ');
    book.text(
      [
        printTime(ctx, entry.occurredAt),
        // Isolated: "Name <email>" stays whole in a right-to-left line.
        isolateBidi(entry.actorName ?? code(entry.actorType)),
        code(entry.action),
        where,
      ]
        .filter((s) => s)
        .join(' · '),
      { size: 10, bold: true },
    );
    if (entry.summary) book.text(entry.summary, { size: 10, indent: 8 });
    if (entry.reason)
      book.text(label(ctx, 'casebooks:FIELD.REASON', { reason: entry.reason }), { size: 10, indent: 8 });
    book.space(3);
  }
}

/** Issue 27 item 4: prints a subject's casebook; `onProgress` hears of each section written. */
export async function writeCasebook(db: Executor, input: CasebookInput): Promise<PrintedCasebook> {
  const study = await findCasebookStudy(db, input.studyId);
  if (!study) throw notFound('The study');
  const subject = await findCasebookSubject(db, input.studyId, input.subjectId);
  if (!subject) throw notFound('The subject');
  const ctx = printContext(study, input.language);
  const progress = async (done: number) => input.onProgress?.(done, CASEBOOK_SECTIONS);
  const book = await PdfBook.create({
    rtl: isRtlLanguage(input.language),
    title: `${label(ctx, 'casebooks:TITLE')} ${subject.patientId}`,
  });
  writeSubject(book, ctx, subject, input.access, input.studyId);
  const enrollments = await listSubjectEnrollments(db, input.studyId, subject.id);
  const enrollmentIds = enrollments.map((e) => e.id);
  const processes = new Map<string, Process | null>();
  for (const e of enrollments) {
    if (!processes.has(e.processId))
      processes.set(e.processId, await findEnrollmentProcess(db, input.studyId, e.processId));
  }
  const loaded: Loaded = {
    processes,
    enrollments,
    tokens: await listEnrollmentTokens(db, input.studyId, enrollmentIds),
  };
  const sets = await listSubjectQuestionnaires(db, input.studyId, enrollmentIds);
  const formOf = await loadForms(db, input.studyId, sets);
  await progress(1);
  await writeForms(db, book, ctx, input.studyId, sets, loaded, formOf);
  await progress(2);
  await writeQueries(db, book, ctx, input.studyId, enrollmentIds, sets, formOf);
  await progress(3);
  await writeAdverseEvents(db, book, ctx, input.studyId, subject.id);
  await writeAeReports(db, book, ctx, input.studyId, subject.id);
  await progress(4);
  if (isModuleEnabled(study, 'MEDICATION')) {
    await writeMedication(db, book, ctx, {
      studyId: input.studyId,
      subjectId: subject.id,
      accounting: isModuleEnabled(study, 'MEDICATION_ACCOUNTING'),
    });
  }
  await progress(5);
  await writeSignatures(db, book, ctx, { ...input, siteId: subject.siteId }, loaded);
  await progress(6);
  await writeHistory(db, book, ctx, input);
  await progress(7);
  const { bytes, pageCount } = await book.finish({
    title: label(ctx, 'casebooks:TITLE'),
    subtitle: label(ctx, 'casebooks:SUBTITLE', { subject: subject.patientId }),
    contentsTitle: label(ctx, 'casebooks:CONTENTS'),
    headerLines: [
      label(ctx, 'casebooks:HEADER.STUDY', { study: study.name }),
      label(ctx, 'casebooks:HEADER.SUBJECT', { subject: subject.patientId, site: subject.siteName }),
      label(ctx, 'casebooks:HEADER.GENERATED', { time: printTime(ctx, input.now), zone: study.timeZone }),
    ],
    pageLabel: (page, total) => label(ctx, 'casebooks:PAGE', { page, total }),
  });
  await progress(8);
  return { bytes, pageCount, patientId: subject.patientId };
}
