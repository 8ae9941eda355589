import { expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 5 item 5 (spec 001 §2 reference rules page, §3 operants, §5 "Validation rules (authoring)"):
// a cross-form rule across two data events of a process. Study, forms and process are made through
// the API; the rule is built in the browser, where the form picker keeps to the chosen data event.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/rules';

async function createForm(page: Page, studyId: string, title: string, question: string): Promise<string> {
  const saved = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: {
      id: `form${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
      title: { en: title },
      type: 'TYPE_FORM',
      questions: [
        { id: `q-${question.toLowerCase()}`, order: 1, type: 'NUMBER', question: { en: question } },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { id: string }).id;
}

async function createProcess(page: Page, studyId: string, name: string, events: [string, string][]) {
  const created = await page.request.post(`/api/studies/${studyId}/pathway`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: {
      pathwayName: name,
      dataEvents: events.map(([event, formId]) => ({
        name: { en: event },
        type: 'TYPE_USER',
        forms: [formId],
      })),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const options = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

test('a cross-form validation rule compares two data events of a process and is listed under it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const studyId = await createStudy(page, 'Cross-form rules');
  const formA = await createForm(page, studyId, 'Baseline vitals', 'Weight');
  const formB = await createForm(page, studyId, 'Follow-up vitals', 'Weight');
  const processId = await createProcess(page, studyId, 'Follow-up', [
    ['Visit 1', formA],
    ['Visit 2', formB],
  ]);
  await createProcess(page, studyId, 'Screening', [['Screening visit', formA]]);

  await page.goto(`/study/${studyId}/referenceRules?processId=${processId}`);
  await expect(page.getByTestId('rule-process-filter')).toHaveValue('Follow-up');
  await page.getByRole('link', { name: 'New validation rule' }).click();
  await expect(page).toHaveURL(new RegExp(`/validationRule/create\\?processId=${processId}`));
  await expect(page.getByRole('combobox', { name: 'Process', exact: true })).toHaveValue('Follow-up');

  // The data events of the process; the form picker offers only the chosen event's forms.
  expect(await optionsOf(page, 'Data event')).toEqual(['Visit 1', 'Visit 2']);
  await pick(page, 'Data event', 'Visit 2');
  expect(await optionsOf(page, 'Form')).toEqual(['Follow-up vitals']);
  await pick(page, 'Form', 'Follow-up vitals');
  await pick(page, 'Question', 'Q1 · Weight');

  // Moving the rule to an event without its form is refused on the form field (spec 001 §5).
  await pick(page, 'Data event', 'Visit 1');
  await expect(page.getByText('The form is not part of this data event.')).toBeVisible();
  await expect(page.getByTestId('rule-condition-FORM_IN_EVENT')).toHaveAttribute('data-met', 'false');
  await pick(page, 'Data event', 'Visit 2');
  await expect(page.getByText('The form is not part of this data event.')).toHaveCount(0);

  // Right side: Q1 of form A in Visit 1 ("event 2 / form B / Q1 > event 1 / form A / Q1").
  await pick(page, 'Operator', 'is greater than');
  await pick(page, 'Compare with', 'A question in another form');
  await pick(page, 'Other data event', 'Visit 1');
  expect(await optionsOf(page, 'Other form')).toEqual(['Baseline vitals']);
  await pick(page, 'Other form', 'Baseline vitals');
  await pick(page, 'Other question', 'Q1 · Weight');
  await expect(page.getByTestId('rule-condition-COORDINATES')).toHaveAttribute('data-met', 'true');
  await expect(page.getByTestId('rule-validity')).toContainText('Problems to fix: 1');
  await page.getByRole('textbox', { name: /^Message \(en\)/ }).fill('Weight must be above the first visit');
  await expect(page.getByTestId('rule-validity')).toContainText('The rule is valid.');
  for (const key of ['COORDINATES', 'FORM_IN_EVENT', 'TYPES']) {
    await expect(page.getByTestId(`rule-condition-${key}`)).toHaveAttribute('data-met', 'true');
  }
  await page.screenshot({ path: `${SHOTS}/cross-form-editor.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();

  // Listed under the process filter, with the process and both data events.
  await expect(page).toHaveURL(new RegExp(`referenceRules\\?tab=validation&processId=${processId}`));
  const table = page.getByTestId('validation-rule-table');
  const row = table.getByRole('row').filter({ hasText: 'Q1 · Weight' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Follow-up');
  await expect(row).toContainText('Visit 2 → Visit 1');
  await expect(row).toContainText('Follow-up vitals');
  await expect(row).toContainText('is greater than Visit 1 › Baseline vitals › Q1 · Weight');
  await expect(row).toContainText('Valid');
  await page.screenshot({ path: `${SHOTS}/cross-form-list.png`, fullPage: true });

  // Another process's filter does not list it; clearing the filter lists every rule again.
  await pick(page, 'Process', 'Screening');
  await expect(page).toHaveURL(/processId=/);
  await expect(page.getByText('No validation rules yet.')).toBeVisible();
  await pick(page, 'Process', 'All rules');
  await expect(page).not.toHaveURL(/processId=/);
  await expect(
    page.getByTestId('validation-rule-table').getByRole('row').filter({ hasText: 'Follow-up' }),
  ).toHaveCount(1);

  // The stored rule opens with its process and data events.
  await row.getByRole('link', { name: 'Edit: Q1 · Weight' }).click();
  await expect(page.getByRole('combobox', { name: 'Data event', exact: true })).toHaveValue('Visit 2');
  await expect(page.getByRole('combobox', { name: 'Other data event', exact: true })).toHaveValue('Visit 1');
  await expect(page.getByRole('combobox', { name: 'Other form', exact: true })).toHaveValue(
    'Baseline vitals',
  );

  await page.screenshot({ path: `${SHOTS}/cross-form-edit.png`, fullPage: true });

  // Right-to-left on a phone: the process column still names the process and both events.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/study/${studyId}/referenceRules?tab=validation&lang=ar`);
  await expect(page.getByTestId('validation-rule-table')).toContainText('Visit 2 → Visit 1');
  await page.screenshot({ path: `${SHOTS}/cross-form-list-mobile-ar.png`, fullPage: true });
});
