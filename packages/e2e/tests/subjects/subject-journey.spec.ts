import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 7 must-show, as one journey (spec 001 §2 subject screens, record history tab, staff fill and
// review; §4 edit locks; §5 update comment; §7 enrollments, unscheduled events, source data
// verification): a subject is created and enrolled on screen, its first event filled and submitted
// as staff, reopened in review from the records tab, corrected with a comment the change log shows,
// verified, corrected again (verification cleared), the update and its reason read in the record
// history; then an unscheduled visit is recorded and filled.

const SHOTS = process.env.E2E_JOURNEY_SHOTS_DIR ?? '/tmp/shots-journey';

async function call(page: Page, method: 'POST' | 'PUT', url: string, data: object = {}) {
  const res = await page.request.fetch(url, {
    method,
    headers: { 'x-csrf-token': await csrf(page) },
    data,
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Through the API: a production study verifying per question, a site, a published form with a NUMBER
 * and a YES_NO question, and a process whose first event is a staff visit with that form and whose
 * unexpected (unscheduled) visits are switched on with the same form.
 */
async function productionStudy(page: Page) {
  const studyId = await createStudy(page, 'Subject journey', ['en', 'ar']);
  await call(page, 'PUT', `/api/study/${studyId}`, { verificationType: 'QUESTION' });
  await call(page, 'POST', `/api/studies/${studyId}/sites`, { name: 'Odense clinic' });
  const form = await call(page, 'POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: 'Vital signs', ar: 'العلامات الحيوية' },
    type: 'TYPE_HP',
    questions: [
      {
        id: 'q-systolic',
        order: 1,
        type: 'NUMBER',
        required: true,
        minValue: 50,
        maxValue: 250,
        question: { en: 'Systolic blood pressure', ar: 'ضغط الدم الانقباضي' },
      },
      {
        id: 'q-smoker',
        order: 2,
        type: 'YES_NO',
        required: true,
        question: { en: 'Does the subject smoke?', ar: 'هل يدخن المشارك؟' },
        possibilities: [
          { id: 'p-yes', order: 1, possibility: { en: 'Yes', ar: 'نعم' } },
          { id: 'p-no', order: 2, possibility: { en: 'No', ar: 'لا' } },
        ],
      },
    ],
  });
  await call(page, 'POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  await call(page, 'POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Clinic visits',
    dataEvents: [{ name: { en: 'Screening visit', ar: 'زيارة الفحص' }, type: 'TYPE_USER', forms: [form.id] }],
    unexpected: true,
    unexpectedVisit: { selectedQts: [form.id] },
  });
  await call(page, 'POST', `/api/study/${studyId}/start`);
  return studyId;
}

/** Nothing wider than the screen (polled: the app shell's navbar animates after a resize). */
async function expectNoOverflow(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

async function updateWithComment(page: Page, comment: string) {
  await page.getByTestId('update-form').click();
  const dialog = page.getByRole('dialog', { name: 'Reason for the change' });
  await dialog.getByTestId('update-comment').fill(comment);
  await dialog.getByTestId('confirm-update').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('edit-form')).toBeVisible();
}

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

test('a subject from creation to a verified, corrected visit, its record history and an unscheduled visit', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const studyId = await productionStudy(page);

  // Create the subject on the create page.
  await page.goto(`/study/${studyId}/patient`);
  await page.getByTestId('create-subject').click();
  await expect(page).toHaveURL(/\/patient\/create$/);
  await page.getByTestId('field-patientId').fill('J-001');
  await page.getByTestId('field-firstName').fill('Grace');
  await page.getByTestId('field-lastName').fill('Hopper');
  await page.getByTestId('save-subject').click();
  await expect(page).toHaveURL(/\/patient\/[0-9a-f]{24}$/, { timeout: 15_000 });

  // Open it from the list and enrol it from the records tab.
  await page.goto(`/study/${studyId}/patient`);
  await page.getByTestId('subject-table').getByTestId('subject-link').filter({ hasText: 'J-001' }).click();
  await expect(page.getByRole('heading', { name: 'J-001' })).toBeVisible();
  const subjectUrl = page.url();
  await page.getByTestId('tab-records').click();
  await page.getByTestId('enrol-subject').click();
  const enrol = page.getByRole('dialog', { name: 'Enrol in a process' });
  await enrol.getByTestId('enrol-process').click();
  await page.getByRole('option', { name: 'Clinic visits' }).click();
  await enrol.getByTestId('enrol-submit').click();
  await expect(enrol).toBeHidden();
  const enrollment = page.getByTestId('enrollment');
  await expect(enrollment.getByTestId('token-event')).toHaveText(['Screening visit']);

  // Fill the first event as staff and submit it.
  await enrollment.getByTestId('token-fill').click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/patient/visit/`));
  const systolic = page.getByRole('textbox', { name: 'Systolic blood pressure' });
  const smoker = page.getByRole('radiogroup', { name: 'Does the subject smoke?' });
  await systolic.fill('120');
  await smoker.getByRole('radio', { name: 'No' }).check();
  await page.getByTestId('submit-form').click();
  const completion = page.getByTestId('completion');
  await expect(completion.getByRole('heading', { name: 'Data event completed' })).toBeVisible();

  // Back to the records tab; Review is offered for the completed event.
  await completion.getByRole('link', { name: 'Back to subject' }).click();
  await expect(page).toHaveURL(/selected=records/);
  await expect(enrollment.getByTestId('token-status')).toHaveText(['Completed']);
  await enrollment.getByTestId('token-review').click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/patient/review/`));
  await expect(systolic).toHaveValue('120');
  await expect(systolic).toBeDisabled();

  // Edit, change an answer, Update with a comment.
  await page.getByTestId('edit-form').click();
  await systolic.fill('135');
  await updateWithComment(page, 'Transcription error: the source says 135.');
  await expect(systolic).toHaveValue('135');

  // The change log shows the old value, the new value and the comment.
  await page.getByTestId('open-change-log').click();
  const log = page.getByRole('dialog', { name: 'Change log' });
  const changed = log.getByTestId('change-log-row').filter({ hasText: 'Transcription error' });
  await expect(changed).toHaveCount(1);
  await expect(changed.getByTestId('change-log-old')).toHaveText('120');
  await expect(changed.getByTestId('change-log-new')).toHaveText('135');
  await expect(changed.getByTestId('change-log-reason')).toHaveText(
    'Transcription error: the source says 135.',
  );
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  // Verify the answer, then change it again: the verification is cleared.
  const verified = page
    .locator('[data-question-id="q-systolic"]')
    .getByRole('checkbox', { name: 'Verified' });
  await verified.click();
  await expect(verified).toBeChecked();
  await page.getByTestId('edit-form').click();
  await systolic.fill('138');
  await updateWithComment(page, 'Second reading after a rest.');
  await expect(systolic).toHaveValue('138');
  await expect(verified).not.toBeChecked();

  // The record history tab shows the update with its reason, newest first.
  await page.goto(subjectUrl);
  await page.getByTestId('tab-history').click();
  const entries = page.getByTestId('history-entry');
  const updates = entries.filter({ hasText: 'Answers updated' });
  await expect(updates).toHaveCount(2);
  await expect(updates.first().getByTestId('history-reason')).toHaveText('Second reading after a rest.');
  await expect(updates.first().getByTestId('history-where')).toContainText('Screening visit');
  await expect(updates.nth(1).getByTestId('history-reason')).toHaveText(
    'Transcription error: the source says 135.',
  );
  await expect(entries.filter({ hasText: 'Enrolled' }).first()).toBeVisible();

  // Record an unscheduled visit and fill it.
  await page.getByTestId('tab-records').click();
  await enrollment.getByTestId('record-unscheduled').click();
  const unscheduled = page.getByRole('dialog', { name: 'Record an unscheduled event' });
  // The process switches on unexpected visits only: that type is chosen already.
  await expect(unscheduled.getByRole('radio', { name: 'Unscheduled visit' })).toBeChecked();
  await unscheduled.getByTestId('unscheduled-submit').click();
  await expect(unscheduled).toBeHidden();
  await expect(enrollment.getByTestId('token-event')).toHaveText(['Screening visit', 'Unscheduled visit']);
  const visitRow = enrollment.getByTestId('token-row').filter({ hasText: 'Unscheduled visit' });
  await expect(visitRow.getByTestId('token-status')).toHaveText('Open');
  await visitRow.getByTestId('token-fill').click();
  await expect(page).toHaveURL(/\/patient\/visit\/.*unscheduled=1/);
  await systolic.fill('142');
  await smoker.getByRole('radio', { name: 'Yes' }).check();
  await page.getByTestId('submit-form').click();
  await expect(completion.getByRole('heading', { name: 'Data event completed' })).toBeVisible();
  await completion.getByTestId('open-review').click();
  await expect(page).toHaveURL(/\/patient\/review\/.*unscheduled=1/);
  await expect(systolic).toHaveValue('142');
  // A submitted unscheduled form is corrected with PUT .../{questionnaireId}/unscheduled.
  await page.getByTestId('edit-form').click();
  await systolic.fill('141');
  await updateWithComment(page, 'Rounded the wrong way.');
  await expect(systolic).toHaveValue('141');

  // Screenshots of the record history and the unscheduled dialog, English and Arabic, desktop and phone.
  for (const lang of ['en', 'ar'] as const) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`${subjectUrl}?selected=history&lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('history-entry').first()).toBeVisible();
      await expectNoOverflow(page);
      await page.screenshot({
        path: `${SHOTS}/history-${viewport.name}-${lang}.png`,
        fullPage: viewport.name === 'desktop',
        animations: 'disabled',
      });
      await page.getByTestId('tab-records').click();
      await page.getByTestId('record-unscheduled').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('unscheduled-submit')).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/unscheduled-${viewport.name}-${lang}.png`,
        animations: 'disabled',
      });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
});
