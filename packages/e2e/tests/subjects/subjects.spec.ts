import { expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 7 item 2 (spec 001 §2 subject list, create and view; §7 enrollments; 000 §5 import): a
// subject is registered on screen in a production study, found in the list by search and sort,
// enrolled in a process from its view, and its tokens are listed. An import with a bad row is
// refused with the row's error and writes nothing.

async function post(page: Page, url: string, data: unknown): Promise<{ id: string }> {
  const res = await page.request.post(url, { headers: { 'x-csrf-token': await csrf(page) }, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as { id: string };
}

/** A production study with one site and a two-event process: a staff visit, then a survey. */
async function productionStudy(page: Page) {
  const studyId = await createStudy(page, 'Subjects study');
  const site = await post(page, `/api/studies/${studyId}/sites`, { name: 'North clinic' });
  const form = await post(page, `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: 'Vital signs' },
    type: 'TYPE_PATIENT',
    questions: [{ id: 'q1', order: 1, type: 'TEXT_SENTENCE', question: { en: 'How are you?' } }],
  });
  await post(page, `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Follow-up schedule',
    dataEvents: [
      { name: { en: 'Screening visit' }, type: 'TYPE_USER', forms: [form.id] },
      {
        name: { en: 'Week 1 survey' },
        type: 'TYPE_PATIENT',
        forms: [form.id],
        referenceDate: 'PREVIOUS_COMPLETE',
        offsetDays: 7,
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await post(page, `/api/study/${studyId}/start`, {});
  return { studyId, siteId: site.id };
}

test('staff register a subject, find it by search and sort, enrol it and see its tokens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const { studyId, siteId } = await productionStudy(page);

  await page.goto(`/study/${studyId}/patient`);
  await expect(page.getByRole('heading', { name: 'Subjects' })).toBeVisible();
  await expect(page.getByTestId('no-subjects')).toBeVisible();
  await page.getByTestId('create-subject').click();
  await expect(page).toHaveURL(/\/patient\/create$/);

  // Client checks first (domain rules): a missing subject id and a malformed email stay on their fields.
  await page.getByTestId('field-firstName').fill('Ada');
  await page.getByTestId('field-lastName').fill('Lovelace');
  await page.getByTestId('field-email').fill('not-an-email');
  await page.getByTestId('save-subject').click();
  await expect(page.getByTestId('field-patientId')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('field-email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid value.')).toBeVisible();
  await page.getByTestId('field-patientId').fill('S-001');
  await page.getByTestId('field-email').fill('ada@example.org');
  await page.getByTestId('field-mobileNumber-code').fill('45');
  await page.getByTestId('field-mobileNumber').fill('20123456');
  await page.getByTestId('save-subject').click();
  await expect(page).toHaveURL(/\/patient\/[0-9a-f]{24}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'S-001' })).toBeVisible();
  await expect(page.getByTestId('profile-firstName')).toContainText('Ada');
  await expect(page.getByTestId('profile-mobileNumber')).toContainText('+45 20123456');

  // A second subject through the API, and a duplicate id refused by the server on its field.
  await post(page, `/api/studies/${studyId}/sites/${siteId}/patients`, {
    patientId: 'S-002',
    firstName: 'Zed',
    lastName: 'Young',
  });
  await page.goto(`/study/${studyId}/patient/create`);
  await page.getByTestId('field-patientId').fill('S-002');
  await page.getByTestId('save-subject').click();
  await expect(page.getByText('Another subject of this study has this subject ID.')).toBeVisible();

  await page.goto(`/study/${studyId}/patient`);
  const ids = page.getByTestId('subject-table').getByTestId('subject-link');
  await expect(ids).toHaveText(['S-001', 'S-002']);
  await page.getByTestId('subject-search').fill('Lovelace');
  await expect(ids).toHaveText(['S-001']);
  await page.getByTestId('subject-search').fill('');
  await expect(ids).toHaveText(['S-001', 'S-002']);
  await page.getByTestId('sort-patientId').click();
  await expect(ids).toHaveText(['S-002', 'S-001']);
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('Subject ID');
  await page.getByTestId('sort-firstName').click();
  await expect(ids).toHaveText(['S-001', 'S-002']);
  // The sort is remembered for this user and study.
  await page.reload();
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('First name');

  await ids.filter({ hasText: 'S-001' }).click();
  await page.getByTestId('tab-records').click();
  await expect(page.getByTestId('no-records')).toBeVisible();
  await page.getByTestId('enrol-subject').click();
  const dialog = page.getByRole('dialog', { name: 'Enrol in a process' });
  await dialog.getByTestId('enrol-process').click();
  await page.getByRole('option', { name: 'Follow-up schedule' }).click();
  await dialog.getByTestId('enrol-submit').click();
  await expect(dialog).toBeHidden();
  const enrollment = page.getByTestId('enrollment');
  await expect(enrollment).toHaveCount(1);
  await expect(enrollment.getByTestId('enrollment-process')).toHaveText('Follow-up schedule');
  await expect(enrollment.getByTestId('token-event')).toHaveText(['Screening visit', 'Week 1 survey']);
  await expect(enrollment.getByTestId('token-status')).toHaveText(['Open', 'Not active yet']);
  await expect(enrollment.getByTestId('token-fill')).toHaveCount(1);
  await expect(enrollment.getByTestId('token-fill')).toHaveAttribute(
    'href',
    new RegExp(`/study/${studyId}/patient/visit/[0-9a-f]{24}/[0-9a-f]{24}/`),
  );
});

test('an import with a bad row is refused with the row and column, and nothing is written', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const { studyId } = await productionStudy(page);
  await page.goto(`/study/${studyId}/patient`);
  await page.getByTestId('import-subjects').click();
  const dialog = page.getByRole('dialog', { name: 'Import subjects' });
  await expect(dialog.getByTestId('import-template')).toHaveAttribute('download', 'subjects-template.csv');
  const csv = 'patientId,firstName,email\nS-010,Bob,bob@example.org\nS-011,Eve,not-an-email\n';
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'subjects.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByTestId('import-submit').click();
  const rows = dialog.getByTestId('import-error-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('3');
  await expect(rows.first()).toContainText('Email');
  await expect(dialog.getByTestId('import-errors')).toContainText('Nothing was imported');

  // Fixed, the same file goes in whole.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'subjects.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv.replace('not-an-email', 'eve@example.org')),
  });
  await dialog.getByTestId('import-submit').click();
  await expect(dialog.getByTestId('import-success')).toHaveText('2 subjects imported');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('subject-table').getByTestId('subject-link')).toHaveText(['S-010', 'S-011']);
});
