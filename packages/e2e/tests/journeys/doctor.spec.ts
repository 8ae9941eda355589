import { expect, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  ADMIN_ONLY_PAGES,
  BASELINE_EVENT,
  enrolledSubject,
  expectAdminPagesRefused,
  expectStudyMenu,
  logInAs,
  openStudyFromList,
  PROCESS_NAME,
  SMOKER,
  SYSTOLIC,
  staffUser,
  twoSiteStudy,
  userApi,
} from '../../support/two-site-study';

// Issue 12 item 3, the doctor's day (docs/ROLES.md: DOCTOR works with the subjects, enrolments and
// filled forms of their own sites and reads the sites and processes those screens need). The doctor
// of site 1 logs in on the login screen, reaches Subjects from the side menu, creates and enrols a
// subject, fills and submits the baseline visit, and sees only site 1: a subject of site 2 is not
// listed and its address is refused. Design and administration stay out of the menu and the server
// refuses them.

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

test('the doctor of site 1 creates and enrols a subject, fills the baseline visit and sees only site 1', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const study = await twoSiteStudy(admin);
  const doctor = await staffUser(admin, study, 'DOCTOR', [study.site1]);
  const elsewhere = await enrolledSubject(admin, study, study.site2);

  await logInAs(page, doctor);
  await openStudyFromList(page, study);
  await expectStudyMenu(page, {
    shown: ['Overview', 'Subjects'],
    hidden: ADMIN_ONLY_PAGES,
  });

  // Subjects from the side menu: the list opens (no bounce to the study list) without site 2's subject.
  await page.getByTestId('study-menu').getByRole('link', { name: 'Subjects', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/patient$`));
  await expect(page.getByRole('heading', { name: 'Subjects' })).toBeVisible();
  // Site 2's subject is the only one in the study so far: the doctor's list is empty, and stays open.
  await expect(page.getByTestId('no-subjects')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/patient$`));

  // Create a subject at site 1.
  await page.getByTestId('create-subject').click();
  await expect(page).toHaveURL(/\/patient\/create$/);
  const site = page.getByTestId('field-site');
  await site.click();
  await page.getByRole('option', { name: study.site1.name }).click();
  await expect(site).toHaveValue(study.site1.name);
  await page.getByTestId('field-patientId').fill('D1-001');
  await page.getByTestId('field-firstName').fill('Karen');
  await page.getByTestId('field-lastName').fill('Blixen');
  await page.getByTestId('save-subject').click();
  await expect(page).toHaveURL(/\/patient\/[0-9a-f]{24}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'D1-001' })).toBeVisible();
  const subjectId = /\/patient\/([0-9a-f]{24})$/.exec(page.url())?.[1] ?? '';

  // Enrol it in the process from the records tab.
  await page.getByTestId('tab-records').click();
  await page.getByTestId('enrol-subject').click();
  const enrol = page.getByRole('dialog', { name: 'Enrol in a process' });
  await enrol.getByTestId('enrol-process').click();
  await page.getByRole('option', { name: PROCESS_NAME }).click();
  await expect(enrol.getByTestId('enrol-site')).toHaveValue(study.site1.name);
  await enrol.getByTestId('enrol-submit').click();
  await expect(enrol).toBeHidden();
  const enrollment = page.getByTestId('enrollment');
  await expect(enrollment.getByTestId('token-event')).toHaveText([BASELINE_EVENT]);

  // Fill the baseline visit and submit it.
  await enrollment.getByTestId('token-fill').click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/patient/visit/`));
  await page.getByRole('textbox', { name: SYSTOLIC }).fill('128');
  await page.getByRole('radiogroup', { name: SMOKER }).getByRole('radio', { name: 'No' }).check();
  await page.getByTestId('submit-form').click();
  const completion = page.getByTestId('completion');
  await expect(completion.getByRole('heading', { name: 'Data event completed' })).toBeVisible();
  await completion.getByRole('link', { name: 'Back to subject' }).click();
  await expect(page).toHaveURL(new RegExp(`/patient/${subjectId}`));
  await expect(enrollment.getByTestId('token-status')).toHaveText(['Completed']);

  // The list shows site 1's subject and not site 2's.
  await page.getByTestId('study-menu').getByRole('link', { name: 'Subjects', exact: true }).click();
  const links = page.getByTestId('subject-table').getByTestId('subject-link');
  await expect(links.filter({ hasText: 'D1-001' })).toHaveCount(1);
  await expect(links.filter({ hasText: elsewhere.patientId })).toHaveCount(0);
  await page.getByTestId('subject-search').fill(elsewhere.patientId);
  await expect(page.getByTestId('no-subjects')).toBeVisible();

  // Site 2's subject by its address: the server refuses, the app goes back to the study list.
  await page.goto(`/study/${study.studyId}/patient/${elsewhere.subjectId}`);
  await expect(page).toHaveURL(/\/study$/);
  await expect(page.getByText(elsewhere.patientId)).toHaveCount(0);

  // The server: site 2's subject and records refused, design and access calls refused.
  const api = await userApi(doctor);
  try {
    const own = await api.send('GET', `/api/studies/${study.studyId}/patient/${subjectId}`);
    expect(own.status, 'own subject').toBe(200);
    const other = await api.send('GET', `/api/studies/${study.studyId}/patient/${elsewhere.subjectId}`);
    expect(other.status, 'site 2 subject').toBe(403);
    const otherRecords = await api.send(
      'GET',
      `/api/studies/${study.studyId}/enrollments/${elsewhere.enrollmentId}/tokens/${elsewhere.baseline.id}/questionnaires`,
    );
    expect(otherRecords.status, 'site 2 filled forms').toBe(403);
    const atSite2 = await api.send('POST', `/api/studies/${study.studyId}/sites/${study.site2.id}/patients`, {
      patientId: 'D1-SNEAK',
      language: 'en',
    });
    expect(atSite2.status, 'create at site 2').toBe(403);
    const newForm = await api.send('POST', `/api/studies/${study.studyId}/questionnairetemplate`, {
      id: '',
      title: { en: 'Not a doctor’s job' },
      type: 'TYPE_HP',
      questions: [],
    });
    expect(newForm.status, 'create a form').toBe(403);
    await expectAdminPagesRefused(page, api, study);
  } finally {
    await api.dispose();
  }
});
