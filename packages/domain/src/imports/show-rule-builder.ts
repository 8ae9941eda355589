/**
 * Show rules from imported conditions (issue 27 items 1–2): the product's rules are an OR of
 * "one of these possibilities of an earlier choice question is chosen" (spec 001 §3), so a
 * condition fits when it is such a choice test or an OR of them; rules on one question merge.
 */
import type { ShowRule } from '../forms/model';

export type ChoiceSource = {
  questionId: string;
  /** Source code (REDCap code, FHIR code or display) → possibility id, in order. */
  codes: Map<string, string>;
  isMultiple: boolean;
};

export type ChoiceTest =
  | { ok: true; questionId: string; possibilities: string[]; isApproximate: boolean }
  | { ok: false };

/** The possibilities a comparison of a choice source with `value` selects. */
export function choiceTest(source: ChoiceSource, op: string, value: string): ChoiceTest {
  const all = [...source.codes.entries()];
  const fail: ChoiceTest = { ok: false };
  if (op === '=') {
    const id = source.codes.get(value);
    return id ? { ok: true, questionId: source.questionId, possibilities: [id], isApproximate: false } : fail;
  }
  let picked: string[] = [];
  // A blank answer passes "not equal" in the source but hides the question here; a blank fails
  // the ordered comparisons in both.
  let isApproximate = false;
  if (op === '<>' || op === '!=') {
    if (!source.codes.has(value)) return fail;
    picked = all.filter(([code]) => code !== value).map(([, id]) => id);
    isApproximate = true;
  } else if (['<', '<=', '>', '>='].includes(op)) {
    const limit = Number(value);
    if (value === '' || !Number.isFinite(limit) || all.some(([code]) => !Number.isFinite(Number(code)))) {
      return fail;
    }
    const keep = (n: number) =>
      op === '<' ? n < limit : op === '<=' ? n <= limit : op === '>' ? n > limit : n >= limit;
    picked = all.filter(([code]) => keep(Number(code))).map(([, id]) => id);
  } else return fail;
  return picked.length > 0
    ? { ok: true, questionId: source.questionId, possibilities: picked, isApproximate }
    : fail;
}

/** Tests joined by OR as show rules, one per source question. */
export function mergeChoiceTests(tests: Extract<ChoiceTest, { ok: true }>[]): ShowRule[] {
  const byQuestion = new Map<string, Set<string>>();
  for (const t of tests) {
    const set = byQuestion.get(t.questionId) ?? new Set<string>();
    for (const p of t.possibilities) set.add(p);
    byQuestion.set(t.questionId, set);
  }
  return [...byQuestion.entries()].map(([question, set]) => ({ question, possibilities: [...set] }));
}
