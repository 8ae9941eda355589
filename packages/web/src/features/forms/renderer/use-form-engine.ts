import { type Answer, collectEmbeddedRules, type FormTemplate, type ValidationRule } from '@trialbase/domain';
import { useMemo, useRef } from 'react';
import { computeFormEngine, type FormEngineResult, type QuestionView, type RendererAudience } from './engine';

/**
 * The domain engine for a form, run once per change of the answers (issue 16 item 6). The page that
 * hosts the renderer calls it and hands the result to the renderer (`engine`), so the fill page and
 * the renderer do not each run it (the participant fill step, and the staff fill and review pages,
 * which also read `invalidCount` from it). Unchanged question views keep their identity (memoised rows).
 */
type EngineInput<F> = {
  form: F;
  answers: readonly Answer[];
  audience: RendererAudience;
  /** Cross-form rules besides those embedded in the questions. */
  rules?: readonly ValidationRule[] | undefined;
  now?: Date | undefined;
  /** A result computed by the host page: used as it is, nothing runs here. */
  given?: FormEngineResult | undefined;
};

export function useFormEngine(input: EngineInput<FormTemplate>): FormEngineResult;
/** A page whose form is still loading: no result until there is a form. */
export function useFormEngine(input: EngineInput<FormTemplate | undefined>): FormEngineResult | undefined;
export function useFormEngine(input: EngineInput<FormTemplate | undefined>): FormEngineResult | undefined {
  const { form, answers, audience, rules, now, given } = input;
  const allRules = useMemo(
    () => (given || !form ? [] : [...collectEmbeddedRules(form), ...(rules ?? [])]),
    [given, form, rules],
  );
  const previousViews = useRef<ReadonlyMap<string, QuestionView> | undefined>(undefined);
  return useMemo(() => {
    if (given) return given;
    if (!form) return undefined;
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
