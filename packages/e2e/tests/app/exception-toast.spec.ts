import { expect, test } from '@playwright/test';

// Spec 000 §8: an uncaught exception leaves a persistent toast. Chromium's ResizeObserver loop
// notice is dispatched to the same window 'error' listeners, without an error object; it is the
// browser settling a layout, not an exception, and must not tell the user something went wrong (a
// loaded run of forms/must-show.spec.ts, 2026-11-28, ended with this toast over the Save button).

const EXCEPTION =
  'An unexpected error occurred. Reload the page; if it happens again, contact your administrator.';

test('a ResizeObserver loop notice shows no toast; an uncaught exception does', async ({ page }) => {
  await page.goto('/authentication/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // An observer that grows its element on every notification: Chromium stops the loop and reports it.
  const notices = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        window.addEventListener('error', (event) => {
          seen.push(`${event.message}|${event.error === null}`);
          if (event.message.startsWith('ResizeObserver loop')) resolve(seen);
        });
        const box = document.createElement('div');
        box.style.width = '10px';
        document.body.append(box);
        let width = 10;
        new ResizeObserver(() => {
          width += 1;
          box.style.width = `${width}px`;
        }).observe(box);
        setTimeout(() => resolve(seen), 5_000);
      }),
  );
  expect(
    notices.some((n) => n.startsWith('ResizeObserver loop') && n.endsWith('|true')),
    notices.join('\n'),
  ).toBe(true);
  await page.waitForTimeout(300);
  await expect(page.getByText(EXCEPTION)).toHaveCount(0);

  // A real exception still gets the toast.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('probe');
    });
  });
  await expect(page.getByText(EXCEPTION)).toBeVisible();
});
