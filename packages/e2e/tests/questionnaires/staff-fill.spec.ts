import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../../support/server';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 7 must-show (spec 001 §2 staff fill and review, §4 edit locks, §5 update comment): a subject
// enrolled in a production study is filled as staff, submitted, reopened in review, corrected with a
// comment that the change log shows, verified, and corrected again, which clears the verification.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/questionnaires';

type Setup = {
  studyId: string;
  enrollmentId: string;
  tokenId: string;
  dataEventId: string;
  subjectId: string;
};

async function api(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, {
    method,
    headers: { 'x-csrf-token': token },
    ...(data ? { data } : {}),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Production study (verification per question), site, published form, staff-visit process, subject, enrollment. */
async function setUp(
  page: Page,
  languages: string[] = ['en'],
  subjectLanguage = 'en',
  settings: Record<string, unknown> = {},
): Promise<Setup> {
  const studyId = await createStudy(page, 'Staff fill', languages);
  const token = await csrf(page);
  const { request } = page;
  await api(request, token, 'PUT', `/api/study/${studyId}`, { verificationType: 'QUESTION', ...settings });
  const site = await api(request, token, 'POST', `/api/studies/${studyId}/sites`, { name: 'Aarhus clinic' });
  const form = await api(request, token, 'POST', `/api/studies/${studyId}/questionnairetemplate`, {
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
  await api(request, token, 'POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  const process = await api(request, token, 'POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Clinic visits',
    dataEvents: [{ name: { en: 'Screening visit', ar: 'زيارة الفحص' }, type: 'TYPE_USER', forms: [form.id] }],
  });
  await api(request, token, 'POST', `/api/study/${studyId}/start`);
  const [subject] = await api(request, token, 'POST', `/api/studies/${studyId}/sites/${site.id}/patients`, {
    patientId: `SUBJ-${Date.now().toString(36).slice(-5).toUpperCase()}`,
    email: `subject-${Date.now()}@example.org`,
    language: subjectLanguage,
  });
  const [enrollment] = await api(request, token, 'POST', `/api/studies/${studyId}/enrollments`, {
    subjectId: subject.id,
    siteId: site.id,
    processId: process.id,
  });
  const first = enrollment.tokens[0];
  return {
    studyId,
    enrollmentId: enrollment.id,
    tokenId: first.id,
    dataEventId: first.dataEventId,
    subjectId: subject.id,
  };
}

const fillUrl = (s: Setup) =>
  `/study/${s.studyId}/patient/visit/${s.enrollmentId}/${s.tokenId}/${s.dataEventId}`;
const reviewUrl = (s: Setup) =>
  `/study/${s.studyId}/patient/review/${s.enrollmentId}/${s.dataEventId}/${s.tokenId}`;

async function updateWithComment(page: Page, comment: string) {
  const update = page.getByTestId('update-form');
  await expect(update).toBeEnabled();
  await update.click();
  const dialog = page.getByRole('dialog', { name: 'Reason for the change' });
  // Spec 001 §5: the comment is required.
  await dialog.getByTestId('confirm-update').click();
  await expect(dialog.getByText('A comment is required.')).toBeVisible();
  await dialog.getByTestId('update-comment').fill(comment);
  await dialog.getByTestId('confirm-update').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('edit-form')).toBeVisible();
}

test('staff fill a visit, correct it with a reason, see it in the change log, verify, and see the verification cleared', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const s = await setUp(page);

  // Fill as healthcare professional.
  await page.goto(fillUrl(s));
  const header = page.getByTestId('fill-header');
  await expect(header.getByTestId('header-data-event')).toHaveText('Screening visit');
  await expect(header.getByTestId('header-current-version')).toHaveText('1.0');
  await expect(page.getByTestId('form-tab')).toHaveCount(1);
  await expect(page.getByTestId('form-tab').first()).toHaveAttribute('data-status', 'STATUS_NOT_STARTED');
  await expect(page.getByText('Legend')).toBeVisible();
  const systolic = page.getByRole('textbox', { name: 'Systolic blood pressure' });
  const smoker = page.getByRole('radiogroup', { name: 'Does the subject smoke?' });

  // Submitting an incomplete form shows what is missing, nothing is sent.
  await systolic.fill('300');
  await page.getByTestId('submit-form').click();
  await expect(page.getByText('Some answers are missing or invalid.')).toBeVisible();
  await expect(systolic).toHaveAttribute('aria-invalid', 'true');
  await systolic.fill('120');
  // Save draft keeps the form open (POST isFinal false, then PUT .../unfinished).
  await page.getByTestId('save-draft').click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page.getByTestId('form-tab').first()).toHaveAttribute('data-status', 'STATUS_INCOMPLETE');
  await expect(header.getByTestId('header-saved-version')).toHaveText('1.0');
  await expect(page.getByTestId('save-draft')).toBeDisabled();
  await smoker.getByRole('radio', { name: 'Yes' }).check();
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('save-draft')).toBeDisabled();
  await page.reload();
  await expect(systolic).toHaveValue('120');
  await expect(smoker.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await smoker.getByRole('radio', { name: 'No' }).check();
  await page.screenshot({ path: `${SHOTS}/fill-desktop-en.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await page.screenshot({ path: `${SHOTS}/fill-mobile-en.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('submit-form').click();
  const completion = page.getByTestId('completion');
  await expect(completion).toBeVisible();
  await expect(completion).toHaveAttribute('data-excluded', 'false');
  await expect(completion.getByRole('heading', { name: 'Data event completed' })).toBeVisible();

  // Review: read-only until Edit.
  await completion.getByTestId('open-review').click();
  await expect(page).toHaveURL(new RegExp(`/patient/review/${s.enrollmentId}/`));
  await expect(systolic).toHaveValue('120');
  await expect(systolic).toBeDisabled();
  await expect(page.getByTestId('form-tab').first()).toHaveAttribute('data-status', 'STATUS_COMPLETED');
  await expect(page.getByTestId('update-form')).toHaveCount(0);
  await page.getByTestId('edit-form').click();
  await expect(systolic).toBeEnabled();
  // Spec 001 §4: Update only when dirty and error-free.
  await expect(page.getByTestId('update-form')).toBeDisabled();
  await systolic.fill('400');
  await expect(page.getByTestId('update-form')).toBeDisabled();
  // Discard returns to the saved answers, read-only.
  await page.getByTestId('discard-form').click();
  await expect(systolic).toHaveValue('120');
  await expect(systolic).toBeDisabled();
  await page.getByTestId('edit-form').click();
  await systolic.fill('135');
  await updateWithComment(page, 'Transcription error: the source document says 135.');
  await expect(systolic).toHaveValue('135');
  await expect(systolic).toBeDisabled();

  // Change log: who, when, question, old and new value, reason.
  await page.getByTestId('open-change-log').click();
  const log = page.getByRole('dialog', { name: 'Change log' });
  const updateRow = log.getByTestId('change-log-row').filter({ hasText: 'Transcription error' });
  await expect(updateRow).toHaveCount(1);
  await expect(updateRow).toContainText('Systolic blood pressure');
  await expect(updateRow.getByTestId('change-log-old')).toHaveText('120');
  await expect(updateRow.getByTestId('change-log-new')).toHaveText('135');
  await page.screenshot({ path: `${SHOTS}/change-log-desktop-en.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  // Verify the answer, then change it again: the verification is cleared.
  const systolicBlock = page.locator('[data-question-id="q-systolic"]');
  const verify = systolicBlock.getByRole('checkbox', { name: 'Verified' });
  await expect(verify).not.toBeChecked();
  // Controlled by the saved state: it turns checked once the server has recorded the verification.
  await verify.click();
  await expect(verify).toBeChecked();
  await expect(page.getByText('Verification saved.')).toBeVisible();
  await page.reload();
  await expect(verify).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/review-desktop-en.png`, fullPage: true, animations: 'disabled' });

  await page.getByTestId('edit-form').click();
  await systolic.fill('138');
  await updateWithComment(page, 'Second reading after a rest.');
  await expect(systolic).toHaveValue('138');
  await expect(verify).not.toBeChecked();
  // The unchanged answer keeps its state (it was never verified) and the log holds both reasons.
  await page.getByTestId('open-change-log').click();
  await expect(
    log.getByTestId('change-log-reason').filter({ hasText: 'Second reading after a rest.' }),
  ).toHaveCount(1);
  await expect(
    log.getByTestId('change-log-row').filter({ hasText: 'Second reading' }).getByTestId('change-log-old'),
  ).toHaveText('135');

  // On a phone: the same screens, nothing wider than the screen.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(systolic).toBeVisible();
  await expectNoOverflow(page);
  await page.screenshot({ path: `${SHOTS}/review-mobile-en.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('open-change-log').click();
  await expect(log.getByTestId('change-log-row').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/change-log-mobile-en.png`, animations: 'disabled' });
});

/** Nothing wider than the screen (polled: the app shell's navbar animates after a resize). */
async function expectNoOverflow(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

test('in Arabic the fill and review pages run right to left on desktop and phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const s = await setUp(page, ['en', 'ar'], 'ar');

  await page.goto(`${fillUrl(s)}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const systolic = page.getByRole('textbox', { name: 'ضغط الدم الانقباضي' });
  await expect(systolic).toBeVisible();
  await expect(page.getByTestId('fill-header').getByTestId('header-data-event')).toHaveText('زيارة الفحص');
  await page.screenshot({ path: `${SHOTS}/fill-desktop-ar.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await systolic.fill('128');
  await page.getByRole('radiogroup', { name: 'هل يدخن المشارك؟' }).getByRole('radio', { name: 'لا' }).check();
  await expectNoOverflow(page);
  await page.screenshot({ path: `${SHOTS}/fill-mobile-ar.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('submit-form').click();
  await expect(page.getByTestId('completion')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/completion-mobile-ar.png`, animations: 'disabled' });

  await page.goto(`${reviewUrl(s)}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(systolic).toHaveValue('128');
  await page.getByTestId('edit-form').click();
  await systolic.fill('131');
  await page.getByTestId('update-form').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('update-comment').fill('خطأ في النسخ');
  await dialog.getByTestId('confirm-update').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('edit-form')).toBeVisible();
  await expectNoOverflow(page);
  await page.screenshot({ path: `${SHOTS}/review-mobile-ar.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('open-change-log').click();
  const reason = page.getByTestId('change-log-reason').filter({ hasText: 'خطأ في النسخ' });
  await expect(reason).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/change-log-mobile-ar.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/change-log-desktop-ar.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expectNoOverflow(page);
  await page.screenshot({ path: `${SHOTS}/review-desktop-ar.png`, fullPage: true, animations: 'disabled' });
});

test('with extended validation the update asks for the password; a newer save meanwhile asks to reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const s = await setUp(page, ['en'], 'en', { extendedValidation: true });
  const token = await csrf(page);
  const base = `/api/studies/${s.studyId}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/questionnaires`;
  const fill = await page.request.get(base);
  const formId = ((await fill.json()) as { forms: { formId: string }[] }).forms[0]?.formId ?? '';
  const submitted = await api(page.request, token, 'POST', base, {
    formId,
    isFinal: true,
    answers: [
      { question: 'q-systolic', answerStrings: ['120'] },
      { question: 'q-smoker', possibilities: ['p-no'] },
    ],
  });

  await page.goto(reviewUrl(s));
  const systolic = page.getByRole('textbox', { name: 'Systolic blood pressure' });
  await expect(systolic).toHaveValue('120');
  await page.getByTestId('edit-form').click();
  await systolic.fill('125');
  await page.getByTestId('update-form').click();
  await page.getByTestId('update-comment').fill('Corrected from the source document.');
  await page.getByTestId('confirm-update').click();
  // Spec 001 §6: the password is asked before the update is sent.
  const signature = page.getByRole('dialog', { name: 'Confirm with your password' });
  await expect(signature.getByTestId('signature-meaning')).toHaveText('Update the answers of this form');
  await signature.getByLabel('Password').fill(ADMIN_PASSWORD);
  await signature.getByRole('button', { name: 'Sign' }).click();
  await expect(signature).toBeHidden();
  await expect(page.getByTestId('edit-form')).toBeVisible();
  await expect(systolic).toHaveValue('125');
  await expect(systolic).toBeDisabled();

  // Someone else saves a newer version while this page edits the old one: 409, reload shows theirs.
  await page.getByTestId('edit-form').click();
  await systolic.fill('126');
  const current = await page.request.get(base);
  const set = ((await current.json()) as { forms: { answerSet: { id: string; version: number } }[] }).forms[0]
    ?.answerSet;
  const other = await page.request.put(`${base}/${set?.id ?? submitted.answerSet.id}`, {
    headers: { 'x-csrf-token': token, 'extended-validation': encodeURIComponent(ADMIN_PASSWORD) },
    data: {
      answers: [
        { question: 'q-systolic', answerStrings: ['130'] },
        { question: 'q-smoker', possibilities: ['p-no'] },
      ],
      comment: 'Updated from another screen.',
      version: set?.version,
    },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await page.getByTestId('update-form').click();
  await page.getByTestId('update-comment').fill('My late correction.');
  await page.getByTestId('confirm-update').click();
  await signature.getByLabel('Password').fill(ADMIN_PASSWORD);
  await signature.getByRole('button', { name: 'Sign' }).click();
  const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
  await expect(conflict).toBeVisible();
  await conflict.getByTestId('conflict-reload').click();
  await expect(conflict).toBeHidden();
  await expect(systolic).toHaveValue('130');
  await expect(systolic).toBeDisabled();
});
