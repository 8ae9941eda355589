import { expect, type Page, test } from '@playwright/test';
import { dragByMouse } from '../../support/dnd';
import { hasShowRule, hasValidationRule, pickOption, saveAnswered } from '../../support/form-builder';
import { QUESTION_TYPES, REFERENCE_MODULES } from '../../support/question-types';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 5 must-show (spec 001 §2 list, builder and preview, §4 show rules, §5 validation rules,
// spec 000 §6 paid modules): one person builds a form of all 22 question types on screen,
// reorders by mouse drag, adds a show rule and a blocking rule, saves, opens the preview from
// the list and fills it; then the preview is looked at on a phone and in Arabic.

// The texts a person types for the three questions the rules are about.
const TEXTS: Partial<Record<(typeof QUESTION_TYPES)[number], string>> = {
  YES_NO: 'Do you smoke?',
  NUMBER: 'Cigarettes per day',
  TEXT_SENTENCE: 'Which brand do you smoke?',
};
const BLOCK_MESSAGE = 'At most 60 cigarettes a day';
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/forms-must-show';

/**
 * Right to left and nothing wider than the window. In RTL content sticking out on the right (the
 * start side) is clipped without widening scrollWidth, so element boxes are checked too; polled so
 * the app shell's navbar transition after a resize has settled.
 */
async function assertRtlWithoutOverflow(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.documentElement;
        // A closed drawer (the phone's navbar) lies wholly off screen by design.
        const offCanvas = (el: Element) => {
          const box = el.getBoundingClientRect();
          return box.left >= root.clientWidth - 1 || box.right <= 1;
        };
        const outside = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && (box.left < -1 || box.right > root.clientWidth + 1);
          })
          .filter((el) => getComputedStyle(el).visibility !== 'hidden' && !el.closest('[aria-hidden="true"]'))
          .filter((el) => {
            const drawer = el.closest('.mantine-AppShell-navbar');
            return !(drawer && offCanvas(drawer));
          })
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
        return { extra: root.scrollWidth - root.clientWidth, outside: outside.slice(0, 5) };
      }),
    )
    .toEqual({ extra: 0, outside: [] });
}

