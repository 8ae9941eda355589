import { expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 12 item 4 (spec 001 §2 form builder, §4 editing locks): the builder keeps every keystroke.
// Adding a question selects it before any input reaches the editor, so text typed right after
// "add" lands in the new question, on a CPU slowed four times; the leave guard opens only on a real
// navigation with unsaved changes; in production the builder offers only what the study allows.
// Run it repeatedly: `npx playwright test tests/forms/fast-typing.spec.ts --repeat-each=20`.

const TYPES = ['TEXT_SENTENCE', 'NUMBER', 'YES_NO', 'MULTIPLE_CHOICE'] as const;
const LEAVE_TITLE = 'Leave without saving?';

/** Counts every "Leave without saving?" dialog that ever enters the page, however briefly. */
async function watchLeaveDialogs(page: Page) {
  await page.addInitScript((title) => {
    const seen = { count: 0 };
    (window as unknown as { leaveDialogs: typeof seen }).leaveDialogs = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.textContent?.includes(title)) seen.count += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, LEAVE_TITLE);
  return () =>
    page.evaluate(() => (window as unknown as { leaveDialogs: { count: number } }).leaveDialogs.count);
}

async function throttleCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

/** Adds a question of `type` and types `text` at once, without waiting for anything in between. */
async function addAndType(page: Page, type: string, text: string) {
  await page.getByTestId('add-question').click();
  await page.getByTestId(`add-${type}`).click();
  const input = page.getByTestId('question-editor').getByTestId('question-text');
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
}

test('typing right after "add" lands in the new question, on a throttled CPU, with no leave dialog', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const leaveDialogs = await watchLeaveDialogs(page);
  await logIn(page);
  const studyId = await createStudy(page, 'Fast typing');
  await page.goto(`/study/${studyId}/questionnaireTemplate/create`);
  await expect(page.getByTestId('add-question')).toBeVisible();
  const unthrottle = await throttleCpu(page, 4);

  // Round 1 on the new, untitled form (no autosave yet); round 2 after the first autosave has
  // turned the address into the edit address; both with the draft unsaved while typing.
  const texts: string[] = [];
  for (const [i, type] of TYPES.entries()) {
    texts.push(`A${i + 1} ${type.slice(0, 6)}`);
    await addAndType(page, type, texts.at(-1) ?? '');
  }
  const title = `Fast ${Date.now()}`;
  await page.getByTestId('form-title').fill(title);
  await expect(page).toHaveURL(/questionnaireTemplate\/[0-9a-f]{24}\/edit/, { timeout: 30_000 });
  for (const [i, type] of TYPES.entries()) {
    texts.push(`B${i + 1} ${type.slice(0, 6)}`);
    await addAndType(page, type, texts.at(-1) ?? '');
  }

  // Each text is in its own question: in the numbered list, in the editor, and in the saved draft.
  const titles = page.getByTestId('question-title');
  await expect(titles).toHaveText(texts.map((text, i) => `${i + 1}. ${text}`));
  await unthrottle();
  for (const [i, text] of texts.entries()) {
    await titles.nth(i).click();
    await expect(page.getByTestId('question-editor').getByTestId('question-text')).toHaveValue(text);
  }
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 30_000 });
  const formId = /questionnaireTemplate\/([0-9a-f]{24})\/edit/.exec(page.url())?.[1];
  const saved = await page.request.get(`/api/studies/${studyId}/questionnairetemplate/${formId}`);
  const questions = ((await saved.json()) as { questions: { order: number; question: { en: string } }[] })
    .questions;
  expect(questions.sort((a, b) => a.order - b.order).map((q) => q.question.en)).toEqual(texts);
  expect(await leaveDialogs()).toBe(0);
  await expect(page.getByText(LEAVE_TITLE)).toHaveCount(0);
});

test('the leave guard asks only when leaving with unsaved changes', async ({ page }) => {
  const leaveDialogs = await watchLeaveDialogs(page);
  await logIn(page);
  const studyId = await createStudy(page, 'Leave guard');
  await page.goto(`/study/${studyId}/questionnaireTemplate/create`);
  await addAndType(page, 'TEXT_SENTENCE', 'Your name');
  // An untitled form cannot autosave: leaving asks, and staying keeps every change.
  await page.getByTestId('leave').click();
  await expect(page.getByRole('dialog', { name: LEAVE_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/questionnaireTemplate\/create/);
  await expect(page.getByTestId('question-title')).toHaveText(['1. Your name']);
  expect(await leaveDialogs()).toBe(1);
  // Once saved, leaving does not ask.
  await page.getByTestId('form-title').fill(`Guarded ${Date.now()}`);
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/questionnaireTemplate$`));
  expect(await leaveDialogs()).toBe(1);
});

test('in production the builder offers no new, removed or retyped questions; texts still save', async ({
  page,
}) => {
  await logIn(page);
  const studyId = await createStudy(page, 'Production builder');
  const headers = { 'x-csrf-token': await csrf(page) };
  const created = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers,
    data: {
      id: '',
      title: { en: 'Vital signs' },
      type: 'TYPE_FORM',
      questions: [
        { id: 'q-pulse', order: 1, type: 'NUMBER', question: { en: 'Pulse' } },
        {
          id: 'q-smoker',
          order: 2,
          type: 'YES_NO',
          question: { en: 'Do you smoke?' },
          possibilities: [
            { id: 'p-yes', possibility: { en: 'Yes' } },
            { id: 'p-no', possibility: { en: 'No' } },
          ],
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const formId = ((await created.json()) as { id: string }).id;
  const started = await page.request.post(`/api/study/${studyId}/start`, { headers });
  expect(started.ok(), await started.text()).toBe(true);

  await page.goto(`/study/${studyId}/questionnaireTemplate/${formId}/edit/?qId=q-smoker`);
  const editor = page.getByTestId('question-editor');
  await expect(editor.getByTestId('question-text')).toHaveValue('Do you smoke?');
  await expect(page.getByTestId('add-question')).toHaveCount(0);
  await expect(editor.getByTestId('remove-question')).toHaveCount(0);
  await expect(editor.getByRole('combobox', { name: 'Question type' })).toBeDisabled();
  await expect(editor.getByTestId('add-possibility')).toHaveCount(0);
  await editor.getByTestId('question-text').fill('Do you smoke every day?');
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });
  await expect(page.getByTestId('backend-error')).toHaveCount(0);
});
