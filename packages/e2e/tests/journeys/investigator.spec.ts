import { expect, test } from '@playwright/test';
import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  ADMIN_ONLY_PAGES,
  BASELINE_EVENT,
  completeEnrollment,
  enrolledSubject,
  expectAdminPagesRefused,
  expectStudyMenu,
  fillBaseline,
  logInAs,
  openStudyFromList,
  PROCESS_NAME,
  SYSTOLIC,
  staffUser,
  twoSiteStudy,
  userApi,
} from '../../support/two-site-study';

// Issue 12 item 3, the investigator's day (docs/ROLES.md: INVESTIGATOR reads the subjects, records
// and filled forms of their sites and signs them). The investigator of site 1 finds a filled baseline
// visit from the side menu (Subjects → subject → Records → Review), reads it, and signs off the
// subject's ended enrollment on screen with their password (spec 001 §4 / §7 PUT .../signOff,
// Extended-Validation always): a wrong password first, refused in the dialog with nothing signed,
// then the right one; the records card shows the signature. Site 2 stays out of reach; design and
// administration stay out of the menu and the server refuses them. SIGN_OFF_SHOTS=<dir> also saves
// the sign-off dialog at phone and desktop width.

const SIGNER = 'Investigator Journey';
const MEANING = 'I have reviewed the data of this enrollment and confirm it is complete and accurate.';

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

