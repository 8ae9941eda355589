import { expect, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import { createStudy, logIn } from '../../support/session';

// Issue 23 item 3 (study-build check): a designer opens the build check from the study overview,
// sees an error with a link to the place to fix it, follows the link, fixes it in the form builder,
// and the build check no longer shows it.

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

test('the build check links an error to the form builder, and the fix clears it', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const studyId = await createStudy(page, 'Build check');
  const title = `Visit form ${Date.now().toString(36)}`;
  const form = await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: title },
    type: 'TYPE_FORM',
    questions: [],
  });
  await api.call('POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Clinic visits',
    dataEvents: [
      { name: { en: 'Baseline' }, type: 'TYPE_USER', forms: [form.id], referenceDate: 'REGISTRATION' },
    ],
  });

  // The overview's card leads to the build check, which shows the error and blocks going live.
  await page.goto(`/study/${studyId}/overview`);
  const card = page.getByTestId('build-check-card');
  await expect(card).toContainText('Errors: 1');
  await card.getByRole('link', { name: 'Open the build check' }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/buildCheck$`));
  await expect(page.getByTestId('build-check-verdict')).toContainText('There are errors');
  const errors = page.getByRole('region', { name: 'Errors' });
  const row = errors
    .getByTestId('build-check-diagnostic')
    .filter({ hasText: `Form “${title}” has no questions.` });
  await expect(row).toBeVisible();

  // The link opens the form in the builder, where the designer adds the missing question.
  await row.getByRole('link', { name: 'Open the form' }).click();
  await expect(page).toHaveURL(new RegExp(`/questionnaireTemplate/${form.id}/edit`));
  await page.getByTestId('add-question').click();
  await page.getByTestId('add-NUMBER').click();
  const text = page.getByTestId('question-editor').getByTestId('question-text');
  await text.press('ControlOrMeta+a');
  await text.pressSequentially('Systolic blood pressure');
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });

  // Back on the build check, the error is gone and nothing blocks going live.
  await page.goto(`/study/${studyId}/buildCheck`);
  await expect(page.getByTestId('build-check-clean')).toContainText('No problems found');
  await expect(page.getByTestId('build-check-diagnostic')).toHaveCount(0);
});
