import { type Answer, type FormTemplate, isRightToLeft } from '@trialbase/domain';
import { useMemo, useState } from 'react';
import { FormRenderer } from '../forms/renderer/form-renderer';
import { QueryAnswerProvider } from '../forms/renderer/reference-slots';
import classes from './answer-editor.module.css';

type AnswerEditorProps = {
  form: FormTemplate;
  questionId: string;
  /** The saved answer the site corrects. */
  answer: Answer | undefined;
  language: string;
  study: { id: string; modules: readonly string[]; dateFormat?: string; dateTimeFormat?: string };
  onChange: (answer: Answer) => void;
};

/**
 * The queried question alone, in the shared renderer, so a response can change its answer
 * (issue 19 item 2). Show rules are left out: the question is on screen because it is queried.
 */
export function AnswerEditor({ form, questionId, answer, language, study, onChange }: AnswerEditorProps) {
  const single = useMemo<FormTemplate>(
    () => ({
      ...form,
      // The dialog names the question already; the form's own title stays out (hidden by CSS too).
      title: {},
      questions: form.questions
        .filter((q) => q.id === questionId)
        .map((q) => ({ ...q, order: 1, showRules: [], validationRules: [] })),
    }),
    [form, questionId],
  );
  const [answers, setAnswers] = useState<Answer[]>(() => (answer ? [answer] : []));
  return (
    <div className={classes.editor} lang={language} dir={isRightToLeft(language) ? 'rtl' : 'ltr'}>
      {/* Reference questions here answer the query (AE create state isQuery). */}
      <QueryAnswerProvider value={true}>
        <FormRenderer
          form={single}
          answers={answers}
          onChange={(next) => {
            setAnswers(next);
            const changed = next.find((a) => a.question === questionId);
            if (changed) onChange(changed);
          }}
          mode="staff"
          language={language}
          study={study}
          dateFormat={study.dateFormat}
          dateTimeFormat={study.dateTimeFormat}
          isCheckHidden
          firstNumber={form.questions.find((q) => q.id === questionId)?.order ?? 1}
        />
      </QueryAnswerProvider>
    </div>
  );
}