test('the investigator of site 1 reviews a filled visit of their site and signs the enrollment off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const study = await twoSiteStudy(admin);
  const investigator = await staffUser(admin, study, 'INVESTIGATOR', [study.site1]);
  const subject = await enrolledSubject(admin, study, study.site1, 'I1-001');
  await fillBaseline(admin, study, subject, '131');
  await completeEnrollment(admin, study, subject);
  const elsewhere = await enrolledSubject(admin, study, study.site2);
  await fillBaseline(admin, study, elsewhere);
  await completeEnrollment(admin, study, elsewhere);

  await logInAs(page, investigator);
  await openStudyFromList(page, study);
  await expectStudyMenu(page, {
    shown: ['Overview', 'Subjects'],
    hidden: ADMIN_ONLY_PAGES,
  });

  // Subjects → the site's subject → Records → Review.
  await page.getByTestId('study-menu').getByRole('link', { name: 'Subjects', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/patient$`));
  const links = page.getByTestId('subject-table').getByTestId('subject-link');
  await expect(links.filter({ hasText: subject.patientId })).toHaveCount(1);
  await expect(links.filter({ hasText: elsewhere.patientId })).toHaveCount(0);
  // Reading only (docs/ROLES.md): no new subject, no enrolment.
  await expect(page.getByTestId('create-subject')).toHaveCount(0);
  await links.filter({ hasText: subject.patientId }).click();
  await expect(page.getByRole('heading', { name: subject.patientId })).toBeVisible();
  await page.getByTestId('tab-records').click();
  const enrollment = page.getByTestId('enrollment');
  await expect(enrollment.getByTestId('enrollment-status')).toHaveText('Completed');
  await expect(page.getByTestId('enrol-subject')).toHaveCount(0);
  const row = enrollment.getByTestId('token-row').filter({ hasText: BASELINE_EVENT });
  await expect(row.getByTestId('token-status')).toHaveText('Completed');
  await row.getByTestId('token-review').click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/patient/review/${subject.enrollmentId}/`));
  const systolic = page.getByRole('textbox', { name: SYSTOLIC });
  await expect(systolic).toHaveValue('131');
  await expect(systolic).toBeDisabled();
  await expect(page.getByTestId('fill-header')).toBeVisible();
  await expect(page.getByTestId('edit-form')).toHaveCount(0);

  // Back to the records: the ended enrollment offers "Sign off"; the dialog says what is signed.
  await page.goBack();
  await page.getByTestId('tab-records').click();
  await expect(enrollment.getByTestId('enrollment-signed-off')).toHaveCount(0);
  await enrollment.getByTestId('sign-off').click();
  const dialog = page.getByRole('dialog', { name: 'Sign off this enrollment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('sign-off-subject')).toHaveText(subject.patientId);
  await expect(dialog.getByTestId('sign-off-process')).toHaveText(PROCESS_NAME);
  await expect(dialog.getByTestId('sign-off-site')).toHaveText(study.site1.name);
  await expect(dialog.getByTestId('sign-off-signer')).toHaveText(SIGNER);
  await expect(dialog.getByTestId('sign-off-meaning')).toHaveText(MEANING);
  const password = dialog.getByLabel(/^Your password/);
  if (process.env.SIGN_OFF_SHOTS) {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${process.env.SIGN_OFF_SHOTS}/sign-off-dialog-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // A wrong password: the error shows in the dialog, which stays open; nothing is signed.
  await password.fill('not-my-password-1');
  await dialog.getByTestId('sign-off-submit').click();
  await expect(dialog.getByText('The password is not correct. Nothing was signed.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('sign-off-subject')).toHaveText(subject.patientId);
  const unsignedRecord = await admin.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}`,
  );
  expect(unsignedRecord.signOff, 'nothing signed after a wrong password').toBeNull();

  // The right password: the dialog closes and the card shows the signature.
  await password.fill(investigator.password);
  await dialog.getByTestId('sign-off-submit').click();
  await expect(dialog).toBeHidden();
  const signature = enrollment.getByTestId('enrollment-signed-off');
  await expect(signature).toHaveText(
    new RegExp(`^Signed off by ${SIGNER} on \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}$`),
  );
  await expect(enrollment.getByTestId('sign-off')).toHaveCount(0);
  await page.reload();
  await page.getByTestId('tab-records').click();
  await expect(signature).toContainText(`Signed off by ${SIGNER}`);
  await expect(enrollment.getByTestId('sign-off')).toHaveCount(0);

  // What the server says about the same call, with the investigator's own session.
  const api = await userApi(investigator);
  try {
    const signOff = (enrollmentId: string, password: string) =>
      api.send(
        'PUT',
        `/api/studies/${study.studyId}/enrollments/${enrollmentId}/signOff`,
        { reason: 'Casebook reviewed against the source.' },
        { [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(password) },
      );
    const unsigned = await api.send(
      'PUT',
      `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}/signOff`,
      {
        reason: 'No password given.',
      },
    );
    expect(unsigned.status, 'sign-off without the password').toBe(400);
    expect(unsigned.body.type).toBe('EXTENDED_VALIDATION');
    const again = await signOff(subject.enrollmentId, investigator.password);
    expect(again.status, 'a second sign-off').toBe(409);

    // Reviewing is not correcting: the update of an answer is refused.
    const base = `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}/tokens/${subject.baseline.id}`;
    const fill = await api.send('GET', `${base}/questionnaires`);
    expect(fill.status, 'read the filled form').toBe(200);
    const set = fill.body.forms[0].answerSet;
    const update = await api.send('PUT', `${base}/questionnaires/${set.id}`, {
      answers: [
        { question: 'q-systolic', answerStrings: ['99'] },
        { question: 'q-smoker', possibilities: ['p-no'] },
      ],
      comment: 'An investigator tries to correct the value.',
      version: set.version,
    });
    expect(update.status, `update an answer: ${JSON.stringify(update.body)}`).toBe(403);

    // Site 2 and the study's design are out of reach.
    const otherSite = await signOff(elsewhere.enrollmentId, investigator.password);
    expect(otherSite.status, 'sign off a site 2 enrollment').toBe(403);
    const otherSubject = await api.send(
      'GET',
      `/api/studies/${study.studyId}/patient/${elsewhere.subjectId}`,
    );
    expect(otherSubject.status, 'site 2 subject').toBe(403);
    const newForm = await api.send('POST', `/api/studies/${study.studyId}/questionnairetemplate`, {
      id: '',
      title: { en: 'Not an investigator’s job' },
      type: 'TYPE_HP',
      questions: [],
    });
    expect(newForm.status, 'create a form').toBe(403);
    await expectAdminPagesRefused(page, api, study);
  } finally {
    await api.dispose();
  }

  // The signature is on the record the admin reads.
  const record = await admin.call('GET', `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}`);
  expect(record.signOff?.signedTime).toBeTruthy();
  expect(record.signOff?.signedByName).toBe(SIGNER);
});
