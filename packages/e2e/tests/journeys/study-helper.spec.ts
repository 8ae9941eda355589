import { expect, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  ADMIN_ONLY_PAGES,
  expectAdminPagesRefused,
  expectStudyMenu,
  logInAs,
  openStudyFromList,
  SYSTOLIC,
  staffUser,
  twoSiteStudy,
  userApi,
  VISIT_FORM_TITLE,
} from '../../support/two-site-study';

// Issue 12 item 3, the study helper's day (docs/ROLES.md: STUDY_HELPER builds forms and processes and
// enters unscheduled records). On a study still in build, the helper opens Forms from the side menu,
// opens the baseline form, changes a question's text and saves; the saved form has the new text.
// Study settings, access and API keys stay out of the menu and the server refuses them.

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

const NEW_TEXT = 'Systolic blood pressure, seated (mmHg)';

test('the study helper opens Forms from the menu, changes a question of a form in build and saves it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const study = await twoSiteStudy(admin, { start: false });
  const helper = await staffUser(admin, study, 'STUDY_HELPER', 'ALL');

  await logInAs(page, helper);
  await openStudyFromList(page, study);
  await expectStudyMenu(page, {
    shown: ['Overview', 'Forms', 'Processes'],
    hidden: ADMIN_ONLY_PAGES,
  });

  // Forms from the side menu → the baseline form → Edit.
  await page.getByTestId('study-menu').getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/questionnaireTemplate$`));
  const row = page.getByTestId('form-row').filter({ hasText: VISIT_FORM_TITLE });
  await expect(row).toHaveCount(1);
  await row.getByTestId('form-actions').click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/questionnaireTemplate/${study.formId}/edit`));

  // Change the first question's text and save.
  const titles = page.getByTestId('question-title');
  await expect(titles).toHaveCount(2);
  await titles.first().click();
  const text = page.getByTestId('question-editor').getByTestId('question-text');
  await expect(text).toHaveValue(SYSTOLIC);
  await text.fill(NEW_TEXT);
  await page.getByTestId('save-form').click();
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });
  await expect(page.getByTestId('backend-error')).toHaveCount(0);

  // Back to the list: no leave-without-saving dialog, the form is still listed.
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/questionnaireTemplate$`));
  await expect(page.getByTestId('form-row').filter({ hasText: VISIT_FORM_TITLE })).toHaveCount(1);

  // The saved form carries the new text.
  const saved = await admin.call(
    'GET',
    `/api/studies/${study.studyId}/questionnairetemplate/${study.formId}`,
  );
  const question = (saved.questions as { id: string; question: Record<string, string> }[]).find(
    (q) => q.id === 'q-systolic',
  );
  expect(question?.question.en).toBe(NEW_TEXT);

  // The server refuses what is not the helper's to do.
  const api = await userApi(helper);
  try {
    const settings = await api.send('PUT', `/api/study/${study.studyId}`, {
      description: 'Changed by a helper',
    });
    expect(settings.status, 'change study settings').toBe(403);
    const start = await api.send('POST', `/api/study/${study.studyId}/start`);
    expect(start.status, 'start the study').toBe(403);
    await expectAdminPagesRefused(page, api, study);
  } finally {
    await api.dispose();
  }
});
