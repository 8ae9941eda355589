import { expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import { ADMIN_PASSWORD } from '../../support/server';
import { logIn } from '../../support/session';
import {
  BASELINE_EVENT,
  enrolledSubject,
  fillBaseline,
  logInAs,
  SMOKER,
  staffUser,
  twoSiteStudy,
  VISIT_FORM_TITLE,
} from '../../support/two-site-study';

// Issue 22 must-show: the designer configures a stratified randomization (by site and by the smoker
// question of the baseline visit) in the process editor and runs the simulator; the study goes to
// production; the admin randomizes a subject with the password and sees the group; a blinded monitor
// sees the random id but the group nowhere (subject list, subject view, enrollment); the admin breaks
// the blind with a reason, which shows on the enrollment.

const PLACEBO = 'Placebo arm';
const ACTIVE = 'Active arm';
const RANDOMIZATION_EVENT = 'Randomization visit';
const SHOTS = process.env.E2E_RANDOMIZATION_SHOTS;

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function choose(page: Page, field: ReturnType<Page['getByTestId']>, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).click();
}

test('stratified randomization: configure, simulate, randomize with the password, blinded monitor, break blind', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const study = await twoSiteStudy(admin, { start: false, modules: ['RANDOMIZATION'] });
  // The process gets a randomization event after the baseline visit (whose smoker answer stratifies).
  const process = await admin.call('GET', `/api/studies/${study.studyId}/pathway/${study.processId}`);
  await admin.call('PUT', `/api/studies/${study.studyId}/pathway/${study.processId}`, {
    pathwayName: process.pathwayName,
    revision: process.revision,
    dataEvents: [
      ...process.dataEvents,
      { name: { en: RANDOMIZATION_EVENT }, type: 'TYPE_RANDOMIZATION', forms: [] },
    ],
  });
  const monitor = await staffUser(admin, study, 'MONITOR', [study.site1]);

  // 1. Configure in the process editor.
  await logIn(page);
  await page.goto(`/study/${study.studyId}/pathway/${study.processId}/edit`);
  const section = page.getByTestId('randomization-section');
  const toggle = section.getByTestId('switch-randomization');
  await expect(toggle).toBeEnabled();
  // Idempotent: clicks only while the switch is still off (the editor may still be settling).
  await expect(async () => {
    if (!(await toggle.isChecked())) await toggle.click();
    await expect(toggle).toBeChecked({ timeout: 1_000 });
  }).toPass();
  await section.getByTestId('target-inclusion').fill('40');
  await section.getByTestId('group-title-0').fill(PLACEBO);
  await section.getByTestId('group-title-1').fill(ACTIVE);
  await expect(section.getByTestId('method-PERMUTED_BLOCKS')).toBeChecked();
  await section.getByTestId('by-site-yes').check();
  await section.getByTestId('add-stratification').click();
  await choose(page, section.getByTestId('stratification-event'), BASELINE_EVENT);
  await choose(page, section.getByTestId('stratification-form'), VISIT_FORM_TITLE);
  await choose(page, section.getByTestId('stratification-question'), new RegExp(SMOKER));
  await section.getByTestId('save-randomization').click();
  await expect(page.getByText('Randomization saved.')).toBeVisible();
  await expect(section.getByTestId('save-randomization')).toBeDisabled();
  await shot(page, 'editor');

  // 2. The simulator: three methods side by side, chart and table.
  await section.getByTestId('open-simulator').click();
  const simulator = page.getByTestId('simulator');
  await expect(simulator.getByTestId('simulator-factor')).toHaveCount(2);
  await simulator.getByTestId('simulator-trials').fill('60');
  await simulator.getByTestId('simulator-run').click();
  const table = simulator.getByTestId('simulator-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  for (const method of ['SIMPLE', 'PERMUTED_BLOCKS', 'MINIMIZATION']) {
    await expect(table.getByTestId(`simulator-row-${method}`)).toBeVisible();
  }
  await expect(simulator.getByTestId('imbalance-chart')).toBeVisible();
  await expect(simulator.getByText('60 trials of 40 subjects, 4 strata.')).toBeVisible();
  await shot(page, 'simulator');
  await page.keyboard.press('Escape');

  // 3. Production; a subject at site 1 with the baseline visit filled (a non-smoker).
  await admin.call('POST', `/api/study/${study.studyId}/start`);
  const subject = await enrolledSubject(admin, study, study.site1);
  await fillBaseline(admin, study, subject);

  // 4. The admin randomizes it from the randomization event, signing with the password.
  await page.goto(`/study/${study.studyId}/patient/${subject.subjectId}?selected=records`);
  const enrollment = page.getByTestId('enrollment');
  await expect(enrollment.getByTestId('not-randomized')).toBeVisible();
  const row = enrollment.getByTestId('token-row').filter({ hasText: RANDOMIZATION_EVENT });
  await row.getByTestId('randomize').click();
  const prompt = page.getByRole('dialog');
  await prompt.getByRole('textbox', { name: 'Password' }).fill('not the password');
  await prompt.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(prompt.getByText('The password is not correct.')).toBeVisible();
  await prompt.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await prompt.getByRole('button', { name: 'Sign and continue' }).click();
  const result = page.getByTestId('randomization-result');
  await expect(result.getByTestId('result-random-id')).toHaveText(/^R\d+$/);
  const randomId = (await result.getByTestId('result-random-id').textContent()) ?? '';
  const group = (await result.getByTestId('allocation-group').textContent()) ?? '';
  expect([PLACEBO, ACTIVE]).toContain(group);
  await shot(page, 'randomized');
  await result.getByTestId('result-close').click();
  await expect(enrollment.getByTestId('allocation-random-id')).toHaveText(randomId);
  await expect(enrollment.getByTestId('allocation-group')).toHaveText(group);
  await expect(row.getByTestId('randomize')).toHaveCount(0);

  // 5. A monitor of site 1 sees the random id, never the group.
  const monitorContext = await browser.newContext();
  const monitorPage = await monitorContext.newPage();
  await logInAs(monitorPage, monitor);
  await monitorPage.goto(`/study/${study.studyId}/patient`);
  await expect(
    monitorPage.getByTestId('subject-row').getByTestId('subject-link').filter({ hasText: subject.patientId }),
  ).toBeVisible();
  await expect(monitorPage.getByText(group, { exact: true })).toHaveCount(0);
  await expect(monitorPage.getByRole('columnheader', { name: 'Trial group' })).toHaveCount(0);
  await monitorPage.goto(`/study/${study.studyId}/patient/${subject.subjectId}`);
  await expect(monitorPage.getByTestId('tab-profile')).toBeVisible();
  await expect(monitorPage.getByTestId('profile-trialGroup')).toHaveCount(0);
  await expect(monitorPage.getByText(group)).toHaveCount(0);
  await monitorPage.getByTestId('tab-records').click();
  const blindedEnrollment = monitorPage.getByTestId('enrollment');
  await expect(blindedEnrollment.getByTestId('allocation-random-id')).toHaveText(randomId);
  await expect(blindedEnrollment.getByTestId('allocation-blinded')).toHaveText('Blinded');
  await expect(monitorPage.getByText(group)).toHaveCount(0);
  await expect(blindedEnrollment.getByTestId('break-blind')).toHaveCount(0);
  await shot(monitorPage, 'monitor-blinded');
  await monitorContext.close();

  // 6. The admin breaks the blind with a reason and the password; the record shows who and why.
  const reason = 'Serious adverse event: the treating physician needs the allocation.';
  await enrollment.getByTestId('break-blind').click();
  const dialog = page.getByTestId('break-blind-dialog');
  await dialog.getByTestId('break-blind-submit').click();
  await expect(dialog.getByText('Give the reason for breaking the blind.')).toBeVisible();
  await dialog.getByTestId('break-blind-reason').fill(reason);
  await dialog.getByTestId('break-blind-password').fill(ADMIN_PASSWORD);
  await dialog.getByTestId('break-blind-submit').click();
  await expect(page.getByText('Blind broken. The trial group is shown.')).toBeVisible();
  await expect(enrollment.getByTestId('blind-break')).toContainText(reason);
  await shot(page, 'blind-broken');
});
