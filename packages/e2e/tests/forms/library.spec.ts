import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';

// Issue 5 items 1-3 (spec 001 §2 form list, builder and profile, §3 versions, §7 libraries): a form
// from the system library is published as 1.0 then 1.1; a form saved to my templates shows in the
// profile's forms tab and can be deleted; EQ-5D-5L is added once and the second attempt is refused.

// The three tests sign in as the same administrator, whose own templates are user-wide: one saves a
// template there while another expects none and counts cards (the chooser keeps the hidden "My
// templates" panel mounted). They run in order in one worker, not side by side.
test.describe.configure({ mode: 'default' });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/forms-library';

async function logIn(page: Page) {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

async function session(page: Page): Promise<{ csrfToken: string; user: { id: string } }> {
  return (await page.request.get('/api/auth/session')).json();
}

async function createStudy(page: Page): Promise<string> {
  const created = await page.request.post('/api/study', {
    headers: { 'x-csrf-token': (await session(page)).csrfToken },
    data: {
      studyName: `Library study ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      description: null,
      primaryLanguage: 'en',
      languages: ['en'],
      dateFormat: 'DD-MM-YYYY',
      dateTimeFormat: 'DD-MM-YYYY HH:mm',
      subjectIdAutomation: 'manual',
      extendedValidation: false,
      verificationType: 'NONE',
      secondaryVerificationType: 'NONE',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

async function createForm(page: Page, studyId: string, name: string) {
  const res = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers: { 'x-csrf-token': (await session(page)).csrfToken },
    data: {
      id: '',
      title: { en: name },
      type: 'TYPE_PATIENT',
      questions: [{ id: 'q1', order: 1, type: 'TEXT_SENTENCE', question: { en: 'Your name' } }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function publish(page: Page, kind: 'minor' | 'major') {
  await page.getByTestId('publish-version').click();
  const dialog = page.getByRole('dialog', { name: 'Publish a new version' });
  await expect(dialog.getByText('A published version can never be changed.', { exact: false })).toBeVisible();
  await dialog.getByTestId(`publish-${kind}`).check();
  await dialog.getByTestId('confirm-publish').click();
  await expect(dialog).toBeHidden();
}

test('a form created from the system library (PHQ-9) is published as 1.0, then as minor version 1.1', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const studyId = await createStudy(page);
  await page.goto(`/study/${studyId}/questionnaireTemplate`);
  await page.getByTestId('library-menu').click();
  await page.getByTestId('from-template').click();
  await expect(page).toHaveURL(/questionnaireTemplate\/create\?fromProfile=true/);
  await expect(page.getByRole('heading', { name: 'Create a form from a template' })).toBeVisible();
  await expect(page.getByTestId('no-templates')).toBeVisible();

  await page.getByTestId('system-tab').click();
  await expect(page.locator('[data-testid="template-card"]:visible')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/chooser-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Use template: PHQ-9' }).click();

  await expect(page).toHaveURL(/questionnaireTemplate\/[0-9a-f]{24}\/edit/);
  await expect(page.getByTestId('form-title')).toHaveValue('PHQ-9');
  await expect(page.getByTestId('question-item')).toHaveCount(11);
  const status = page.getByTestId('version-status');
  await expect(status).toContainText('Not published yet');
  // The same screens on a phone, right to left.
  const editUrl = page.url();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/study/${studyId}/questionnaireTemplate/create?fromProfile=true&lang=ar`);
  await page.getByTestId('system-tab').click();
  await expect(page.locator('[data-testid="template-card"]:visible')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/chooser-mobile-ar.png`, fullPage: true });
  await page.goto(`${editUrl.replace(/\?.*$/, '')}?lang=ar`);
  await expect(page.getByTestId('publish-version')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-mobile-ar.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${editUrl.replace(/\?.*$/, '')}?lang=en`);
  await expect(status).toContainText('Not published yet');

  await publish(page, 'minor');
  await expect(page.getByTestId('current-version')).toHaveText('Version 1.0');
  await expect(status).toContainText('Published');
  await expect(page.getByTestId('publish-version')).toBeDisabled();

  // A change makes the draft differ from 1.0; after the autosave it is published as 1.1.
  await page.getByTestId('form-title').fill('PHQ-9 (clinic)');
  await expect(status).toContainText('Unpublished changes');
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });
  await page.getByTestId('publish-version').click();
  // The dialog names the version it will publish, from the same rule the server uses.
  await expect(page.getByTestId('publish-next-version')).toHaveText('This publishes version 1.1.');
  await page.getByTestId('publish-major').check();
  await expect(page.getByTestId('publish-next-version')).toHaveText('This publishes version 2.0.');
  await page.getByTestId('publish-minor').check();
  await page.screenshot({ path: `${SHOTS}/publish-dialog.png` });
  await page.getByTestId('confirm-publish').click();
  await expect(page.getByTestId('current-version')).toHaveText('Version 1.1');

  await page.getByTestId('leave').click();
  const row = page.getByTestId('form-row').filter({ hasText: 'PHQ-9 (clinic)' });
  await expect(row.getByTestId('form-version')).toHaveText('Version 1.1');
});

test('a form saved to my templates shows in the profile forms tab and is deleted after confirming', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const studyId = await createStudy(page);
  const name = `Diary ${Date.now()}`;
  await createForm(page, studyId, name);
  await page.goto(`/study/${studyId}/questionnaireTemplate`);
  await page.getByTestId('form-row').filter({ hasText: name }).getByTestId('form-actions').click();
  await page.getByRole('menuitem', { name: 'Save to my templates' }).click();
  await expect(page.getByText('The form was saved to your templates.')).toBeVisible();

  const { user } = await session(page);
  await page.goto(`/profile/${user.id}?selectedOption=forms`);
  const row = page.getByTestId('template-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Subject questionnaire');
  await page.screenshot({ path: `${SHOTS}/profile-forms-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/profile/${user.id}?selectedOption=forms&lang=ar`);
  await expect(page.getByTestId('template-item').filter({ hasText: name })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/profile-forms-mobile-ar.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/profile/${user.id}?selectedOption=forms&lang=en`);
  await row.getByTestId('delete-template').click();
  await expect(page.getByText(`The template “${name}” is removed from your templates.`)).toBeVisible();
  await page.getByTestId('confirm-delete-template').click();
  await expect(page.getByText('The template was deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('EQ-5D-5L is added from the library once; the second attempt is refused with a clear message', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
  const studyId = await createStudy(page);
  await page.goto(`/study/${studyId}/questionnaireTemplate`);
  await page.getByTestId('library-menu').click();
  await page.getByTestId('add-eq5d').click();
  await expect(page.getByText('The EQ-5D-5L form was added.')).toBeVisible();
  await expect(page.getByTestId('form-card').filter({ hasText: 'EQ-5D-5L' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-mobile.png`, fullPage: true });

  await page.getByTestId('library-menu').click();
  await page.getByTestId('add-eq5d').click();
  await expect(
    page.getByText('This study already has an EQ-5D-5L form. A study can have only one.'),
  ).toBeVisible();
  await expect(page.getByTestId('form-card')).toHaveCount(1);
});
