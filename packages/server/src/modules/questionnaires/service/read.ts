/** Read calls of filled forms (spec 001 §7 Filled forms): fill payload, review data, completed sets, cross-form data. */

import type { EnrollmentStatus } from '@trialbase/domain';
import {
  type AccessUser,
  type AnswerSetView,
  canTokenTakeAnswers,
  collectShowRules,
  dataCaptureStatusOf,
  evaluateVisibility,
  type FillAbilities,
  formEditBlockReason,
  formStatusForToken,
  hasPermission,
  isId,
  type QuestionnaireFill,
  type QuestionnaireReviewData,
  type ReferenceQuestionnaire,
  type ShowRuleResult,
  type StudyStatus,
  studyEditScope,
  type TokenStatus,
  ValidationRuleSchema,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { findEnrollment } from '../../enrollments/api';
import { findToken, type TokenRow } from '../../enrollments/tokens/api';
import { presentToken } from '../../enrollments/tokens/presenters';
import { answerOfRow, presentAnswerSet, presentQuery } from '../presenters';
import {
  type AnswerRow,
  displayNameOf,
  findTokenIdByLink,
  findUserNames,
  listAnswerRows,
  listEnrollmentQuestionnaires,
  listMissingDataTokenIds,
  listQuestionnaireQueries,
  listStudyValidationRuleRows,
  listTokenQuestionnaires,
  type NamedUser,
  type QuestionnaireRow,
} from '../repo';
import {
  assertEventKind,
  type EventKind,
  type FillContext,
  loadFillContext,
  loadFormShowRules,
  verificationTypesOf,
} from './context';
import { loadReferenceForms } from './reference';

export type TokenRef = { studyId: string; enrollmentId: string; tokenId: string };

/** Answer sets with their answers and filler names, as the API shows them (spec 001 §4: a missingData token's forms show missing data). */
export async function presentSets(
  db: Executor,
  studyId: string,
  sets: QuestionnaireRow[],
  /**
   * What the caller holds already (a save: its answer rows and token, the signed-in user), so it is
   * not read again.
   */
  known: {
    answers?: AnswerRow[];
    tokens?: Pick<TokenRow, 'id' | 'missingData'>[];
    users?: NamedUser[];
  } = {},
) {
  const rows =
    known.answers ??
    (await listAnswerRows(
      db,
      studyId,
      sets.map((s) => s.id),
    ));
  const knownNames = new Map((known.users ?? []).map((u) => [u.id, displayNameOf(u)]));
  const names = await findUserNames(
    db,
    sets.flatMap((s) =>
      s.filledOutByType === 'USER' && s.filledOutBy && !knownNames.has(s.filledOutBy) ? [s.filledOutBy] : [],
    ),
  );
  for (const [id, name] of knownNames) names.set(id, name);
  const tokenIds = [...new Set(sets.map((s) => s.tokenId))];
  const knownTokens = new Map((known.tokens ?? []).map((t) => [t.id, t]));
  const missingData = tokenIds.every((id) => knownTokens.has(id))
    ? new Set(tokenIds.filter((id) => knownTokens.get(id)?.missingData))
    : await listMissingDataTokenIds(db, studyId, tokenIds);
  return sets.map((s) => {
    const view = presentAnswerSet(s, rows, names);
    return { ...view, status: formStatusForToken(view.status, missingData.has(s.tokenId)) };
  });
}

/** Spec 001 §4 edit locks and the verification buttons, for this caller on this token. */
function abilitiesOf(fill: FillContext, access: AccessUser | null): FillAbilities {
  const scope = { studyId: fill.study.id, siteId: fill.enrollment.siteId };
  const can = (p: Parameters<typeof hasPermission>[1]) => access !== null && hasPermission(access, p, scope);
  const status = dataCaptureStatusOf(fill.study.status as StudyStatus, fill.study.amendmentBlocking);
  const editBlockedReason = formEditBlockReason({
    studyStatus: status,
    tokenStatus: fill.token.status as TokenStatus,
    isTokenLocked: fill.token.locked,
    isFormRemoved: false,
  });
  const types = verificationTypesOf(fill.study);
  return {
    canFill:
      can('QUESTIONNAIRE_CREATE') &&
      studyEditScope(status).dataCapture &&
      !fill.token.locked &&
      canTokenTakeAnswers(fill.token.status as TokenStatus),
    canEdit: can('QUESTIONNAIRE_UPDATE') && editBlockedReason === null,
    editBlockedReason,
    canVerify: types.primary !== 'NONE' && can('VERIFICATION_STATUS_UPDATE'),
    canVerifySecondary: types.secondary !== 'NONE' && can('VERIFICATION_STATUS_SECONDARY_UPDATE'),
  };
}

/**
 * Spec 001 §7 GET .../tokens/{tokenId}/questionnaires (any token) and GET .../questionnaires/unscheduled
 * (`kind` UNSCHEDULED: unscheduled tokens only): the staff fill screen's data.
 */
export async function getFillPayload(
  db: Executor,
  ref: TokenRef,
  access: AccessUser | null,
  kind: EventKind = 'ANY',
): Promise<QuestionnaireFill & { sets: QuestionnaireRow[] }> {
  const fill = await loadFillContext(db, ref);
  assertEventKind(fill, kind);
  const sets = fill.questionnaires;
  const views = await presentSets(db, ref.studyId, sets);
  const byForm = new Map(views.map((v) => [v.formId, v]));
  return {
    sets,
    token: presentToken(fill.token, { withSecret: false }),
    dataEvent: {
      id: fill.event.id,
      name: fill.event.name,
      type: fill.event.type,
      forceFormOrder: fill.event.forceFormOrder,
    },
    enrollment: {
      id: fill.enrollment.id,
      subjectId: fill.enrollment.subjectId,
      patientId: fill.patientId,
      siteId: fill.enrollment.siteId,
      status: fill.enrollment.status as EnrollmentStatus,
      language: fill.enrollment.language,
      timeZone: fill.enrollment.timeZone,
    },
    forms: fill.forms.map((f) => ({ ...f, answerSet: byForm.get(f.formId) ?? null })),
    abilities: abilitiesOf(fill, access),
    verification: verificationTypesOf(fill.study),
    extendedValidation: fill.study.extendedValidation,
  };
}

/** Spec 001 §7 GET .../questionnaireReviewData: the fill payload plus the queries on its forms. */
export async function getReviewData(
  db: Executor,
  ref: TokenRef,
  access: AccessUser | null,
): Promise<QuestionnaireReviewData> {
  const { sets, ...payload } = await getFillPayload(db, ref, access);
  const queries = await listQuestionnaireQueries(
    db,
    ref.studyId,
    sets.map((s) => s.id),
  );
  return { ...payload, queries: queries.map(presentQuery) };
}

/** Spec 001 §7 GET .../dataEvents/{dataEventId}/tokens/{tokenId}/questionnaires/completed. */
export async function listCompletedSets(
  db: Executor,
  ref: TokenRef & { dataEventId: string },
): Promise<AnswerSetView[]> {
  const token = await findToken(db, ref.studyId, ref.tokenId);
  if (!token || token.enrollmentId !== ref.enrollmentId || token.dataEventId !== ref.dataEventId) {
    throw notFound('The token');
  }
  const sets = await listTokenQuestionnaires(db, ref.studyId, token.id);
  return presentSets(
    db,
    ref.studyId,
    sets.filter((s) => s.completedAt !== null),
  );
}

/**
 * Spec 001 §7 GET /studies/{studyId}/enrollment/{enrollmentId}/referenceRuleQuestionnaires: the
 * enrollment's answer sets on forms that validation rules refer to from other forms (QUESTION_REF).
 */
export async function listReferenceQuestionnaires(
  db: Executor,
  input: { studyId: string; enrollmentId: string },
): Promise<ReferenceQuestionnaire[]> {
  const enrollment = await findEnrollment(db, input.studyId, input.enrollmentId);
  if (!enrollment) throw notFound('The enrollment');
  const referenced = new Set<string>();
  for (const row of await listStudyValidationRuleRows(db, input.studyId)) {
    const parsed = ValidationRuleSchema.safeParse(row.document);
    const right = parsed.success ? parsed.data.rightOperant : null;
    if (right?.type === 'QUESTION_REF' && right.form) referenced.add(right.form);
  }
  const sets = (await listEnrollmentQuestionnaires(db, input.studyId, enrollment.id)).filter((s) =>
    referenced.has(s.formId),
  );
  const forms = await loadReferenceForms(db, input.studyId, sets);
  const rows = await listAnswerRows(
    db,
    input.studyId,
    sets.map((s) => s.id),
  );
  return sets.flatMap((s) => {
    const form = forms.find((f) => f.id === s.formId);
    if (!form) return [];
    return [
      {
        questionnaireId: s.id,
        dataEventId: s.dataEventId,
        formId: s.formId,
        form,
        answers: rows.filter((r) => r.questionnaireId === s.id).map(answerOfRow),
      },
    ];
  });
}

/**
 * Spec 001 §7 constructShowRuleResultForSubjectBasedCriteria: per form of the token, what the form's own
 * and the study's reference show rules hide, given the saved answers.
 */
export async function getShowRuleResult(
  db: Executor,
  input: { studyId: string; tokenStringOrId: string },
): Promise<ShowRuleResult & { siteId: string }> {
  const tokenId = isId(input.tokenStringOrId)
    ? input.tokenStringOrId
    : await findTokenIdByLink(db, input.studyId, input.tokenStringOrId);
  const token = tokenId ? await findToken(db, input.studyId, tokenId) : null;
  if (!token) throw notFound('The token');
  const fill = await loadFillContext(db, {
    studyId: input.studyId,
    enrollmentId: token.enrollmentId,
    tokenId: token.id,
  });
  const sets = fill.questionnaires;
  const rows = await listAnswerRows(
    db,
    input.studyId,
    sets.map((s) => s.id),
  );
  const forms = [];
  for (const f of fill.forms) {
    const set = sets.find((s) => s.formId === f.formId);
    const answers = set ? rows.filter((r) => r.questionnaireId === set.id).map(answerOfRow) : [];
    const reference = await loadFormShowRules(db, input.studyId, f.formId, {
      processId: fill.process.id,
      dataEventId: fill.event.id,
    });
    const visibility = evaluateVisibility(f.form, [...collectShowRules(f.form), ...reference], answers);
    forms.push({ formId: f.formId, ...visibility });
  }
  return { tokenId: token.id, forms, siteId: fill.enrollment.siteId };
}
