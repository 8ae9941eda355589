import { type Answer, createEmptyAnswer } from '@trialbase/domain';

let template: Answer | undefined;

/**
 * The empty answer of a question (spec 001 §4), as the domain's createEmptyAnswer makes it, without
 * a zod parse per question and render (issue 16 item 6): the schema runs once, the rest are copies.
 */
export function emptyAnswerOf(questionId: string): Answer {
  template ??= createEmptyAnswer('');
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) copy[key] = Array.isArray(value) ? [] : value;
  return { ...(copy as Answer), question: questionId };
}
