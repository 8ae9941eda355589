import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';

// Spec 000 §2 sites-overview, site-overview, site-booking; §3 booking colour default amber.
// The study is set up through the API; the site and booking are made in the browser.

async function logIn(page: Page) {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

async function createStudy(page: Page) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const studyName = `Sites study ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post('/api/study', {
    headers: { 'x-csrf-token': session.csrfToken as string },
    data: {
      studyName,
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
  return { ...((await created.json()) as { id: string }), studyName };
}

test('an admin creates a site, opens its overview and books a slot in amber', async ({ page }) => {
  await logIn(page);
  const study = await createStudy(page);
  await page.goto(`/study/${study.id}/sites`);
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  await expect(page.getByText('This study has no sites yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New site' }).click();
  const siteDialog = page.getByRole('dialog', { name: 'New site' });
  await expect(siteDialog.getByRole('textbox', { name: 'Site number' })).toHaveValue('1');
  // The shared domain schema refuses an empty name before anything is sent.
  await siteDialog.getByRole('button', { name: 'Save' }).click();
  await expect(siteDialog.getByText('Enter a name of 1 to 128 characters.')).toBeVisible();
  await siteDialog.getByRole('textbox', { name: 'Name' }).fill('Rigshospitalet');
  await siteDialog.getByRole('switch', { name: 'Public sign-up' }).check({ force: true });
  await siteDialog.getByRole('button', { name: 'Save' }).click();
  await expect(siteDialog).toBeHidden();

  const card = page.getByTestId('site-card').filter({ hasText: 'Rigshospitalet' });
  await expect(card).toContainText('Site number 1');
  await expect(card).toContainText('Public sign-up');
  await expect(card).toContainText('Subjects: 0');

  // A second site with the same number is refused on the number field, by the server.
  await page.getByRole('button', { name: 'New site' }).click();
  const second = page.getByRole('dialog', { name: 'New site' });
  await second.getByRole('textbox', { name: 'Name' }).fill('Odense');
  await second.getByRole('textbox', { name: 'Site number' }).fill('1');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Another site of this study already has this number.')).toBeVisible();
  await second.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('link', { name: 'Rigshospitalet' }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.id}/sites/[0-9a-f]{24}$`));
  await expect(page.getByRole('heading', { name: 'Rigshospitalet', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: study.studyName, exact: true }).first()).toBeVisible();
  await expect(page.getByText('No subjects at this site yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New booking' }).click();
  const bookingDialog = page.getByRole('dialog', { name: 'New booking' });
  await expect(bookingDialog.getByRole('radio', { name: 'Amber' })).toHaveAttribute('aria-checked', 'true');
  await bookingDialog.getByRole('textbox', { name: 'Title' }).fill('Screening visit');
  // Today 10:00-11:00 local, so the booking falls in the week shown whatever the hour.
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await bookingDialog.getByLabel('Start').fill(`${day}T10:00`);
  await bookingDialog.getByLabel('End').fill(`${day}T11:00`);
  await bookingDialog.getByRole('button', { name: 'Save' }).click();
  await expect(bookingDialog).toBeHidden();

  const booking = page.getByTestId('booking').filter({ hasText: 'Screening visit' });
  await expect(booking).toBeVisible();
  await expect(booking).toHaveAttribute('data-colour', 'amber');
  await expect(booking.getByRole('img', { name: 'Amber' })).toBeVisible();
});
