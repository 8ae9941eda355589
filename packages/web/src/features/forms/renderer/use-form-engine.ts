import { type Answer, collectEmbeddedRules, type FormTemplate, type ValidationRule } from '@trialbase/domain';
import { useMemo, useRef } from 'react';
import { computeFormEngine, type FormEngineResult, type QuestionView, type RendererAudience } from './engine';

/**
 * The domain engine for a form, run once per change of the answers (issue 16 item 6). The page that
 * hosts the renderer calls it and hands the result to the renderer (`engine`), so the fill page and
 * the renderer do not each run it. Unchanged question views keep their identity (memoised rows).
 */
export function useFormEngine(input: {
  form: FormTemplate;
  answers: readonly Answer[];
  audience: RendererAudience;
  /** Cross-form rules besides those embedded in the questions. */
  rules?: readonly ValidationRule[] | undefined;
  now?: Date | undefined;
  /** A result computed by the host page: used as it is, nothing runs here. */
  given?: FormEngineResult | undefined;
}): FormEngineResult {
  const { form, answers, audience, rules, now, given } = input;
  const allRules = useMemo(
    () => (given ? [] : [...collectEmbeddedRules(form), ...(rules ?? [])]),
    [given, form, rules],
  );
  const previousViews = useRef<ReadonlyMap<string, QuestionView> | undefined>(undefined);
  return useMemo(() => {
    if (given) return given;
    const result = computeFormEngine(
      form,
      allRules,
      answers,
      { audience, now: now ?? new Date() },
      previousViews.current,
    );
    previousViews.current = result.views;
    return result;
  }, [given, form, allRules, answers, audience, now]);
}
