/** Pure helpers over stored form documents: names and copies with fresh ids (version numbers: domain `nextFormVersion`). */
import type { FormTemplateDocument, LocalizedText, Question } from '@trialbase/domain';
import { FORM_NAME_MAX, FormTemplateDocumentSchema } from '@trialbase/domain';
import { newId } from '../../platform/ids';

/** The form's name for lists and uniqueness: its title in the study's primary language, else the first one. */
export function formName(title: LocalizedText, primaryLanguage: string): string {
  const primary = (title as Record<string, string | undefined>)[primaryLanguage]?.trim();
  if (primary) return primary;
  return (
    Object.values(title)
      .find((v) => typeof v === 'string' && v.trim() !== '')
      ?.trim() ?? ''
  );
}

/** Reads a stored document back through the schema (defaults filled for older rows). */
export function readDocument(document: Record<string, unknown>): FormTemplateDocument {
  return FormTemplateDocumentSchema.parse(document);
}

/** A title that no live form of the study uses: "Name (copy)", "Name (copy 2)", … within 64 characters. */
export function uniqueCopyTitle(
  title: LocalizedText,
  primaryLanguage: string,
  taken: readonly string[],
): LocalizedText {
  const names = new Set(taken.map((n) => n.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const next = Object.fromEntries(
      Object.entries(title).map(([lang, value]) => [
        lang,
        `${(value ?? '').slice(0, FORM_NAME_MAX - suffix.length)}${suffix}`,
      ]),
    ) as LocalizedText;
    if (!names.has(formName(next, primaryLanguage).toLowerCase())) return next;
  }
}

/** A title unused in the study: the title itself when free, otherwise its first free copy title. */
export function uniqueTitle(
  title: LocalizedText,
  primaryLanguage: string,
  taken: readonly string[],
): LocalizedText {
  const name = formName(title, primaryLanguage).toLowerCase();
  return taken.some((n) => n.toLowerCase() === name) ? uniqueCopyTitle(title, primaryLanguage, taken) : title;
}

/**
 * A copy of a form with new form, question, possibility, row and column ids; show rules and
 * calculation references point at the copies (spec 001 §7 duplicate). Formulas use orders, not ids.
 */
export function copyWithNewIds(form: FormTemplateDocument, formId: string, now: Date): FormTemplateDocument {
  const questionIds = new Map(form.questions.map((q) => [q.id, newId(now)]));
  const possibilityIds = new Map(
    form.questions.flatMap((q) => q.possibilities.map((p) => [p.id, newId(now)])),
  );
  const remapRules = (rules: Question['showRules']) =>
    rules.map((rule) => ({
      question: questionIds.get(rule.question) ?? rule.question,
      possibilities: rule.possibilities.map((p) => possibilityIds.get(p) ?? p),
    }));
  return {
    ...form,
    id: formId,
    version: { major: 1, minor: 0 },
    published: false,
    isUsedInProcess: false,
    isDefaultAeForm: false,
    questions: form.questions.map((q) => ({
      ...q,
      id: questionIds.get(q.id) ?? newId(now),
      showRules: remapRules(q.showRules),
      calcRefQuestions: q.calcRefQuestions.map((id) => questionIds.get(id) ?? id),
      possibilities: q.possibilities.map((p) => ({
        ...p,
        id: possibilityIds.get(p.id) ?? newId(now),
        showRules: remapRules(p.showRules),
      })),
      tableRow: q.tableRow.map((r) => ({ ...r, id: newId(now) })),
      tableCol: q.tableCol.map((c) => ({ ...c, id: newId(now) })),
    })),
  };
}
