import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';

// Spec 001 §2 API access, 000 §6 extended validation: the data is set up through the API,
// the checks are on what the admin sees and on what the key can then read.

async function logIn(page: Page) {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

/** Creates a study as the signed-in admin (and optionally adds the API module) through the API. */
async function createStudy(page: Page, input: { extendedValidation: boolean; withApiModule: boolean }) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const headers = { 'x-csrf-token': session.csrfToken as string };
  const created = await page.request.post('/api/study', {
    headers,
    data: {
      studyName: `API study ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      description: null,
      primaryLanguage: 'en',
      languages: ['en'],
      dateFormat: 'DD-MM-YYYY',
      dateTimeFormat: 'DD-MM-YYYY HH:mm',
      subjectIdAutomation: 'manual',
      extendedValidation: input.extendedValidation,
      verificationType: 'NONE',
      secondaryVerificationType: 'NONE',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const study = (await created.json()) as { id: string; studyName: string };
  if (input.withApiModule) {
    const addons = await page.request.post(`/api/studies/${study.id}/addons`, {
      headers,
      data: { modules: ['API_KEYS'] },
    });
    expect(addons.ok(), await addons.text()).toBe(true);
  }
  return study;
}

async function readStudyInfo(request: APIRequestContext, studyId: string, key: string) {
  return request.get(`/api/studies/${studyId}/apiKey/studyInfo`, {
    headers: { authorization: `Bearer ${key}` },
  });
}

test('an admin renews the API key, reveals it with a countdown, and the key reads the study info', async ({
  page,
  request,
}) => {
  await logIn(page);
  const study = await createStudy(page, { extendedValidation: false, withApiModule: true });
  await page.goto(`/study/${study.id}/api`);
  await expect(page.getByRole('heading', { name: 'API access' })).toBeVisible();
  await expect(page.getByText('No key has been created yet')).toBeVisible();

  await page.getByRole('button', { name: 'Renew key' }).click();
  const field = page.getByTestId('api-key-value');
  await expect(field).toHaveValue(/^•+$/);
  await page.getByRole('button', { name: 'Show key' }).click();
  await expect(field).toHaveValue(/^tb_[A-Za-z0-9]{8}_/);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/Hidden again in \d+ s/)).toBeVisible();
  const key = await field.inputValue();
  await expect(page.getByText(`tb_${key.slice(3, 11)}_…`)).toBeVisible();

  // The API client (no browser session) reads its study with the key.
  const info = await readStudyInfo(request, study.id, key);
  expect(info.status()).toBe(200);
  expect(await info.json()).toMatchObject({ id: study.id, name: study.studyName });

  await page.getByRole('button', { name: 'Hide key' }).click();
  await expect(field).toHaveValue(/^•+$/);

  // Study info as text, and the API user setting with its save button appearing after a change.
  await page.getByText('Text', { exact: true }).click();
  await expect(page.getByTestId('study-info')).toContainText(`Study id: ${study.id}`);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'View identifiable data' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The API user setting was saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // Renewing again revokes the old key.
  await page.getByRole('button', { name: 'Renew key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Renew key' }).click();
  await expect(page.getByText('A new API key was created').first()).toBeVisible();
  await expect.poll(async () => (await readStudyInfo(request, study.id, key)).status()).toBe(401);
});

test('issue 26 item 4: the data feed switch lets the key read the incremental feed', async ({
  page,
  request,
}) => {
  await logIn(page);
  const study = await createStudy(page, { extendedValidation: false, withApiModule: true });
  await page.goto(`/study/${study.id}/api`);
  await page.getByRole('button', { name: 'Renew key' }).click();
  await page.getByRole('button', { name: 'Show key' }).click();
  const key = await page.getByTestId('api-key-value').inputValue();
  const feed = () =>
    request.get(`/api/studies/${study.id}/feed`, { headers: { authorization: `Bearer ${key}` } });
  expect((await feed()).status()).toBe(403);

  const feedSwitch = page.getByRole('switch', { name: 'Data feed' });
  await expect(feedSwitch).not.toBeChecked();
  await feedSwitch.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The API user setting was saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(feedSwitch).toBeChecked();
  const read = await feed();
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({
    changes: [],
    hasMore: false,
    nextCursor: expect.stringMatching(/^fc1_/),
  });

  // E2E_FEED_SHOTS=<dir>: the API user card at desktop and phone width, left to right and right to left.
  const shots = process.env.E2E_FEED_SHOTS;
  if (shots) {
    for (const [name, lang, width, height] of [
      ['desktop-en', 'en', 1280, 900],
      ['phone-en', 'en', 390, 844],
      ['phone-ar', 'ar', 390, 844],
      ['desktop-he', 'he-il', 1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/study/${study.id}/api?lang=${lang}`);
      const card = page.getByRole('switch').nth(1);
      await card.scrollIntoViewIfNeeded();
      await expect(card).toBeChecked();
      await page.screenshot({ path: `${shots}/api-user-${name}.png`, fullPage: true });
    }
  }
});

