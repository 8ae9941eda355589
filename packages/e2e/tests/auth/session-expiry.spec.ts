import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';

test('a session that ends while a page is open asks for the password again and carries on', async ({
  page,
}) => {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Studies' })).toBeVisible();

  // The session ends behind the open page's back (as when it expires on the server).
  await page.evaluate(async () => {
    const session = await (await fetch('/api/auth/session')).json();
    await fetch('/api/auth/logout', { method: 'POST', headers: { 'x-csrf-token': session.csrfToken } });
  });

  await page.goto('/admin/outbox');
  await expect(page).toHaveURL(/\/authentication\/login/);

  // Signed in again, a session lost while the page is open gets the dialog instead.
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox/);
  // Let the page's own loads finish first: a request still in flight when the session ends
  // would open the dialog before the click below, which is right but not what this step checks.
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const session = await (await fetch('/api/auth/session')).json();
    await fetch('/api/auth/logout', { method: 'POST', headers: { 'x-csrf-token': session.csrfToken } });
  });
  await page.getByRole('link', { name: 'Audit trail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /password/i }).fill(ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/audit/);
});
