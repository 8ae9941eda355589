import { expect, type Locator, type Page, test } from '@playwright/test';
import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { type StaffApi, staffApi } from '../../support/participant';
import { ADMIN_PASSWORD } from '../../support/server';
import {
  enrolledSubject,
  logInAs,
  reviewPath,
  SMOKER,
  SYSTOLIC,
  staffUser,
  twoSiteStudy,
} from '../../support/two-site-study';

// Issue 21 item 4 (spec 000 §6, 001 §4): a doctor fills the baseline visit's medication reference
// question (MEDICATION_REF): links a record the subject already has, records a new one from the
// question (signed with the password) which is then linked, and submits; the review shows both,
// read-only. With E2E_MEDREF_SHOTS=<folder> it photographs the question, the dialog and the
// review at 390 px and on a desktop.

const MED_QUESTION = 'Concomitant medication at baseline';
const SHOTS = process.env.E2E_MEDREF_SHOTS;

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

/** A record the subject already has, recorded by the admin (the password header signs it). */
async function recordThroughApi(studyId: string, subjectId: string, name: string): Promise<string> {
  const session = await (await admin.request.get('/api/auth/session')).json();
  const res = await admin.request.post(`/api/studies/${studyId}/patient/${subjectId}/medication`, {
    headers: {
      'x-csrf-token': session.csrfToken as string,
      [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD),
    },
    data: {
      registrationType: 'CONCOMITANT',
      name,
      indication: 'Hypertension',
      dose: 5,
      doseUnit: 'MILLIGRAM',
      doseUnitOther: null,
      route: 'ORAL',
      routeOther: null,
      frequency: 'ONCE_DAILY',
      frequencyOther: null,
      startDate: '2023-05-01',
      endDate: null,
      ongoing: true,
      aeId: null,
      comment: null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

async function shoot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  for (const [label, width] of [
    ['390', 390],
    ['desktop', 1366],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await (target ?? page.locator('body')).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: !target });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is not wider than the window`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a doctor links an existing and a newly recorded medication from the form; the review shows both read-only', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const study = await twoSiteStudy(admin, {
    modules: ['MEDICATION'],
    extraQuestions: [{ id: 'q-med', order: 3, type: 'MEDICATION_REF', question: { en: MED_QUESTION } }],
  });
  const doctor = await staffUser(admin, study, 'DOCTOR', [study.site1]);
  const subject = await enrolledSubject(admin, study, study.site1);
  const existing = await recordThroughApi(study.studyId, subject.subjectId, 'Amlodipine');

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInAs(page, doctor);
  await page.goto(`/study/${study.studyId}/patient/${subject.subjectId}?selected=records`);
  await page.getByTestId('enrollment').getByTestId('token-fill').click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/patient/visit/`));

  const question = page.locator('[data-question-id="q-med"]');
  await expect(question.getByTestId('medication-reference-none')).toHaveText('No medication linked yet.');
  await expect(question.locator('[data-unsupported]')).toHaveCount(0);

  // Link the record the subject already has: name, dose and period in the study's date format.
  await question.getByTestId('medication-reference-select').click();
  await page.getByRole('option', { name: /Amlodipine · .*5 mg.* · .*01-05-2023.* – ongoing/ }).click();
  const linked = question.getByTestId('medication-reference-linked');
  await expect(linked).toHaveCount(1);
  await expect(linked.first()).toContainText('Amlodipine');
  await expect(linked.first().getByTestId('medication-reference-details')).toContainText('01-05-2023');

  // Record a new one from the question: the medication form in a dialog, signed with the password.
  await question.getByTestId('medication-reference-create').click();
  const dialog = page.getByRole('dialog', { name: 'Record a medication' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('med-name').fill('Paracetamol');
  await dialog.getByTestId('med-indication').fill('Headache');
  await dialog.getByTestId('med-dose').fill('500');
  await dialog.getByTestId('med-doseUnit').click();
  await page.getByRole('option', { name: 'Milligram (mg)' }).click();
  await dialog.getByTestId('med-startDate').fill('02-01-2024');
  await shoot(page, 'medication-ref-dialog', dialog);
  await dialog.getByTestId('med-save').click();
  const signature = page.getByRole('dialog', { name: 'Confirm with your password' });
  await expect(signature).toHaveCount(1);
  await expect(signature.getByTestId('signature-meaning')).toBeVisible();
  await signature.getByRole('textbox', { name: 'Password' }).fill(doctor.password);
  await signature.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(signature).toBeHidden();
  await expect(dialog).toBeHidden();

  await expect(linked).toHaveCount(2);
  await expect(linked.nth(1)).toContainText('Paracetamol');
  await expect(linked.nth(1).getByTestId('medication-reference-details')).toContainText('500 mg');
  await expect(linked.nth(1).getByTestId('medication-reference-details')).toHaveText(
    /02-01-2024\W* – ongoing$/,
  );
  await shoot(page, 'medication-ref-fill', question);

  await page.getByRole('textbox', { name: SYSTOLIC }).fill('128');
  await page.getByRole('radiogroup', { name: SMOKER }).getByRole('radio', { name: 'No' }).check();
  await page.getByTestId('submit-form').click();
  await expect(page.getByTestId('completion')).toBeVisible();

  // The server's copy of the answer holds both records.
  const records = await admin.call(
    'GET',
    `/api/studies/${study.studyId}/patient/${subject.subjectId}/medication`,
  );
  const created = (records as { id: string; name: string }[]).find((m) => m.name === 'Paracetamol');
  expect(created).toBeDefined();
  const filled = await admin.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}/tokens/${subject.baseline.id}/questionnaires`,
  );
  expect(JSON.stringify(filled)).toContain(`"medicationRefs":["${existing}","${created?.id}"]`);

  // The review shows both, read-only: no unlink, no picker, no create.
  await page.goto(reviewPath(study, subject));
  const reviewed = page.locator('[data-question-id="q-med"]');
  await expect(reviewed.getByTestId('medication-reference-linked')).toHaveCount(2);
  await expect(reviewed.getByTestId('medication-reference-linked').nth(0)).toContainText('Amlodipine');
  await expect(reviewed.getByTestId('medication-reference-linked').nth(1)).toContainText('Paracetamol');
  await expect(reviewed.getByTestId('medication-reference').getByRole('button')).toHaveCount(0);
  await expect(reviewed.getByTestId('medication-reference-select')).toHaveCount(0);
  await shoot(page, 'medication-ref-review', reviewed);

  // Edit on the review screen (spec 001 §4 update with a reason) gives the controls back.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(reviewed.getByTestId('medication-reference-create')).toBeVisible();
  await expect(reviewed.getByRole('button', { name: 'Remove Amlodipine from the answer' })).toBeVisible();

  if (SHOTS) {
    // Right to left: the review in Arabic, dates and doses kept whole.
    await page.goto(`${reviewPath(study, subject)}?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arabic = page.locator('[data-question-id="q-med"]');
    await expect(arabic.getByTestId('medication-reference-linked')).toHaveCount(2);
    await shoot(page, 'medication-ref-review-ar', arabic);
  }
  await context.close();
});
