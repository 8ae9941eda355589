/** Queries raised by QUERY-action validation rules on save (spec 001 §3 Validation rule action, DESIGN.md). */
import { type LocalizedText, pickLocalizedText, QUERY_TEXT_MAX_LENGTH } from '@trialbase/domain';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findRuleQuery, findStudyFacts, insertQuery, loadListNames, type QueryRow } from '../repo';
import { newComment } from './comment';
import { type NotifyEnv, notifyQueryRaised } from './notify';

export type RuleQueryInput = {
  studyId: string;
  siteId: string;
  enrollmentId: string;
  tokenId: string;
  dataEventId: string;
  questionnaireId: string;
  formId: string;
  questionId: string;
  answerId: string | null;
  ruleId: string | null;
  message: LocalizedText;
  language: string;
  /** Where the emails link to; without it no email is queued. */
  env?: NotifyEnv | undefined;
};

/**
 * DESIGN.md decisions: a QUERY rule that fires raises an OPEN query on the question, once per rule and
 * answer set question: a re-submit that fires the same rule again adds nothing. Its first comment is
 * system generated (spec 001 §3: no creator). The site's responders are told (issue 19 item 4).
 * Returns whether it raised one.
 */
export async function raiseRuleQuery(ctx: UseCaseContext, input: RuleQueryInput): Promise<boolean> {
  // A rule without an id (embedded in a question) is keyed by its question.
  const ruleId = input.ruleId ?? `embedded:${input.questionId}`;
  const existing = await findRuleQuery(ctx.tx, { ...input, ruleId });
  if (existing) return false;
  const picked = pickLocalizedText(input.message, { subject: input.language, primary: input.language });
  const queryText = (picked?.text ?? 'A validation rule asks for a check.').slice(0, QUERY_TEXT_MAX_LENGTH);
  const id = newId(ctx.now);
  const row: QueryRow = {
    studyId: input.studyId,
    id,
    siteId: input.siteId,
    enrollmentId: input.enrollmentId,
    tokenId: input.tokenId,
    dataEventId: input.dataEventId,
    questionnaireId: input.questionnaireId,
    formId: input.formId,
    questionId: input.questionId,
    answerId: input.answerId,
    status: 'OPEN',
    queryText,
    ruleId,
    comments: [newComment(ctx, null, 'CREATE', queryText)],
    createdBy: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await insertQuery(ctx.tx, row);
  await ctx.audit({
    action: 'QUERY_RAISED',
    entityType: 'QUERY',
    entityId: id,
    studyId: input.studyId,
    before: null,
    after: { questionnaireId: input.questionnaireId, questionId: input.questionId, ruleId, queryText },
  });
  if (input.env) {
    const study = await findStudyFacts(ctx.tx, input.studyId);
    const names = await loadListNames(ctx.tx, input.studyId, [row]);
    await notifyQueryRaised(ctx, input.env, row, {
      studyName: study?.name ?? '',
      subjectLabel: names.subjects.get(input.enrollmentId)?.label ?? '',
    });
  }
  return true;
}
