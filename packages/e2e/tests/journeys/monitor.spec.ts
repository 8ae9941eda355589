import { expect, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  ADMIN_ONLY_PAGES,
  BASELINE_EVENT,
  enrolledSubject,
  expectAdminPagesRefused,
  expectStudyMenu,
  fillBaseline,
  logInAs,
  openStudyFromList,
  SYSTOLIC,
  staffUser,
  twoSiteStudy,
  userApi,
} from '../../support/two-site-study';

// Issue 12 item 3, the monitor's day (docs/ROLES.md: MONITOR reads all data of their sites,
// pseudonymised, verifies source data, raises and closes queries, reads the audit trail). The monitor
// of site 2 finds the site's filled baseline visits from the side menu (Subjects → subject → Records
// → Review), verifies them, and cannot change an answer: no edit control, and the server refuses the
// update. Site 1, design and administration stay out of reach.

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

test('the monitor of site 2 finds the site’s filled forms from the menu, verifies them and cannot change an answer', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const study = await twoSiteStudy(admin, { verificationType: 'FORM' });
  const monitor = await staffUser(admin, study, 'MONITOR', [study.site2]);
  const first = await enrolledSubject(admin, study, study.site2, 'M2-001');
  const second = await enrolledSubject(admin, study, study.site2, 'M2-002');
  const questionnaires = [
    { subject: first, id: await fillBaseline(admin, study, first, '118') },
    { subject: second, id: await fillBaseline(admin, study, second, '142') },
  ];
  const elsewhere = await enrolledSubject(admin, study, study.site1, 'S1-001');
  await fillBaseline(admin, study, elsewhere);

  await logInAs(page, monitor);
  await openStudyFromList(page, study);
  await expectStudyMenu(page, {
    shown: ['Overview', 'Subjects'],
    hidden: ADMIN_ONLY_PAGES,
  });

  const menu = page.getByTestId('study-menu');
  const links = page.getByTestId('subject-table').getByTestId('subject-link');
  const systolic = page.getByRole('textbox', { name: SYSTOLIC });
  for (const [index, { subject }] of questionnaires.entries()) {
    // Subjects from the menu: site 2's subjects, not site 1's; names are pseudonymised.
    await menu.getByRole('link', { name: 'Subjects', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/patient$`));
    await expect(links.filter({ hasText: /^M2-00[12]$/ })).toHaveCount(2);
    await expect(links.filter({ hasText: elsewhere.patientId })).toHaveCount(0);
    await expect(page.getByText(`Subject ${subject.patientId}`)).toHaveCount(0);
    await expect(page.getByTestId('create-subject')).toHaveCount(0);

    // Subject → Records → Review.
    await links.filter({ hasText: subject.patientId }).click();
    await expect(page.getByRole('heading', { name: subject.patientId })).toBeVisible();
    await page.getByTestId('tab-records').click();
    await expect(page.getByTestId('enrol-subject')).toHaveCount(0);
    const row = page.getByTestId('enrollment').getByTestId('token-row').filter({ hasText: BASELINE_EVENT });
    await expect(row.getByTestId('token-status')).toHaveText('Completed');
    await row.getByTestId('token-review').click();
    await expect(page).toHaveURL(new RegExp(`/patient/review/${subject.enrollmentId}/`));
    await expect(systolic).toHaveValue(index === 0 ? '118' : '142');

    // Read only: no edit control, the answer field stays disabled.
    await expect(page.getByTestId('fill-header')).toBeVisible();
    await expect(page.getByTestId('edit-form')).toHaveCount(0);
    await expect(systolic).toBeDisabled();

    // Verify the form; the verification holds after a reload.
    const verify = page.getByTestId('verify-form-primary');
    await expect(verify).toHaveAttribute('data-verified', 'false');
    await verify.click();
    await expect(verify).toHaveAttribute('data-verified', 'true');
    await page.reload();
    await expect(systolic).toHaveValue(index === 0 ? '118' : '142');
    await expect(page.getByTestId('verify-form-primary')).toHaveAttribute('data-verified', 'true');
  }

  // The server: the update is refused, site 1 is out of reach, design and access calls are refused.
  const api = await userApi(monitor);
  try {
    const target = questionnaires[0] as (typeof questionnaires)[number];
    const base = `/api/studies/${study.studyId}/enrollments/${target.subject.enrollmentId}/tokens/${target.subject.baseline.id}`;
    const review = await api.send('GET', `${base}/questionnaires`);
    expect(review.status, 'read the filled form').toBe(200);
    const update = await api.send('PUT', `${base}/questionnaires/${target.id}`, {
      answers: [
        { question: 'q-systolic', answerStrings: ['99'] },
        { question: 'q-smoker', possibilities: ['p-no'] },
      ],
      comment: 'A monitor tries to correct the value.',
      version: review.body.forms[0].answerSet.version,
    });
    expect(update.status, `update an answer: ${JSON.stringify(update.body)}`).toBe(403);
    const otherSite = await api.send('GET', `/api/studies/${study.studyId}/patient/${elsewhere.subjectId}`);
    expect(otherSite.status, 'site 1 subject').toBe(403);
    const newSubject = await api.send(
      'POST',
      `/api/studies/${study.studyId}/sites/${study.site2.id}/patients`,
      {
        patientId: 'M2-SNEAK',
        language: 'en',
      },
    );
    expect(newSubject.status, 'create a subject').toBe(403);
    const newForm = await api.send('POST', `/api/studies/${study.studyId}/questionnairetemplate`, {
      id: '',
      title: { en: 'Not a monitor’s job' },
      type: 'TYPE_HP',
      questions: [],
    });
    expect(newForm.status, 'create a form').toBe(403);
    await expectAdminPagesRefused(page, api, study);
  } finally {
    await api.dispose();
  }

  // The answer is unchanged and both forms are verified, as the admin reads them.
  for (const { subject } of questionnaires) {
    const fill = await admin.call(
      'GET',
      `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}/tokens/${subject.baseline.id}/questionnaires`,
    );
    const set = fill.forms[0].answerSet;
    expect(set.verified).toBe(true);
  }
  const fill = await admin.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${first.enrollmentId}/tokens/${first.baseline.id}/questionnaires`,
  );
  const answer = (fill.forms[0].answerSet.answers as { question: string; answerStrings: string[] }[]).find(
    (a) => a.question === 'q-systolic',
  );
  expect(answer?.answerStrings).toEqual(['118']);
});
