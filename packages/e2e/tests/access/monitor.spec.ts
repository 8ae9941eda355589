import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';

// Issue 4 must-show: an admin creates a study and a site, invites a second user as MONITOR
// for that site; the monitor sees only what a monitor may, and the API refuses the rest.

const CSRF_HEADER = 'x-csrf-token';

type Api = { context: APIRequestContext; csrf: string };

async function apiLogin(baseURL: string, email: string, password: string): Promise<Api> {
  const context = await request.newContext({ baseURL });
  const res = await context.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { context, csrf: (await res.json()).csrfToken };
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

test('an admin invites a MONITOR for one site; the monitor sees no design screens and the API refuses', async ({
  browser,
  baseURL,
}) => {
  // Two users in two browsers through several screens: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const admin = await apiLogin(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const stamp = Date.now().toString(36);

  // The admin creates the study through the screens.
  const adminPage = await (await browser.newContext({ baseURL: base })).newPage();
  await logIn(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await adminPage.getByTestId('new-study-tile').click();
  const studyDialog = adminPage.getByRole('dialog', { name: 'New study' });
  await studyDialog.getByRole('textbox', { name: 'Study name' }).fill(`Monitor trial ${stamp}`);
  await studyDialog.getByRole('button', { name: 'Create study' }).click();
  await expect(adminPage).toHaveURL(/\/study\/[0-9a-f]{24}\/overview$/);
  const studyId = /\/study\/([0-9a-f]{24})\//.exec(adminPage.url())?.[1] ?? '';

  // The second user, created by the system admin with a temporary password.
  const monitorEmail = `monitor-${stamp}@e2e.example`;
  const user = await admin.context.post('/api/admin/users', {
    headers: { [CSRF_HEADER]: admin.csrf },
    data: { firstName: 'Mona', lastName: 'Monitor', email: monitorEmail, passwordMode: 'TEMPORARY' },
  });
  expect(user.status()).toBe(201);
  const monitorPassword: string = (await user.json()).temporaryPassword;

  // The admin creates the site and invites the monitor through the screens.
  await adminPage.goto(`/study/${studyId}/sites`);
  await adminPage.getByRole('button', { name: 'New site' }).first().click();
  const siteDialog = adminPage.getByRole('dialog');
  await siteDialog.getByRole('textbox', { name: 'Name' }).fill('North clinic');
  await siteDialog.getByRole('button', { name: 'Save' }).click();
  await expect(siteDialog).toBeHidden();
  await expect(adminPage.getByText('North clinic').first()).toBeVisible();

  const menu = adminPage.getByTestId('study-menu');
  await expect(menu.getByRole('link', { name: 'Users & access' })).toBeVisible();
  await menu.getByRole('link', { name: 'Users & access' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/study/${studyId}/access$`));
  await expect(adminPage.getByRole('heading', { name: 'Users & access' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Invite user' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(monitorEmail);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await adminPage.getByRole('option', { name: 'Monitor' }).click();
  await dialog.getByRole('radio', { name: 'Chosen sites only' }).check();
  await dialog.getByRole('combobox', { name: 'Sites' }).click();
  await adminPage.getByRole('option', { name: /North clinic/ }).click();
  // Leaving the field closes the list of sites that would cover the buttons.
  await dialog.getByRole('combobox', { name: 'Sites' }).press('Tab');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = adminPage.getByTestId('access-row').filter({ hasText: monitorEmail });
  await expect(row).toContainText('Monitor');
  await expect(row).toContainText('North clinic');
  await expect(row).toContainText('Active');

  // The monitor (docs/ROLES.md): reads the study and its sites, never the access or API screens.
  const monitorPage = await (await browser.newContext({ baseURL: base })).newPage();
  await logIn(monitorPage, monitorEmail, monitorPassword);
  await monitorPage.goto(`/study/${studyId}/overview`);
  const monitorMenu = monitorPage.getByTestId('study-menu');
  await expect(monitorMenu.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(monitorMenu.getByRole('link', { name: 'Sites' })).toBeVisible();
  await expect(monitorMenu.getByRole('link', { name: 'Users & access' })).toHaveCount(0);
  await expect(monitorMenu.getByRole('link', { name: 'API access' })).toHaveCount(0);
  await expect(monitorPage.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  // Typing a design screen's address: the server refuses, the app returns to the study list.
  await monitorPage.goto(`/study/${studyId}/access`);
  await expect(monitorPage).toHaveURL(/\/study$/);
  // The sites screen opens read only: the monitor's site is listed, nothing can be created.
  await monitorPage.goto(`/study/${studyId}/overview`);
  await monitorMenu.getByRole('link', { name: 'Sites' }).click();
  await expect(monitorPage).toHaveURL(new RegExp(`/study/${studyId}/sites$`));
  await expect(monitorPage.getByText('North clinic').first()).toBeVisible();
  await expect(monitorPage.getByRole('button', { name: 'New site' })).toHaveCount(0);

  // A direct API call outside the monitor's permissions.
  const monitor = await apiLogin(base, monitorEmail, monitorPassword);
  const refused = await monitor.context.post(`/api/studies/${studyId}/sites`, {
    headers: { [CSRF_HEADER]: monitor.csrf },
    data: { name: 'Sneaky site' },
  });
  expect(refused.status()).toBe(403);
  const invite = await monitor.context.post(`/api/studies/${studyId}/access`, {
    headers: { [CSRF_HEADER]: monitor.csrf },
    data: { email: 'friend@e2e.example', role: 'ADMIN', siteIds: 'ALL' },
  });
  expect(invite.status()).toBe(403);
  const own = await monitor.context.get(
    `/api/study/${studyId}/permissions/${encodeURIComponent(monitorEmail)}`,
  );
  expect(own.status()).toBe(200);
  expect((await own.json()).permissions).not.toContain('SITE_CREATE');
});
