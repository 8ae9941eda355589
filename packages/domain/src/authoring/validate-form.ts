/**
 * Form template authoring limits (spec 001 §5): name, intro text, footer, export
 * label, chart image, unique question ids and orders, possibility ids unique per form, then
 * every question.
 */
import type { FieldIssue } from '../common/errors';
import type { FormTemplate } from '../forms/model';
import { validateEmbeddedRules } from '../rules/embedded';
import { authoringIssue, checkLocalizedText, checkPlainText, prefixIssues } from './issues';
import {
  EXPORT_LABEL_MAX,
  EXPORT_LABEL_PATTERN,
  FORM_CUSTOM_FOOTER_MAX,
  FORM_INTRO_TEXT_MAX,
  FORM_NAME_MAX,
} from './limits';
import { validateQuestion } from './validate-question';

/**
 * Spec 001 §5: every authoring problem of a form and its questions, with field paths
 * (`["questions", 2, "possibilities", 0, "possibility", "en"]`). Builder screens and server alike.
 */
export function validateFormTemplate(form: FormTemplate): FieldIssue[] {
  const issues = [
    ...checkLocalizedText(['title'], form.title, { isRequired: true, max: FORM_NAME_MAX }),
    ...checkLocalizedText(['infoText'], form.infoText, {
      isRequired: form.showInfoText,
      max: FORM_INTRO_TEXT_MAX,
    }),
    ...checkLocalizedText(['customFooter'], form.customFooter, {
      isRequired: false,
      max: FORM_CUSTOM_FOOTER_MAX,
    }),
  ];
  const label = form.exportLabel?.trim();
  if (label) {
    issues.push(...checkPlainText(['exportLabel'], label, { isRequired: false, max: EXPORT_LABEL_MAX }));
    if (!EXPORT_LABEL_PATTERN.test(label)) issues.push(authoringIssue(['exportLabel'], 'PATTERN'));
  }
  if (form.type === 'TYPE_IMAGE_CHART' && !form.imageChart)
    issues.push(authoringIssue(['imageChart'], 'REQUIRED'));
  const ids = new Set<string>();
  const orders = new Set<number>();
  const possibilityIds = new Set<string>();
  form.questions.forEach((question, i) => {
    if (ids.has(question.id)) issues.push(authoringIssue(['questions', i, 'id'], 'DUPLICATE'));
    // Possibility ids are unique per form: show rules track hidden possibilities by bare id,
    // so a shared id would hide (and reset) a choice of another question. Repeats inside one
    // question are reported by validateQuestion.
    const own = new Set<string>();
    question.possibilities.forEach((p, j) => {
      if (possibilityIds.has(p.id) && !own.has(p.id)) {
        issues.push(authoringIssue(['questions', i, 'possibilities', j, 'id'], 'DUPLICATE'));
      }
      own.add(p.id);
    });
    for (const id of own) possibilityIds.add(id);
    if (orders.has(question.order)) issues.push(authoringIssue(['questions', i, 'order'], 'DUPLICATE'));
    ids.add(question.id);
    orders.add(question.order);
    issues.push(...prefixIssues(['questions', i], validateQuestion(form, question)));
    issues.push(...prefixIssues(['questions', i], validateEmbeddedRules(form, question)));
  });
  return issues;
}