test('issue 28 item 2: the Write data switch lets the key write; the page states the key rate limit', async ({
  page,
  request,
}) => {
  await logIn(page);
  const study = await createStudy(page, { extendedValidation: false, withApiModule: true });
  const session = await (await page.request.get('/api/auth/session')).json();
  const site = await page.request.post(`/api/studies/${study.id}/sites`, {
    headers: { 'x-csrf-token': session.csrfToken as string },
    data: { name: 'Odense clinic' },
  });
  expect(site.ok(), await site.text()).toBe(true);
  const siteId = ((await site.json()) as { id: string }).id;
  await page.goto(`/study/${study.id}/api`);
  await page.getByRole('button', { name: 'Renew key' }).click();
  await page.getByRole('button', { name: 'Show key' }).click();
  const key = await page.getByTestId('api-key-value').inputValue();
  const headers = { authorization: `Bearer ${key}` };
  const createSubject = () =>
    request.post(`/api/studies/${study.id}/sites/${siteId}/patients`, {
      headers,
      data: { patientId: 'API-1' },
    });

  await expect(page.getByText(/always reads this study's subjects, enrolments, form answers/)).toBeVisible();
  const limit = page.getByRole('alert').filter({ hasText: 'Rate limit' });
  await expect(limit).toContainText('600 calls in 10 minutes, reads and writes together');

  // Read only: the key reads the answers list and is refused a write.
  expect((await request.get(`/api/v1/studies/${study.id}/answers`, { headers })).status()).toBe(200);
  const refused = await createSubject();
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ type: 'RESTRICTION', message: 'API keys cannot do this.' });

  const writeSwitch = page.getByRole('switch', { name: 'Write data' });
  await expect(writeSwitch).not.toBeChecked();
  await writeSwitch.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The API user setting was saved.')).toBeVisible();
  await expect(writeSwitch).toBeChecked();
  // Granted: the call passes the key check and meets the study's own rule (a study in design takes no subjects).
  const passed = await createSubject();
  expect(passed.status(), await passed.text()).not.toBe(403);
  expect(await passed.json()).toMatchObject({ id: 'STUDY_STATUS_MISMATCH' });

  // E2E_DATA_API_SHOTS=<dir>: the API user card at phone and desktop width, in English and Arabic.
  const shots = process.env.E2E_DATA_API_SHOTS;
  if (shots) {
    for (const [name, lang, width, height] of [
      ['desktop-en', 'en', 1280, 900],
      ['phone-en', 'en', 390, 844],
      ['phone-ar', 'ar', 390, 844],
      ['desktop-ar', 'ar', 1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/study/${study.id}/api?lang=${lang}`);
      await expect(page.getByRole('switch').nth(2)).toBeChecked();
      await page.screenshot({ path: `${shots}/data-api-${name}.png`, fullPage: true });
    }
  }
});

test('with extended validation the renewal asks for the password and shows a wrong one', async ({
  page,
  request,
}) => {
  await logIn(page);
  const study = await createStudy(page, { extendedValidation: true, withApiModule: true });
  await page.goto(`/study/${study.id}/api`);
  await page.getByRole('button', { name: 'Renew key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm with your password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('signature-meaning')).toContainText('renew the API key');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('Not-the-password-1');
  await dialog.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(dialog.getByText('The password is not correct. Nothing was changed.')).toBeVisible();
  await expect(page.getByText('No key has been created yet')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Show key' }).click();
  const key = await page.getByTestId('api-key-value').inputValue();
  expect((await readStudyInfo(request, study.id, key)).status()).toBe(200);
});

test('a study without the API module shows the module-disabled information', async ({ page }) => {
  await logIn(page);
  const study = await createStudy(page, { extendedValidation: false, withApiModule: false });
  await page.goto(`/study/${study.id}/api`);
  await expect(page.getByText('API access is not enabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew key' })).toHaveCount(0);
});
