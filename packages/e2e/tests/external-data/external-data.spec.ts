import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../../support/server';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 28 item 4 must-show: an external-data CSV with one bad row is refused as a whole with the
// row and column shown; the fixed file imports, and the answers appear in the subject's view.
// With E2E_EXTERNAL_DATA_SHOTS=<folder> the page is photographed at 390x844, 320 and desktop, en and ar.

const SHOTS = process.env.E2E_EXTERNAL_DATA_SHOTS;

async function call(page: Page, url: string, data: object = {}) {
  const res = await page.request.post(url, { headers: { 'x-csrf-token': await csrf(page) }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, width, height] of [
    ['390', 390, 844],
    ['320', 320, 720],
    ['desktop', 1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The side menu slides away when the window narrows: photograph after it has.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is not wider than the window`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const csvFile = (text: string) => ({
  name: 'lab-results.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

test('a CSV with one bad row is refused with the row shown; the fixed file imports and the answers show on the subject', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const studyId = await createStudy(page, 'External data');
  await call(page, `/api/studies/${studyId}/addons`, { modules: ['EXTERNAL_DATA'] });
  const site = await call(page, `/api/studies/${studyId}/sites`, { name: 'Aalborg lab' });
  const form = await call(page, `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: 'Lab results' },
    type: 'TYPE_HP',
    questions: [
      {
        id: 'q-hb',
        order: 1,
        type: 'NUMBER',
        required: true,
        floatingNumber: true,
        minValue: 0,
        maxValue: 25,
        question: { en: 'Haemoglobin' },
        // A BLOCK rule with the study author's own text (English only: an Arabic page shows it as written).
        validationRules: [
          {
            id: 'rule-hb',
            leftOperant: { type: 'QUESTION', question: 'q-hb' },
            operator: 'lte',
            rightOperant: { type: 'CONST_VAL', value: 20 },
            action: {
              type: 'BLOCK',
              message: { en: 'Hb above {limit} g/dL: repeat the sample (lab SOP 4.2)' },
            },
          },
        ],
      },
      {
        id: 'q-fasting',
        order: 2,
        type: 'YES_NO',
        question: { en: 'Fasting' },
        possibilities: [
          { id: 'p-yes', order: 1, possibility: { en: 'Yes' } },
          { id: 'p-no', order: 2, possibility: { en: 'No' } },
        ],
      },
    ],
  });
  await call(page, `/api/studies/${studyId}/forms/promoteFormVersion`, { formId: form.id, kind: 'major' });
  const process = await call(page, `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Lab follow-up',
    dataEvents: [{ name: { en: 'Baseline' }, type: 'TYPE_USER', forms: [form.id] }],
    externalDE: true,
    externalDataEvent: { selectedQts: [form.id] },
  });
  await call(page, `/api/study/${studyId}/start`);
  const subjects = [];
  for (const patientId of ['LAB-001', 'LAB-002']) {
    const [subject] = await call(page, `/api/studies/${studyId}/sites/${site.id}/patients`, { patientId });
    await call(page, `/api/studies/${studyId}/enrollments`, {
      subjectId: subject.id,
      siteId: site.id,
      processId: process.id,
    });
    subjects.push(subject);
  }

  // The page from the study menu; one site, one event and one form are chosen already.
  await page.goto(`/study/${studyId}/overview`);
  await page.getByTestId('study-menu').getByRole('link', { name: 'External data', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/externalData`));
  await expect(page.getByText('No data has been imported for the subjects of this site.')).toBeVisible();
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles(
    csvFile('Patient;Date;Haemoglobin;Fasting\nLAB-001;2026-03-01;22;No\nLAB-002;2026-03-01;31;Yes\n'),
  );
  // The mapping is guessed from the header: subject, date and both questions.
  await expect(page.getByRole('combobox', { name: 'Subject ID column' })).toHaveValue('Patient');
  await expect(page.getByRole('combobox', { name: 'Date column' })).toHaveValue('Date');
  await expect(page.getByRole('combobox', { name: 'Haemoglobin' })).toHaveValue('Haemoglobin');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const issues = page.getByTestId('external-data-issues');
  await expect(issues).toBeVisible();
  await expect(page.getByText('Nothing was imported. Correct the file and upload it again.')).toBeVisible();
  await expect(issues.locator('tbody tr')).toHaveCount(2);
  // Row 2 breaks the BLOCK rule: its own text, the limit filled in, as the fill shows it.
  await expect(issues.locator('tbody tr td')).toHaveText([
    '2',
    'Haemoglobin',
    'Hb above 20 g/dL: repeat the sample (lab SOP 4.2)',
    '3',
    'Haemoglobin',
    'The value must be between 0 and 25.',
  ]);
  await expect(page.getByText('No data has been imported for the subjects of this site.')).toBeVisible();
  await shoot(page, 'external-data-refused-en');

  // Fixed and uploaded again: the table goes, the import goes through, the dates are listed.
  await fileInput.setInputFiles(
    csvFile('Patient;Date;Haemoglobin;Fasting\nLAB-001;2026-03-01;13,5;No\nLAB-002;2026-03-01;12.9;Yes\n'),
  );
  await expect(issues).toHaveCount(0);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('external-data-checked')).toHaveText(
    'The file is correct: 2 rows are ready to import.',
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('external-data-imported')).toHaveText('2 rows were imported.');
  const imported = page.getByTestId('external-data-import');
  await expect(imported).toHaveCount(1);
  await expect(imported.locator('tbody tr')).toHaveCount(2);
  await expect(imported).toContainText('LAB-001');
  await expect(imported).toContainText('LAB-002');
  await expect(imported.getByRole('button', { name: 'Delete import' })).toBeVisible();
  await shoot(page, 'external-data-imported-en');

  // The subject's records: the external event is completed, and its review shows the answers.
  await page.goto(`/study/${studyId}/patient/${subjects[0].id}?selected=records`);
  const row = page.getByTestId('token-row').filter({ hasText: 'External data' });
  await expect(row.getByTestId('token-status')).toHaveText('Completed');
  await row.getByTestId('token-review').click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/patient/review/`));
  await expect(page.getByRole('textbox', { name: 'Haemoglobin' })).toHaveValue('13,5');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();

  // Production: the import is deleted with a reason and the password; its dates leave the list.
  await page.goto(`/study/${studyId}/externalData`);
  await page.getByTestId('external-data-import').getByRole('button', { name: 'Delete import' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete imported data' });
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Results sent for the wrong visit');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  const signature = page.getByRole('dialog', { name: 'Confirm with your password' });
  await signature.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await signature.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page.getByText('No data has been imported for the subjects of this site.')).toBeVisible();
  await expect(page.getByTestId('external-data-import')).toHaveCount(0);

  // An Arabic page: the rule's English text keeps its own direction (isolated, left to right).
  await page.goto(`/study/${studyId}/externalData?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile(
        'Patient;Date;Haemoglobin;Fasting\nLAB-001;2026-03-02;31;Maybe\nLAB-002;2026-03-02;21;\nLAB-009;2099-01-01;12;\n',
      ),
    );
  await page.getByRole('button', { name: 'استيراد', exact: true }).click();
  await expect(page.getByTestId('external-data-issues')).toBeVisible();
  const own = page.getByTestId('external-data-rule-message');
  await expect(own).toHaveText('Hb above 20 g/dL: repeat the sample (lab SOP 4.2)');
  await expect(own).toHaveAttribute('dir', 'auto');
  expect(await own.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await shoot(page, 'external-data-refused-ar');
});

test('a study without the EXTERNAL_DATA module shows the page with a notice instead of the import', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const studyId = await createStudy(page, 'Plain');
  await page.goto(`/study/${studyId}/externalData`);
  await expect(page.getByTestId('external-data-module-disabled')).toContainText(
    'The external data module is not enabled for this study.',
  );
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await shoot(page, 'external-data-module-disabled-en');
});
