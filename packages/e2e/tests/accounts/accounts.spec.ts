import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';

// Staff accounts end to end (issue 4 item 1): sign-up with email verification, forgot and
// reset password, profile, and an admin disabling a user whose open session then ends.

const PASSWORD = 'Harbour-Lights-42';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(res.ok()).toBe(true);
  return api;
}

/**
 * The token of the newest link to `path` emailed to `to`, read from the admin outbox as it arrives
 * (paged: other tests on the shared server send mail too).
 */
async function linkFromOutbox(baseURL: string, to: string, path: string): Promise<string> {
  const api = await adminApi(baseURL);
  let token: string | undefined;
  try {
    await expect
      .poll(
        async () => {
          for (let offset = 0; offset < 2000 && !token; offset += 100) {
            const res = await api.get(`/api/admin/outbox?limit=100&offset=${offset}`);
            const page = (await res.json()) as { items: { to: string; body: string }[]; total: number };
            const mail = page.items.find((m) => m.to === to && m.body.includes(path));
            token = mail?.body.match(/\?token=([A-Za-z0-9_-]+)/)?.[1];
            if (offset + 100 >= page.total) break;
          }
          return token ?? null;
        },
        { message: `no ${path} email to ${to}`, timeout: 20_000 },
      )
      .not.toBeNull();
  } finally {
    await api.dispose();
  }
  return `${path}?token=${token}`;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function signUpVerified(page: Page, baseURL: string, email: string) {
  await page.goto(`/authentication/signup?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'First name' }).fill('Tove');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lund');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`confirmation link to ${email}`);
  await page.goto(await linkFromOutbox(baseURL, email, '/authentication/verify'));
  await expect(page.getByRole('status')).toContainText('is confirmed');
}

test('sign up, verify the email from the emailed link, then log in', async ({ page, baseURL }) => {
  const email = `tove.${unique()}@clinic.example`;
  await page.goto('/authentication/signup');
  // The strength rule shows live from the domain and blocks a weak password.
  await page.getByRole('textbox', { name: 'First name' }).fill('Tove');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lund');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill('weakpass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('At least 3 of: lower-case letter').first()).toBeVisible();
  await expect(page).toHaveURL(/\/authentication\/signup/);

  await signUpVerified(page, baseURL!, email);
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/study$/);
});

test('forgot password: the emailed link sets a new password; the old one stops working', async ({
  page,
  baseURL,
}) => {
  const email = `reset.${unique()}@clinic.example`;
  await signUpVerified(page, baseURL!, email);
  await page.goto('/authentication/forgot');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  await page.goto(await linkFromOutbox(baseURL!, email, '/authentication/reset'));
  await page.getByLabel('New password').fill('Fresh-Tide-2024');
  await page.getByLabel('Repeat the password').fill('Fresh-Tide-2024');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText(/email or password/i);
  await logIn(page, email, 'Fresh-Tide-2024');
  await expect(page).toHaveURL(/\/study$/);
});

test('a user edits their profile and changes their password', async ({ page, baseURL }) => {
  const email = `profile.${unique()}@clinic.example`;
  await signUpVerified(page, baseURL!, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/study$/);
  const session = await (await page.request.get('/api/auth/session')).json();
  await page.goto(`/profile/${session.user.id}`);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Organisation' }).fill('Odense University Hospital');
  await page.getByRole('textbox', { name: 'Title' }).fill('Study nurse');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Organisation' })).toHaveValue('Odense University Hospital');

  await page.getByRole('tab', { name: 'Password' }).click();
  await expect(page).toHaveURL(/selectedOption=password/);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('Another-Tide-77');
  await page.getByLabel('Repeat the password').fill('Another-Tide-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  await page.goto(`/profile/${session.user.id}?selectedOption=forms`);
  await expect(page.getByText('No saved forms yet')).toBeVisible();
});

test('an admin creates and disables a user; the user’s open session ends at once', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `disable.${unique()}@clinic.example`;
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/study$/);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Ida');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Krogh');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  const temporary = await dialog.getByTestId('temporary-password').inputValue();
  expect(temporary.length).toBeGreaterThan(8);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The new user logs in elsewhere and is working.
  const other = await browser.newContext({ baseURL });
  const userPage = await other.newPage();
  await logIn(userPage, email, temporary);
  await expect(userPage).toHaveURL(/\/study$/);
  expect((await userPage.request.get('/api/auth/session')).status()).toBe(200);

  await page.getByRole('textbox', { name: 'Search users' }).fill(email);
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Actions for Ida Krogh' }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');

  // AC-3: the cookie the user still holds is refused at once, and the app sends them to log in.
  expect((await userPage.request.get('/api/auth/session')).status()).toBe(401);
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/authentication\/login/);
  await other.close();
});
