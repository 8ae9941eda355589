import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';

async function logIn(page: Page) {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

test('the admin creates a study, finds it in the grid, test drives it and goes back to build', async ({
  page,
}) => {
  const name = `E2E heart study ${Date.now().toString(36)}`;
  await logIn(page);

  await page.getByTestId('new-study-tile').click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  await dialog.getByRole('textbox', { name: 'Study name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create study' }).click();

  // Creating opens the overview of the new study, in build.
  await expect(page).toHaveURL(/\/study\/[0-9a-f]{24}\/overview$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('tile-sites')).toContainText('0');
  await expect(page.getByTestId('tile-forms')).toContainText('0');

  // The grid lists it; searching narrows the list to it.
  await page.getByRole('link', { name: 'Studies' }).first().click();
  await page.getByRole('searchbox', { name: 'Search studies' }).fill(name);
  const tile = page.getByRole('link', { name: new RegExp(name) });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText('Build');
  await tile.click();

  await page.getByRole('button', { name: 'Start test drive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Test drive', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to build' })).toBeVisible();

  await page.getByRole('button', { name: 'Back to build' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Start test drive' })).toBeVisible();
});

test('a duplicate study name is shown on the name field', async ({ page }) => {
  const name = `E2E duplicate ${Date.now().toString(36)}`;
  await logIn(page);
  for (const attempt of [1, 2]) {
    await page.goto('/study');
    await page.getByTestId('new-study-tile').click();
    const dialog = page.getByRole('dialog', { name: 'New study' });
    await dialog.getByRole('textbox', { name: 'Study name' }).fill(name);
    await dialog.getByRole('button', { name: 'Create study' }).click();
    if (attempt === 1) await expect(page).toHaveURL(/\/overview$/);
    else await expect(dialog.getByText('A study with this name already exists')).toBeVisible();
  }
});

test('a study that does not exist shows the not-found page', async ({ page }) => {
  await logIn(page);
  await page.goto('/study/0123456789abcdef01234567/overview');
  await expect(page).toHaveURL(/\/404$/);
});
