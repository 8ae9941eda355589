import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  enrolledSubject,
  fillBaseline,
  logInAs,
  openStudyFromList,
  reviewPath,
  type StaffUser,
  staffUser,
  twoSiteStudy,
  userApi,
  VISIT_FORM_TITLE,
} from '../../support/two-site-study';

// Issue 19 must-show: the data-cleaning loop through the screens. A monitor raises a query on an
// answer of a site-1 subject; the site-1 doctor finds it in the query list filtered by site, changes
// the answer with the response as the reason and signs the response with the password; the monitor
// closes it, then reopens it. The form's status icon in the tabs follows: query, completed, query.

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

async function signedInPage(browser: Browser, user: StaffUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInAs(page, user);
  return page;
}

const formTab = (page: Page) => page.getByTestId('form-tab').filter({ hasText: VISIT_FORM_TITLE });
const systolicBlock = (page: Page) => page.locator('[data-question-id="q-systolic"]');

test('a monitor raises a query, the site doctor answers it with a corrected value and the password, the monitor closes and reopens it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const study = await twoSiteStudy(admin);
  const monitor = await staffUser(admin, study, 'MONITOR', 'ALL');
  const doctor = await staffUser(admin, study, 'DOCTOR', [study.site1]);
  const subject = await enrolledSubject(admin, study, study.site1);
  await fillBaseline(admin, study, subject, '210');
  // A query at site 2 too: the doctor of site 1 never sees it, the site filter keeps it out for the monitor.
  const other = await enrolledSubject(admin, study, study.site2);
  const otherSet = await fillBaseline(admin, study, other, '118');
  const monitorApi = await userApi(monitor);
  const raised = await monitorApi.send(
    'POST',
    `/api/studies/${study.studyId}/enrollments/${other.enrollmentId}/tokens/${other.baseline.id}/questionnaires/${otherSet}/queries`,
    { questionId: 'q-smoker', text: 'Site 2: please confirm the smoking status.' },
  );
  expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  await monitorApi.dispose();

  // 1. The monitor raises a query on the systolic answer from the review screen.
  const monitorPage = await signedInPage(browser, monitor);
  await monitorPage.goto(reviewPath(study, subject));
  await expect(formTab(monitorPage)).toHaveAttribute('data-status', 'STATUS_COMPLETED');
  const icon = systolicBlock(monitorPage).getByTestId('query-icon');
  await expect(icon).toHaveAttribute('data-count', '0');
  await icon.click();
  const dialog = monitorPage.getByRole('dialog');
  await expect(dialog.getByTestId('query-question')).toHaveText('Systolic blood pressure');
  await dialog
    .getByTestId('query-new-text')
    .fill('210 mmHg is unusually high: please check the source document.');
  await dialog.getByTestId('query-create').click();
  await expect(dialog.getByTestId('query-card')).toHaveCount(1);
  await expect(dialog.getByTestId('query-card').getByTestId('query-status')).toHaveAttribute(
    'data-status',
    'OPEN',
  );
  // The monitor's own actions on an open query: close (with a comment or at once), nothing to respond.
  await expect(dialog.getByTestId('query-action-RESPOND')).toHaveCount(0);
  await expect(dialog.getByTestId('query-action-CLOSE')).toBeVisible();
  await monitorPage.keyboard.press('Escape');
  await expect(icon).toHaveAttribute('data-count', '1');
  await expect(formTab(monitorPage)).toHaveAttribute('data-status', 'STATUS_QUERY');

  // 2. The doctor of site 1 finds it in the query list, filtered by site.
  const doctorPage = await signedInPage(browser, doctor);
  await openStudyFromList(doctorPage, study);
  await doctorPage.getByTestId('study-menu').getByRole('link', { name: 'Queries', exact: true }).click();
  await expect(doctorPage).toHaveURL(new RegExp(`/study/${study.studyId}/queries$`));
  await doctorPage.getByTestId('query-filter-sites').click();
  await doctorPage.getByRole('option', { name: study.site1.name }).click();
  await doctorPage.keyboard.press('Escape');
  await doctorPage.getByTestId('query-filter-apply').click();
  const rows = doctorPage.getByTestId('query-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(subject.patientId);
  await expect(rows.first()).toContainText('210 mmHg is unusually high');
  await expect(doctorPage.getByTestId('query-table')).not.toContainText('Site 2: please confirm');
  await expect(doctorPage.getByTestId('query-count-OPEN')).toContainText('1');
  // The filtered list as CSV: the doctor's one row, no site-2 query.
  const [download] = await Promise.all([
    doctorPage.waitForEvent('download'),
    doctorPage.getByTestId('query-export').click(),
  ]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv).toContain(subject.patientId);
  expect(csv).toContain('210 mmHg is unusually high');
  expect(csv).not.toContain('Site 2: please confirm');

  // It opens the form at the question; the doctor corrects the answer while responding.
  await rows.first().getByTestId('query-row-open').click();
  await expect(doctorPage).toHaveURL(/qId=q-systolic/);
  await expect(formTab(doctorPage)).toHaveAttribute('data-status', 'STATUS_QUERY');
  await systolicBlock(doctorPage).getByTestId('query-icon').click();
  const doctorDialog = doctorPage.getByRole('dialog');
  await expect(doctorDialog.getByTestId('query-comment-author').first()).toContainText('Monitor');
  await expect(doctorDialog.getByTestId('query-action-CLOSE')).toHaveCount(0);
  await doctorDialog.getByTestId('query-action-RESPOND').click();
  await doctorDialog
    .getByTestId('query-action-text')
    .fill('Transcription error: the source document says 120.');
  await doctorDialog.getByTestId('query-change-answer').check();
  const editor = doctorDialog.getByTestId('query-answer-editor').getByRole('textbox');
  await editor.fill('120');
  await doctorDialog.getByTestId('query-action-send').click();
  const signature = doctorPage.getByRole('dialog', { name: 'Confirm with your password' });
  await signature.getByLabel('Password').fill(doctor.password);
  await signature.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(signature).toBeHidden();
  const card = doctorDialog.getByTestId('query-card');
  await expect(card.getByTestId('query-status')).toHaveAttribute('data-status', 'RESPONDED');
  await expect(card.getByTestId('query-comment-values')).toContainText('210');
  await expect(card.getByTestId('query-comment-values')).toContainText('120');
  await doctorPage.keyboard.press('Escape');
  await expect(systolicBlock(doctorPage).getByRole('textbox')).toHaveValue('120');
  // Responded is still a query that needs the monitor.
  await expect(formTab(doctorPage)).toHaveAttribute('data-status', 'STATUS_QUERY');

  // 3. The monitor closes it: the form is completed again.
  await monitorPage.reload();
  await systolicBlock(monitorPage).getByTestId('query-icon').click();
  await expect(dialog.getByTestId('query-status')).toHaveAttribute('data-status', 'RESPONDED');
  await dialog.getByTestId('query-action-CLOSE').click();
  await dialog.getByTestId('query-action-text').fill('Confirmed against the source document.');
  await dialog.getByTestId('query-action-send').click();
  await expect(dialog.getByTestId('query-closed-list')).toBeVisible();
  await monitorPage.keyboard.press('Escape');
  await expect(formTab(monitorPage)).toHaveAttribute('data-status', 'STATUS_COMPLETED');

  // 4. ... then reopens it: the form shows the query status again.
  await systolicBlock(monitorPage).getByTestId('query-icon').click();
  await dialog.getByTestId('query-closed-list').getByRole('button').first().click();
  // The dialog re-renders as the closed list unfolds: click REOPEN until its text field is shown.
  await expect(async () => {
    await dialog.getByTestId('query-action-REOPEN').click();
    await expect(dialog.getByTestId('query-action-text')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByTestId('query-action-text').fill('Reopened: the unit of the corrected value is missing.');
  await dialog.getByTestId('query-action-send').click();
  await expect(dialog.getByTestId('query-card').first().getByTestId('query-status')).toHaveAttribute(
    'data-status',
    'OPEN',
  );
  await monitorPage.keyboard.press('Escape');
  await expect(formTab(monitorPage)).toHaveAttribute('data-status', 'STATUS_QUERY');

  // 5. The subject's records show the query status on the token too, with its legend entry (001 §4).
  await monitorPage.goto(`/study/${study.studyId}/patient/${subject.subjectId}`);
  await monitorPage.getByTestId('tab-records').click();
  const tokenRow = monitorPage.getByTestId('token-row').first();
  await expect(tokenRow.getByTestId('token-query-status').getByRole('img')).toHaveAttribute(
    'data-status',
    'STATUS_QUERY',
  );
  await expect(monitorPage.getByTestId('records-legend')).toContainText('Open query');

  await monitorPage.context().close();
  await doctorPage.context().close();
});
