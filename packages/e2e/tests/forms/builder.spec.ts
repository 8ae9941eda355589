import { expect, test } from '@playwright/test';
import { keyboardMove } from '../../support/dnd';
import { hasShowRule, hasValidationRule, pickOption, saveAnswered } from '../../support/form-builder';
import { QUESTION_TYPES, REFERENCE_MODULES } from '../../support/question-types';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 5 items 2-4 (spec 001 §2 form list and builder, §4 locks, §5 authoring): a form with one
// question of each of the 22 types is built on screen, reordered with the keyboard, given a show rule
// and a blocking validation rule, saved, and listed.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/forms-builder';

test('a study builder builds a form of all 22 question types with rules, saves it and sees it listed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const studyId = await createStudy(page, 'Builder study');

  await page.goto(`/study/${studyId}`.concat('/questionnaireTemplate'));
  await expect(page.getByRole('heading', { name: 'Forms' })).toBeVisible();
  await page.getByTestId('create-form').click();
  await expect(page).toHaveURL(/questionnaireTemplate\/create/);

  const name = `Every type ${Date.now()}`;
  await page.getByTestId('form-title').fill(name);
  // A valid draft autosaves and the address becomes the edit address.
  await expect(page).toHaveURL(/questionnaireTemplate\/[0-9a-f]{24}\/edit/, { timeout: 15_000 });

  const editor = page.getByTestId('question-editor');
  for (const type of QUESTION_TYPES) {
    await page.getByTestId('add-question').click();
    await page.getByTestId(`add-${type}`).click();
    await expect(page.getByTestId('question-item').last()).toHaveAttribute('data-question-type', type);
    if (type in REFERENCE_MODULES) {
      const module = REFERENCE_MODULES[type as keyof typeof REFERENCE_MODULES];
      await expect(editor.locator(`[data-unsupported="${module}"]`)).toBeVisible();
    }
    if (type === 'CALCULATED') {
      await editor.getByTestId('formula-input').fill('Q99');
      await expect(editor.getByText('Refers to Q99, which does not exist')).toBeVisible();
      await editor.getByTestId('formula-input').fill('Q3 * 2');
      await expect(editor.getByTestId('formula-references')).toContainText('Q3: Number');
    }
  }
  await expect(page.getByTestId('question-item')).toHaveCount(22);

  // Keyboard reorder (dnd-kit keyboard sensor): question 7 (Date) moves above question 6 (Time).
  const titles = page.getByTestId('question-title');
  await expect(titles.nth(5)).toHaveText('6. Time');
  await keyboardMove(
    page,
    page.getByTestId('drag-handle').nth(6),
    'ArrowUp',
    page.getByTestId('question-item').nth(5),
  );
  await expect(titles.nth(5)).toHaveText('6. Date');
  await expect(titles.nth(6)).toHaveText('7. Time');

  // Show rule: question 4 (Short text) shows only when question 2 (Yes / no) is answered Yes.
  await titles.nth(3).click();
  await editor.getByRole('button', { name: 'Show rules' }).click();
  await editor.getByTestId('edit-show-rules').click();
  const dialog = page.getByTestId('show-rules-dialog');
  await dialog.getByTestId('add-show-rule').click();
  await pickOption(page, dialog.getByTestId('show-rule-question'), '2. Yes / no');
  // Its autosave's answer re-renders the editor: waited for, so it cannot close the list below.
  const showRuleSave = saveAnswered(page, studyId, hasShowRule);
  await pickOption(page, dialog.getByTestId('show-rule-answers'), 'Yes');
  await page.keyboard.press('Escape');
  await dialog.getByTestId('close-show-rules').click();
  await expect(editor.getByText('1 show rule', { exact: true })).toBeVisible();
  await showRuleSave;

  // Blocking validation rule on question 3 (Number): at most 60.
  await titles.nth(2).click();
  await editor.getByTestId('new-validation-rule').click();
  const ruleForm = editor.getByTestId('rule-form');
  await expect(ruleForm.getByTestId('add-validation-rule')).toBeDisabled();
  await pickOption(page, ruleForm.getByTestId('rule-operator'), 'at most');
  await ruleForm.getByTestId('rule-value').fill('60');
  await ruleForm.getByTestId('rule-message').fill('At most {limit} cigarettes a day');
  await expect(ruleForm.getByTestId('add-validation-rule')).toBeEnabled();
  // The rule's autosave is answered before Save is clicked (a save in flight swallows the click).
  const ruleSave = saveAnswered(page, studyId, hasValidationRule);
  await ruleForm.getByTestId('add-validation-rule').click();
  await expect(editor.getByTestId('validation-rule')).toContainText('Block');

  // Without the paid modules the server refuses the reference types: the error line shows in red.
  expect((await ruleSave).ok()).toBe(false);
  await expect(page.getByTestId('backend-error')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-desktop.png`, fullPage: false });
  const enabled = await page.request.post(`/api/studies/${studyId}/addons`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: { modules: Object.values(REFERENCE_MODULES) },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  await page.getByTestId('save-form').click();
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });
  await expect(page.getByTestId('backend-error')).toHaveCount(0);

  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/questionnaireTemplate$`));
  const row = page.getByTestId('form-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Form');
  await page.screenshot({ path: `${SHOTS}/list-desktop.png` });

  // The saved document holds all 22 types in the new order, with both rules.
  const list = (await (await page.request.get(`/api/studies/${studyId}/questionnairetemplate`)).json()) as {
    id: string;
  }[];
  const saved = (await (
    await page.request.get(`/api/studies/${studyId}/questionnairetemplate/${list[0]?.id}`)
  ).json()) as {
    questions: { type: string; order: number; showRules: unknown[]; validationRules: unknown[] }[];
  };
  const byOrder = [...saved.questions].sort((a, b) => a.order - b.order);
  expect(byOrder.map((q) => q.type)).toEqual([
    ...QUESTION_TYPES.slice(0, 5),
    'DATE',
    'TIME',
    ...QUESTION_TYPES.slice(7),
  ]);
  expect(byOrder[3]?.showRules).toHaveLength(1);
  expect(byOrder[2]?.validationRules).toHaveLength(1);

  // Narrow screen and right-to-left: the builder still reads (screenshots looked at).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/study/${studyId}/questionnaireTemplate/${list[0]?.id}/edit/?lang=ar`);
  await expect(page.getByTestId('question-item')).toHaveCount(22);
  await page.screenshot({ path: `${SHOTS}/builder-mobile-ar.png` });
  await page.goto(`/study/${studyId}/questionnaireTemplate?lang=en`);
  await expect(page.getByTestId('form-card')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-mobile.png` });
});