test('must-show: build all 22 types with drag, rules and save, then fill the preview on a phone and in Arabic', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const studyId = await createStudy(page, 'Must-show study');

  // The form list, then a new form in the builder.
  await page.goto(`/study/${studyId}/questionnaireTemplate`);
  await expect(page.getByRole('heading', { name: 'Forms' })).toBeVisible();
  await page.getByTestId('create-form').click();
  const name = `Smoking ${Date.now()}`;
  await page.getByTestId('form-title').fill(name);
  await expect(page).toHaveURL(/questionnaireTemplate\/[0-9a-f]{24}\/edit/, { timeout: 15_000 });

  // One question of each of the 22 types; reference types show the unsupported card (module off).
  const editor = page.getByTestId('question-editor');
  for (const type of QUESTION_TYPES) {
    await page.getByTestId('add-question').click();
    await page.getByTestId(`add-${type}`).click();
    await expect(page.getByTestId('question-item').last()).toHaveAttribute('data-question-type', type);
    const text = TEXTS[type];
    if (text) await editor.getByTestId('question-text').fill(text);
    if (type in REFERENCE_MODULES) {
      const module = REFERENCE_MODULES[type as keyof typeof REFERENCE_MODULES];
      await expect(editor.locator(`[data-unsupported="${module}"]`)).toBeVisible();
    }
    if (type === 'CALCULATED') {
      await editor.getByTestId('formula-input').fill('Q3 * 2');
      await expect(editor.getByTestId('formula-references')).toContainText('Q3: Cigarettes per day');
    }
  }
  await expect(page.getByTestId('question-item')).toHaveCount(22);

  // Mouse drag: question 7 (Date) is dragged above question 6 (Time).
  const titles = page.getByTestId('question-title');
  await expect(titles.nth(5)).toHaveText('6. Time');
  await expect(titles.nth(6)).toHaveText('7. Date');
  await dragByMouse(
    page,
    page.getByTestId('drag-handle').nth(6),
    page.getByTestId('question-item').nth(5),
    'down',
  );
  await expect(titles.nth(5)).toHaveText('6. Date');
  await expect(titles.nth(6)).toHaveText('7. Time');

  // Show rule: the brand question shows only when "Do you smoke?" is answered Yes.
  await titles.nth(3).click();
  await editor.getByRole('button', { name: 'Show rules' }).click();
  await editor.getByTestId('edit-show-rules').click();
  const dialog = page.getByTestId('show-rules-dialog');
  await dialog.getByTestId('add-show-rule').click();
  await pickOption(page, dialog.getByTestId('show-rule-question'), '2. Do you smoke?');
  // The complete show rule is a change: its autosave (refused while the reference modules are
  // off) is answered about 1.5 s later and re-renders the editor with the server's issues. Wait
  // for the answer to that very save, so the rule below starts from a settled editor.
  const showRuleSave = saveAnswered(page, studyId, hasShowRule);
  await pickOption(page, dialog.getByTestId('show-rule-answers'), 'Yes');
  await page.keyboard.press('Escape');
  await dialog.getByTestId('close-show-rules').click();
  await expect(editor.getByText('1 show rule', { exact: true })).toBeVisible();
  await showRuleSave;

  // Blocking validation rule on the number question: at most 60.
  await titles.nth(2).click();
  await editor.getByTestId('new-validation-rule').click();
  const ruleForm = editor.getByTestId('rule-form');
  await pickOption(page, ruleForm.getByTestId('rule-operator'), 'at most');
  await ruleForm.getByTestId('rule-value').fill('60');
  await ruleForm.getByTestId('rule-message').fill('At most {limit} cigarettes a day');
  // The rule's autosave is answered (refused) before the modules are switched on: a save still
  // in flight when Save is clicked would swallow the click.
  const ruleSave = saveAnswered(page, studyId, hasValidationRule);
  await ruleForm.getByTestId('add-validation-rule').click();
  await expect(editor.getByTestId('validation-rule')).toContainText('Block');

  // The server refuses the reference types until the system admin enables their modules.
  expect((await ruleSave).ok()).toBe(false);
  await expect(page.getByTestId('backend-error')).toBeVisible();
  const enabled = await page.request.post(`/api/studies/${studyId}/addons`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: { modules: Object.values(REFERENCE_MODULES) },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  await page.getByTestId('save-form').click();
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });
  await expect(page.getByTestId('backend-error')).toHaveCount(0);
  // The modules were switched on outside this screen: a reload shows the saved form without the
  // unsupported cards (the page keeps its study data cached until then).
  await page.reload();
  await expect(page.getByTestId('question-item')).toHaveCount(22);
  await expect(titles.nth(5)).toHaveText('6. Date');
  await titles.nth(17).click();
  await expect(editor).toBeVisible();
  await expect(page.locator('[data-unsupported]')).toHaveCount(0);

  // Back to the list; the preview opens from the row's actions.
  await page.getByTestId('leave').click();
  await expect(page).toHaveURL(new RegExp(`/study/${studyId}/questionnaireTemplate$`));
  const row = page.getByTestId('form-row').filter({ hasText: name });
  await row.getByTestId('form-actions').click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/questionnaireTemplate\/[0-9a-f]{24}\/\?isOldVersion=false/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  // Every type renders (the brand question is hidden by its show rule), no unsupported card.
  for (const type of QUESTION_TYPES) {
    const count = type === 'TEXT_SENTENCE' ? 0 : 1;
    await expect(page.locator(`[data-question-type="${type}"]`)).toHaveCount(count);
  }
  await expect(page.locator('[data-unsupported]')).toHaveCount(0);

  // Filling it as a person would: "Yes" reveals the brand question, 61 shows the block message.
  const brand = page.getByRole('textbox', { name: 'Which brand do you smoke?' });
  await expect(brand).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Do you smoke?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(brand).toBeVisible();
  // All 22 now show, in the saved (dragged) order.
  const order = await page
    .locator('[data-question-type]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-question-type')));
  expect(order).toEqual([...QUESTION_TYPES.slice(0, 5), 'DATE', 'TIME', ...QUESTION_TYPES.slice(7)]);
  await brand.fill('Prince');
  const cigarettes = page.getByRole('textbox', { name: 'Cigarettes per day' });
  await cigarettes.fill('61');
  await expect(page.getByText(BLOCK_MESSAGE)).toBeVisible();
  await expect(cigarettes).toHaveAttribute('aria-invalid', 'true');
  await cigarettes.fill('60');
  await expect(page.getByText(BLOCK_MESSAGE)).toHaveCount(0);
  await cigarettes.fill('61');
  await expect(page.getByText(BLOCK_MESSAGE)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/preview-desktop-en.png` });

  // On a phone: same behaviour, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await cigarettes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/preview-mobile-en.png` });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // In Arabic: right to left, same rules, no horizontal overflow (phone and desktop).
  const previewUrl = new URL(page.url());
  previewUrl.searchParams.set('lang', 'ar');
  await page.goto(previewUrl.pathname + previewUrl.search);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await assertRtlWithoutOverflow(page);
  await expect(brand).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Do you smoke?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(brand).toBeVisible();
  await cigarettes.fill('61');
  await expect(page.getByText(BLOCK_MESSAGE)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/preview-mobile-ar.png` });
  await page.screenshot({ path: `${SHOTS}/preview-mobile-ar-full.png`, fullPage: true });
  await assertRtlWithoutOverflow(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await assertRtlWithoutOverflow(page);
  await page.screenshot({ path: `${SHOTS}/preview-desktop-ar.png` });
});
