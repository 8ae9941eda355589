import { expect, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** Logs the first admin in through the login screen, as a person would. */
export async function logIn(page: Page): Promise<void> {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

/** The signed-in page's CSRF token, for API calls made with `page.request`. */
export async function csrf(page: Page): Promise<string> {
  const session = await (await page.request.get('/api/auth/session')).json();
  return session.csrfToken as string;
}

/** Creates a study in build through the API (a unique name from `prefix`) and returns its id. */
export async function createStudy(page: Page, prefix: string, languages: string[] = ['en']): Promise<string> {
  const created = await page.request.post('/api/study', {
    headers: { 'x-csrf-token': await csrf(page) },
    data: {
      studyName: `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      description: null,
      primaryLanguage: 'en',
      languages,
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
