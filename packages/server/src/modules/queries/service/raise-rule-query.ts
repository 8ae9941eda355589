/** Queries raised by QUERY-action validation rules on save (spec 001 §3 Validation rule action, DESIGN.md). */
import { type LocalizedText, pickLocalizedText } from '@trialbase/domain';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { findRuleQuery, insertQuery } from '../repo';

export type RuleQueryInput = {
  studyId: string;
  siteId: string;
  enrollmentId: string;
  tokenId: string;
  questionnaireId: string;
  formId: string;
  questionId: string;
  answerId: string | null;
  ruleId: string | null;
  message: LocalizedText;
  language: string;
};

/**
 * DESIGN.md decisions: a QUERY rule that fires raises an OPEN query on the question, once per rule and
 * answer set question: a re-submit that fires the same rule again adds nothing. Returns whether it raised one.
 */
export async function raiseRuleQuery(ctx: UseCaseContext, input: RuleQueryInput): Promise<boolean> {
  // A rule without an id (embedded in a question) is keyed by its question.
  const ruleId = input.ruleId ?? `embedded:${input.questionId}`;
  const existing = await findRuleQuery(ctx.tx, { ...input, ruleId });
  if (existing) return false;
  const picked = pickLocalizedText(input.message, { subject: input.language, primary: input.language });
  const queryText = picked?.text ?? 'A validation rule asks for a check.';
  const id = newId(ctx.now);
  await insertQuery(ctx.tx, {
    studyId: input.studyId,
    id,
    siteId: input.siteId,
    enrollmentId: input.enrollmentId,
    tokenId: input.tokenId,
    questionnaireId: input.questionnaireId,
    formId: input.formId,
    questionId: input.questionId,
    answerId: input.answerId,
    status: 'OPEN',
    queryText: queryText.slice(0, 1000),
    ruleId,
    comments: [],
    createdBy: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'QUERY_RAISED',
    entityType: 'QUERY',
    entityId: id,
    studyId: input.studyId,
    before: null,
    after: { questionnaireId: input.questionnaireId, questionId: input.questionId, ruleId, queryText },
  });
  return true;
}
