import { expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 5 item 5 (spec 001 §2 reference rules page, §3 validation rule, §5 authoring): a study
// and a form are made through the API; a validation rule is created, edited and deleted in the browser.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/rules';

/** The body is the domain FormTemplate document (issue 5 contract). */
async function createForm(page: Page, studyId: string): Promise<string> {
  const formId = `form${Date.now()}`;
  const saved = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: {
      id: formId,
      title: { en: 'Vital signs', ar: 'العلامات الحيوية' },
      type: 'TYPE_FORM',
      questions: [
        { id: 'q-age', order: 1, type: 'NUMBER', question: { en: 'Age', ar: 'العمر' } },
        {
          id: 'q-smoker',
          order: 2,
          type: 'YES_NO',
          question: { en: 'Do you smoke?', ar: 'هل تدخن؟' },
          possibilities: [
            { id: 'p-yes', order: 1, possibility: { en: 'Yes', ar: 'نعم' } },
            { id: 'p-no', order: 2, possibility: { en: 'No', ar: 'لا' } },
          ],
        },
        { id: 'q-packs', order: 3, type: 'NUMBER', question: { en: 'Packs per day', ar: 'العلب يوميًا' } },
        { id: 'q-visit', order: 4, type: 'DATE', question: { en: 'Visit date', ar: 'تاريخ الزيارة' } },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { id: string }).id;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a validation rule is created, listed, edited and deleted on the reference rules page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const studyId = await createStudy(page, 'Rules study', ['en', 'ar']);
  await createForm(page, studyId);

  await page.goto(`/study/${studyId}/referenceRules`);
  await expect(page.getByRole('heading', { name: 'Reference rules', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Validation rules/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No validation rules yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New validation rule' }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/validationRule/create`));

  await pick(page, 'Form', 'Vital signs');
  // A date compares with a reference date and up to 3 offsets, each needing its number (NUMBER_REQUIRED).
  await pick(page, 'Question', 'Q4 · Visit date');
  await pick(page, 'Compare with', 'A reference date');
  await pick(page, 'Reference date', 'Enrolment date');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add offset' }).click();
  await expect(page.getByRole('button', { name: 'Add offset' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A number is required.')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/editor-date-desktop.png`, fullPage: true });
  await pick(page, 'Question', 'Q1 · Age');
  await pick(page, 'Operator', 'is at most');
  await pick(page, 'Compare with', 'A fixed value');
  // Live validity from the domain: the value and the message are still missing.
  await expect(page.getByTestId('rule-validity')).toContainText('Problems to fix: 2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required.').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Value/ }).fill('abc');
  await expect(page.getByText('Enter a number.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Value/ }).fill('120');
  await page.getByRole('textbox', { name: /^Message \(en\)/ }).fill('Age must be at most {limit}');
  await expect(page.getByTestId('rule-validity')).toContainText('The rule is valid.');
  await page.screenshot({ path: `${SHOTS}/editor-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/referenceRules\\?tab=validation`));
  const row = page.getByTestId('validation-rule-table').getByRole('row').filter({ hasText: 'Q1 · Age' });
  await expect(row).toContainText('Vital signs');
  await expect(row).toContainText('is at most 120');
  await expect(row).toContainText('Block');
  await expect(row).toContainText('Valid');
  await page.screenshot({ path: `${SHOTS}/list-desktop.png`, fullPage: true });

  await row.getByRole('link', { name: 'Edit: Q1 · Age' }).click();
  await expect(page.getByRole('heading', { name: 'Edit validation rule' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Value/ })).toHaveValue('120');
  await page.getByRole('textbox', { name: /^Value/ }).fill('110');
  await pick(page, 'Action', 'Warning');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('is at most 110');
  await expect(row).toContainText('Warning');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/list-mobile.png`, fullPage: true });
  await page.goto(`/study/${studyId}/referenceRules?tab=validation&lang=ar`);
  await expect(page.getByTestId('validation-rule-table')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-mobile-ar.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/study/${studyId}/referenceRules?tab=validation&lang=en`);

  const listed = page.getByTestId('validation-rule-table').getByRole('row').filter({ hasText: 'Q1 · Age' });
  await listed.getByRole('button', { name: 'Delete: Q1 · Age' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete rule' });
  await expect(dialog).toContainText('Delete this rule on Q1 · Age?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No validation rules yet.')).toBeVisible();
});

test('a show rule is created on an earlier choice question and listed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const studyId = await createStudy(page, 'Rules study', ['en', 'ar']);
  await createForm(page, studyId);

  await page.goto(`/study/${studyId}/referenceRules?tab=show`);
  await expect(page.getByText('No show rules yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New show rule' }).click();
  await pick(page, 'Form', 'Vital signs');
  await pick(page, 'Question to show', 'Q3 · Packs per day');
  // Only earlier choice questions are offered as the source (spec 001 §5).
  await page.getByRole('combobox', { name: 'When this earlier question', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['Q2 · Do you smoke?']);
  await page.getByRole('option', { name: 'Q2 · Do you smoke?' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose at least one answer.')).toBeVisible();
  await page.getByRole('button', { name: 'Select all' }).click();
  await expect(page.getByTestId('rule-validity')).toContainText('The rule is valid.');
  await page.screenshot({ path: `${SHOTS}/show-editor-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();

  const row = page.getByTestId('show-rule-table').getByRole('row').filter({ hasText: 'Q3 · Packs per day' });
  await expect(row).toContainText('Q2 · Do you smoke? is Yes, No');
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByRole('link', { name: 'View: Q3 · Packs per day' }).click();
  await expect(page.getByRole('heading', { name: 'Show rule', level: 1 })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/show-view-mobile.png`, fullPage: true });
});
