/**
 * Spec 001 §4 "in amendment only fully editable items change" (issue 23 item 1), made exact: what the
 * running amendment added is fully editable, what existed before it started is not. A form with no
 * version published before the amendment started is wholly the amendment's; otherwise the form and
 * the questions of those versions are locked in structure. The server sets the flags from this on every
 * save during an amendment, whatever the client sent.
 */
type Editable = { fullyEditable: boolean };

export function withAmendmentEditability<
  Q extends Editable & { id: string },
  F extends Editable & { questions: Q[] },
>(form: F, preAmendmentQuestionIds: ReadonlySet<string> | null): F {
  const isNew = preAmendmentQuestionIds === null;
  return {
    ...form,
    fullyEditable: isNew,
    questions: form.questions.map((q) => ({
      ...q,
      fullyEditable: isNew || !preAmendmentQuestionIds.has(q.id),
    })),
  };
}
