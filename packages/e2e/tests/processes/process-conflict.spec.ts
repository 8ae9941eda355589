import { type Browser, expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 13 item 8: two builders edit the same process in two browsers. The first save lands; the
// second names the revision it started from, gets the conflict prompt, and loses nothing: its
// edits stay on screen and "Save my version" stores them over the first.

async function builder(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await logIn(page);
  return page;
}

async function createProcess(page: Page, studyId: string): Promise<string> {
  const headers = { 'x-csrf-token': await csrf(page) };
  const form = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers,
    data: {
      id: '',
      title: { en: 'Vital signs' },
      type: 'TYPE_FORM',
      questions: [{ id: 'q1', order: 1, type: 'TEXT_SENTENCE', question: { en: 'Notes' } }],
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  const formId = ((await form.json()) as { id: string }).id;
  const process = await page.request.post(`/api/studies/${studyId}/pathway`, {
    headers,
    data: {
      pathwayName: 'Follow-up',
      dataEvents: [{ name: { en: 'Screening visit' }, type: 'TYPE_USER', forms: [formId] }],
    },
  });
  expect(process.status(), await process.text()).toBe(201);
  return ((await process.json()) as { id: string }).id;
}

test('two builders save the same process: the second gets the conflict prompt and loses nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const first = await builder(browser);
  const second = await builder(browser);
  const studyId = await createStudy(first, 'Conflict study');
  const processId = await createProcess(first, studyId);
  const editPath = `/study/${studyId}/pathway/${processId}/edit`;

  // Both open the editor on the same stored revision.
  await first.goto(editPath);
  await second.goto(editPath);
  await expect(first.getByTestId('process-name')).toHaveValue('Follow-up');
  await expect(second.getByTestId('process-name')).toHaveValue('Follow-up');

  // The first builder saves a new name.
  await first.getByTestId('process-name').fill('Follow-up by the first builder');
  await first.getByTestId('save-process').click();
  await expect(first.getByTestId('save-status')).toContainText('All changes saved');

  // The second builder, still on the old revision, renames the process and its event.
  await second.getByTestId('process-name').fill('Follow-up by the second builder');
  await second.getByTestId('event-editor').getByTestId('event-name').fill('Baseline visit');
  await second.getByTestId('save-process').click();
  const prompt = second.getByRole('dialog', { name: 'Someone else saved this process' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Your changes are still here.');
  await expect(second.getByTestId('backend-error')).toHaveCount(0);

  // Keep editing: the prompt closes and every edit is still on screen.
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(second.getByTestId('process-name')).toHaveValue('Follow-up by the second builder');
  await expect(second.getByTestId('event-editor').getByTestId('event-name')).toHaveValue('Baseline visit');

  // Saving again asks again; "Save my version" stores the second builder's edits.
  await second.getByTestId('save-process').click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Save my version' }).click();
  await expect(prompt).toBeHidden();
  await expect(second.getByTestId('save-status')).toContainText('All changes saved');

  // The first builder reloads and sees every edit of the second.
  await first.reload();
  await expect(first.getByTestId('process-name')).toHaveValue('Follow-up by the second builder');
  await expect(first.getByTestId('event-title')).toHaveText(['1. Baseline visit']);

  await first.context().close();
  await second.context().close();
});
