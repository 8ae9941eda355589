import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from '../../support/server';

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/this/route/does/not/exist');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you were looking for was not found.')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Go back' }).or(page.getByRole('link', { name: 'Go back' })),
  ).toBeVisible();
});

test('?lang=ar flips the page to right-to-left Arabic', async ({ page }) => {
  await page.goto('/authentication/login?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The login button is in Arabic, not English.
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  // Another language flips it back.
  await page.goto('/authentication/login?lang=en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('the built app runs under the server CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const response = await page.goto('/authentication/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('maintenance mode', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // A server of its own starts in a few seconds, longer on a busy machine: the hook gets the
    // start-up deadline of startServer, not the 30 s of a test.
    test.setTimeout(150_000);
    server = await startServer({ MAINTENANCE_MODE: 'true' });
  });
  test.afterAll(async () => server?.stop());

  test('every route goes to the maintenance page', async ({ page }) => {
    for (const path of ['/', '/study', '/authentication/login']) {
      await page.goto(`${server.url}${path}`);
      await expect(page).toHaveURL(/\/BRB$/);
      await expect(page.getByRole('heading', { name: 'Back soon' })).toBeVisible();
    }
  });
});
