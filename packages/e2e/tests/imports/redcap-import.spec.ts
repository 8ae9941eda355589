import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createStudy, logIn } from '../../support/session';

// Issue 27 items 1 and 5 (must show): a REDCap data dictionary is imported through the form list
// (menu clicks): the report says what could not be translated (the BMI calculation is left out with
// its REDCap expression), Create makes the nine instruments' forms, and the created form opens in the
// preview where the imported show rule works (Gender = Female shows "given birth"). The dialog is
// photographed on a desktop, at 390 wide and in Arabic.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/imports';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const DICTIONARY = path.resolve(
  HERE,
  '../../../../../shared/material/redcap/redcapr_longitudinal_dictionary.csv',
);

test('a REDCap dictionary imported from the form list: report, create, open the form in the preview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const studyId = await createStudy(page, 'REDCap import');

  // The study list → the study → Forms in the side menu. The name is followed by the digits
  // createStudy adds: the Arabic test's study ("REDCap import ar …"), made in parallel on the same
  // server, may be newer and listed first.
  await page.goto('/study');
  await page
    .getByText(/^REDCap import \d/)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/`));
  await page.getByTestId('study-menu').getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/questionnaireTemplate$`));

  await page.getByTestId('import-forms').click();
  const dialog = page.getByRole('dialog', { name: 'Import forms' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('A REDCap data dictionary (.csv): each instrument becomes a form.'),
  ).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(DICTIONARY);
  await dialog.getByTestId('import-preview').click();

  // The preview: nine forms, and what could not be translated, with the REDCap text.
  await expect(dialog.getByText('The import will create 9 forms:')).toBeVisible();
  await expect(dialog.getByTestId('import-form')).toHaveCount(9);
  const bmi = dialog.getByTestId('import-line').filter({ hasText: 'bmi' }).first();
  await expect(bmi).toContainText('Left out');
  await expect(bmi).toContainText('The calculation cannot be written as a formula here.');
  await expect(bmi).toContainText('round(([weight]*10000)/(([height])^(2)),1)');
  const children = dialog.getByTestId('import-line').filter({ hasText: 'num_children' });
  await expect(children).toContainText('[sex] = "0" and [given_birth] = "1"');
  await expect(dialog.getByTestId('import-counts')).toContainText('Left out: 3');
  await page.screenshot({ path: `${SHOTS}/import-dialog-desktop.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByTestId('import-create')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/import-dialog-390.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing exists until Create.
  const before = await page.request.get(`/api/studies/${studyId}/questionnairetemplate`);
  expect(await before.json()).toEqual([]);
  await dialog.getByTestId('import-create').click();
  await expect(dialog.getByText('9 forms were created. Open them to check them:')).toBeVisible();
  const after = await page.request.get(`/api/studies/${studyId}/questionnairetemplate`);
  expect(await after.json()).toHaveLength(9);

  // The created form in the preview: the imported show rule hides "given birth" until Female.
  await dialog.getByRole('link', { name: 'Demographics', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/questionnaireTemplate/[^/]+/?$`));
  await expect(page.getByRole('heading', { name: 'Demographics', exact: true })).toBeVisible();
  await expect(page.getByText('Gender', { exact: true })).toBeVisible();
  await expect(page.getByText('Has the patient given birth before?')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await expect(page.getByText('Has the patient given birth before?')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/imported-form-preview.png`, fullPage: false });
});

test('the import dialog in Arabic, right to left, refuses a file of the wrong kind', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
  const studyId = await createStudy(page, 'REDCap import ar');
  await page.goto(`/study/${studyId}/questionnaireTemplate?lang=ar`);
  await page.getByTestId('import-forms').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'dictionary.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,value\nx,1\n'),
  });
  await dialog.getByTestId('import-preview').click();
  await expect(dialog.getByTestId('import-error')).toContainText('هذا ليس قاموس بيانات REDCap.');
  await page.screenshot({ path: `${SHOTS}/import-dialog-ar-390.png`, fullPage: false });
});
