import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer, startServer } from '../../support/server';

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('the first admin logs in, sees the study list, and logs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/authentication\/login/);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/study$/);
  await expect(page.getByRole('heading', { name: 'Studies' })).toBeVisible();
  await expect(page).toHaveTitle(/Studies/);

  // Reloading keeps the session (httpOnly cookie) and the client route.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Studies' })).toBeVisible();

  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/authentication\/login/);
  await page.goto('/study');
  await expect(page).toHaveURL(/\/authentication\/login/);
});

test.describe('with its own server', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // A server of its own starts in a few seconds, longer on a busy machine: the hook gets the
    // start-up deadline of startServer, not the 30 s of a test.
    test.setTimeout(150_000);
    server = await startServer({ LOGIN_MAX_FAILURES: '3' });
  });
  test.afterAll(async () => server?.stop());

  test('a wrong password shows an error, and repeated failures lock the account', async ({ page }) => {
    await page.goto(`${server.url}/authentication/login`);
    await logIn(page, ADMIN_EMAIL, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText(/email or password/i);
    await expect(page).toHaveURL(/\/authentication\/login/);

    await logIn(page, ADMIN_EMAIL, 'still-wrong');
    await expect(page.getByRole('alert')).toContainText(/email or password/i);
    await logIn(page, ADMIN_EMAIL, 'wrong-a-third-time');
    await expect(page.getByRole('alert')).toContainText(/locked/i);

    // Even the right password is refused while the lock lasts.
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page.getByRole('alert')).toContainText(/locked/i);
    await expect(page).toHaveURL(/\/authentication\/login/);
  });
});
