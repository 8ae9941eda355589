/**
 * Change log of a filled form (spec 001 §2 "The change log takes at most the latest 100 audit ids",
 * §7 GET /studies/{studyId}/token/questionnaires/{questionnaireId}/audit and /monitor), read from the
 * audit trail: who, when, which question, old and new value, and the reason of an update.
 */
import {
  type Answer,
  AnswerSchema,
  CHANGE_LOG_LIMIT,
  type ChangeLogEntry,
  describeAnswer,
  type FormTemplateDocument,
  isAuditActionIn,
  readAuditPayload,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { findQuestionnaire, listAnswerRows, listQuestionnaireAudit } from '../repo';
import { requireStudy } from './context';
import { loadReferenceForms } from './reference';

const CHANGE_ACTIONS = {
  QUESTIONNAIRE_CREATED: 'CREATED',
  QUESTIONNAIRE_SAVED: 'SAVED',
  QUESTIONNAIRE_SUBMITTED: 'SUBMITTED',
  QUESTIONNAIRE_UPDATED: 'UPDATED',
} as const;
const ANSWER_CHANGE_ACTIONS = [
  'QUESTIONNAIRE_SAVED',
  'QUESTIONNAIRE_SUBMITTED',
  'QUESTIONNAIRE_UPDATED',
] as const;
const CHANGE_ACTION_LIST = ['QUESTIONNAIRE_CREATED', ...ANSWER_CHANGE_ACTIONS] as const;
const VERIFICATION_ACTIONS = ['ANSWER_VERIFIED', 'ANSWER_UNVERIFIED', 'QUESTIONNAIRE_VERIFIED'] as const;

type AuditRow = Awaited<ReturnType<typeof listQuestionnaireAudit>>[number];

/** An audit value of one answer read back as an answer, or null when it is empty or unreadable. */
export function readAnswer(questionId: string, value: unknown): Answer | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const parsed = AnswerSchema.safeParse({ ...value, question: questionId });
  return parsed.success ? parsed.data : null;
}

function entriesOf(
  row: AuditRow,
  form: FormTemplateDocument | undefined,
  language: string,
): ChangeLogEntry[] {
  const base = {
    auditId: row.id,
    action: row.action,
    actorName: row.actorName,
    occurredAt: row.occurredAt.toISOString(),
    reason: row.reason,
  };
  if (isAuditActionIn(row.action, VERIFICATION_ACTIONS)) {
    const after = readAuditPayload(row.action, 'after', row.after);
    return [
      {
        ...base,
        kind: 'VERIFICATION',
        questionId: after?.questionId ?? null,
        oldValue: null,
        newValue: null,
        oldText: null,
        newText: null,
        verification: { type: after?.type ?? 'primary', verified: after?.verified ?? false },
      },
    ];
  }
  const kind = isAuditActionIn(row.action, CHANGE_ACTION_LIST) ? CHANGE_ACTIONS[row.action] : 'SAVED';
  // QUESTIONNAIRE_CREATED records the link and form version, no answers.
  const answerChange = isAuditActionIn(row.action, ANSWER_CHANGE_ACTIONS) ? row.action : null;
  const before = (answerChange && readAuditPayload(answerChange, 'before', row.before)?.answers) || {};
  const after = (answerChange && readAuditPayload(answerChange, 'after', row.after)?.answers) || {};
  const questionIds = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const empty = { kind, questionId: null, oldValue: null, newValue: null, oldText: null, newText: null };
  if (questionIds.length === 0) return [{ ...base, ...empty, verification: null }];
  return questionIds.map((questionId) => {
    const question = form?.questions.find((q) => q.id === questionId);
    const oldValue = readAnswer(questionId, before[questionId]);
    const newValue = readAnswer(questionId, after[questionId]);
    return {
      ...base,
      kind,
      questionId,
      oldValue,
      newValue,
      oldText: describeAnswer(question, oldValue, language),
      newText: describeAnswer(question, newValue, language),
      verification: null,
    };
  });
}

/** The latest 100 audit events of a filled form as change-log lines; the monitor view adds verification. */
export async function getChangeLog(
  db: Executor,
  input: { studyId: string; questionnaireId: string; withVerification: boolean },
): Promise<{ entries: ChangeLogEntry[]; siteId: string }> {
  const study = await requireStudy(db, input.studyId);
  const row = await findQuestionnaire(db, input.studyId, input.questionnaireId);
  if (!row) throw notFound('The filled form');
  const answerIds = (await listAnswerRows(db, input.studyId, [row.id])).map((a) => a.id);
  const actions = [...CHANGE_ACTION_LIST, ...(input.withVerification ? VERIFICATION_ACTIONS : [])];
  const events = await listQuestionnaireAudit(db, {
    studyId: input.studyId,
    questionnaireId: row.id,
    answerIds,
    actions,
    limit: CHANGE_LOG_LIMIT,
  });
  const [form] = await loadReferenceForms(db, input.studyId, [row]);
  return {
    entries: events.flatMap((e) => entriesOf(e, form, study.primaryLanguage)),
    siteId: row.siteId,
  };
}
