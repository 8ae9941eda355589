-- Issue 16: every answer row was written into three B-tree indexes, and a participant's 30-answer
-- submit made 90 of its 121 index inserts there. The third (study, question, filled form), added for
-- the data views (0028), is not needed by them: a by-answer filter names the form, so its answers are
-- reached from the form's filled forms (questionnaire_form_idx), one probe each into the answer key
-- (study, filled form, question), which finds the same rows the question's index did, one per filled
-- form; the answer tab reads the form's filled forms' answers the same way.
DROP INDEX IF EXISTS "answer_question_idx";
