/**
 * Record history of a subject (spec 001 §2 subject view tab "record history", §6 its permission): the
 * latest audit entries about the subject and its data, newest first, with names of data events and forms
 * where known and a short summary of each change. Restricted subject fields are redacted (spec 000 §6).
 *
 * Permission (ours: the spec lists no record-history permission): AUDIT_VIEW at the subject's site, or
 * PATIENT_VIEW there (who may see the subject may see how its record came about).
 */
import {
  type AccessUser,
  type DataEvent,
  describeAnswer,
  type FormTemplateDocument,
  hasPermission,
  historySummaryText,
  type Process,
  pickLocalizedText,
  readAuditPayload,
  redactHistoryValue,
  SUBJECT_HISTORY_LIMIT,
  type SubjectHistory,
  type SubjectHistoryEntry,
  summarizeHistoryChanges,
  unscheduledDataEventOf,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { forbidden, notFound } from '../../../platform/errors';
import { findEnrollmentProcess } from '../../enrollments/api';
import { findFormRow } from '../../questionnaires/api';
import { readAnswer } from '../../questionnaires/service/change-log';
import { requireStudy as requireStudyInfo } from '../../questionnaires/service/context';
import { loadReferenceForms } from '../../questionnaires/service/reference';
import { findSubject, findSubjectRecordRows, listSubjectAuditEvents } from '../repo';

type AuditRow = Awaited<ReturnType<typeof listSubjectAuditEvents>>[number];
type RecordRows = Awaited<ReturnType<typeof findSubjectRecordRows>>;

/** The study-level gate of the route: AUDIT_VIEW or PATIENT_VIEW somewhere in the study. */
export function canSeeAnyRecordHistory(access: AccessUser, studyId: string): boolean {
  return (
    hasPermission(access, 'AUDIT_VIEW', { studyId }) || hasPermission(access, 'PATIENT_VIEW', { studyId })
  );
}

function idsOf(events: AuditRow[], entityType: string): string[] {
  return [...new Set(events.flatMap((e) => (e.entityType === entityType && e.entityId ? [e.entityId] : [])))];
}

/** What an entry points at: enrollment, token, filled form, data event and form. */
type Pointers = Pick<SubjectHistoryEntry, 'enrollmentId' | 'tokenId' | 'questionnaireId'> & {
  dataEventId: string | null;
  formId: string | null;
};

/** The link an enrollment event names (unscheduled events, consent through a link), if any. */
function linkOf(event: AuditRow): string | null {
  const after = readAuditPayload(event.action, 'after', event.after);
  return after && typeof after.tokenId === 'string' ? after.tokenId : null;
}

function pointersOf(event: AuditRow, rows: RecordRows): Pointers {
  const empty: Pointers = {
    enrollmentId: null,
    tokenId: null,
    questionnaireId: null,
    dataEventId: null,
    formId: null,
  };
  const fromToken = (tokenId: string | null, base: Pointers): Pointers => {
    const token = rows.tokenRows.find((t) => t.id === tokenId);
    if (!token) return base;
    return { ...base, tokenId: token.id, enrollmentId: token.enrollmentId, dataEventId: token.dataEventId };
  };
  const fromQuestionnaire = (questionnaireId: string | null): Pointers => {
    const set = rows.questionnaireRows.find((q) => q.id === questionnaireId);
    if (!set) return empty;
    return fromToken(set.tokenId, {
      ...empty,
      questionnaireId: set.id,
      enrollmentId: set.enrollmentId,
      dataEventId: set.dataEventId,
      formId: set.formId,
    });
  };
  switch (event.entityType) {
    case 'ENROLLMENT':
      return fromToken(linkOf(event), { ...empty, enrollmentId: event.entityId });
    case 'TOKEN':
      return fromToken(event.entityId, empty);
    case 'QUESTIONNAIRE':
      return fromQuestionnaire(event.entityId);
    case 'ANSWER':
      return fromQuestionnaire(rows.answerRows.find((a) => a.id === event.entityId)?.questionnaireId ?? null);
    case 'QUERY': {
      const query = rows.queryRows.find((q) => q.id === event.entityId);
      return query?.questionnaireId
        ? fromQuestionnaire(query.questionnaireId)
        : fromToken(query?.tokenId ?? null, empty);
    }
    default:
      return empty;
  }
}

/** The answers of a filled-form entry in words (as the change log shows them), other values untouched. */
function withAnswerTexts(
  action: string,
  side: 'before' | 'after',
  stored: unknown,
  form: FormTemplateDocument | undefined,
  language: string,
): unknown {
  const value = readAuditPayload(action, side, stored);
  const answered =
    value && typeof value.answers === 'object' && value.answers !== null ? value.answers : null;
  if (!value || !answered) return stored;
  const answers = Object.fromEntries(
    Object.entries(answered).map(([questionId, raw]) => [
      questionId,
      describeAnswer(
        form?.questions.find((q) => q.id === questionId),
        readAnswer(questionId, raw),
        language,
      ),
    ]),
  );
  return { ...value, answers };
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Issue 12: an answer change is labelled with its question's text (plain, in the reader's language). */
function withQuestionLabels(
  changes: SubjectHistoryEntry['changes'],
  form: FormTemplateDocument | undefined,
  languages: { subject: string | null; primary: string },
): SubjectHistoryEntry['changes'] {
  if (!form) return changes;
  return changes.map((change) => {
    const [root, questionId] = change.field.split('.');
    if (root !== 'answers' || !questionId) return change;
    const question = form.questions.find((q) => q.id === questionId);
    const text = pickLocalizedText(question?.question, languages)?.text;
    const label = text ? stripTags(text) : '';
    return label ? { ...change, label } : change;
  });
}

/**
 * Spec 001 §2 record history: the latest `SUBJECT_HISTORY_LIMIT` audit entries about a subject (404
 * when unknown in the study; 403 without AUDIT_VIEW or PATIENT_VIEW at its site), newest first.
 */
export async function getSubjectHistory(
  db: Executor,
  input: { studyId: string; id: string; access: AccessUser; language?: string },
): Promise<SubjectHistory> {
  const study = await requireStudyInfo(db, input.studyId);
  const subject = await findSubject(db, input.studyId, input.id);
  if (!subject) throw notFound('The subject');
  const scope = { studyId: input.studyId, siteId: subject.siteId };
  if (
    !hasPermission(input.access, 'AUDIT_VIEW', scope) &&
    !hasPermission(input.access, 'PATIENT_VIEW', scope)
  ) {
    throw forbidden();
  }
  const events = await listSubjectAuditEvents(db, input.studyId, subject.id, SUBJECT_HISTORY_LIMIT);
  const rows = await findSubjectRecordRows(db, input.studyId, {
    answers: idsOf(events, 'ANSWER'),
    queries: idsOf(events, 'QUERY'),
    questionnaires: idsOf(events, 'QUESTIONNAIRE'),
    tokens: [
      ...idsOf(events, 'TOKEN'),
      ...events.flatMap((e) => {
        const tokenId = e.entityType === 'ENROLLMENT' ? linkOf(e) : null;
        return tokenId ? [tokenId] : [];
      }),
    ],
    enrollments: idsOf(events, 'ENROLLMENT'),
  });
  const processes = new Map<string, Process | null>();
  for (const e of rows.enrollmentRows) {
    if (!processes.has(e.processId))
      processes.set(e.processId, await findEnrollmentProcess(db, input.studyId, e.processId));
  }
  const forms = await loadReferenceForms(db, input.studyId, rows.questionnaireRows);
  const formNames = new Map<string, string>();
  for (const formId of new Set(rows.questionnaireRows.map((q) => q.formId))) {
    formNames.set(formId, (await findFormRow(db, input.studyId, formId))?.name ?? '');
  }
  // Issue 12: names and answers in the reader's language where the form has it, else the primary one.
  const languages = { subject: input.language ?? null, primary: study.primaryLanguage };
  const language = input.language ?? study.primaryLanguage;
  const formName = (formId: string) => {
    const title = forms.find((f) => f.id === formId)?.title;
    return pickLocalizedText(title, languages)?.text ?? formNames.get(formId) ?? '';
  };

  const dataEventOf = (p: Pointers): SubjectHistoryEntry['dataEvent'] => {
    if (!p.dataEventId) return null;
    const enrollment = rows.enrollmentRows.find((e) => e.id === p.enrollmentId);
    const process = enrollment ? processes.get(enrollment.processId) : null;
    const token = rows.tokenRows.find((t) => t.id === p.tokenId);
    let event: DataEvent | null | undefined = process?.dataEvents.find((d) => d.id === p.dataEventId);
    if (!event && process && token) event = unscheduledDataEventOf(process, token);
    return event
      ? { id: event.id, type: event.type, name: event.name }
      : { id: p.dataEventId, type: null, name: {} };
  };

  const entries = events.map((event): SubjectHistoryEntry => {
    const p = pointersOf(event, rows);
    const form = forms.find((f) => f.id === p.formId);
    const shown = (side: 'before' | 'after') =>
      redactHistoryValue(
        event.entityType === 'QUESTIONNAIRE'
          ? withAnswerTexts(event.action, side, event[side], form, language)
          : event[side],
        input.access,
        scope,
        { withName: event.entityType === 'SUBJECT' },
      );
    const changes = withQuestionLabels(
      summarizeHistoryChanges(shown('before'), shown('after')),
      form,
      languages,
    );
    return {
      auditId: event.id,
      occurredAt: event.occurredAt.toISOString(),
      actorType: event.actorType,
      actorName: event.actorName,
      action: event.action,
      entityType: event.entityType,
      entityId: event.entityId,
      enrollmentId: p.enrollmentId,
      tokenId: p.tokenId,
      questionnaireId: p.questionnaireId,
      dataEvent: dataEventOf(p),
      form: p.formId ? { id: p.formId, name: formName(p.formId) } : null,
      reason: event.reason,
      summary: historySummaryText(changes),
      changes,
    };
  });
  return { entries, limit: SUBJECT_HISTORY_LIMIT };
}
