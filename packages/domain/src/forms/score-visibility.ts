import type { FormTemplate, Question } from './model';

/** Who looks at a filled form: study staff or the participant on the public pages. */
export type ScoreAudience = 'staff' | 'public';

/**
 * Issue 18 item 7: whether this audience sees the form's score. Staff always do on score forms;
 * a participant only when the form's `showScoreToParticipant` setting is on (off by default: a
 * PRO score shown to the patient can bias later answers).
 */
export function isScoreShownTo(
  form: Pick<FormTemplate, 'score' | 'showScoreToParticipant'>,
  audience: ScoreAudience,
): boolean {
  if (!form.score) return false;
  return audience === 'staff' || form.showScoreToParticipant === true;
}

/**
 * Issue 18 item 7: on a score form, calculated questions carry the score (the library's PHQ-9 and
 * GAD-7 total): they are hidden from a participant who may not see the score. Still computed and
 * stored; only not shown.
 */
export function isScoreQuestionHiddenFrom(
  form: Pick<FormTemplate, 'score' | 'showScoreToParticipant'>,
  question: Pick<Question, 'type'>,
  audience: ScoreAudience,
): boolean {
  return form.score && question.type === 'CALCULATED' && !isScoreShownTo(form, audience);
}
