import { expect, type Locator, type Page, type Response } from '@playwright/test';

/**
 * Helpers for the form builder's screens (spec 001 §2), free of races with its autosave: a change
 * autosaves 1.5 s later and the answer re-renders the editor (server issues, save state). Tests
 * that need a change saved (or refused) before their next step wait for the answer to that save.
 */

type SavedQuestion = {
  showRules?: { possibilities?: unknown[] }[];
  validationRules?: unknown[];
};
type SavedForm = { questions?: SavedQuestion[] };

/**
 * The answer to the builder's save (autosave or Save) whose form matches `carries`. Call it
 * before making the change, await it after: a save of an earlier state does not match, and a
 * refused save is an answer too (the editor shows it as a person sees it, in the error line).
 */
export function saveAnswered(
  page: Page,
  studyId: string,
  carries: (form: SavedForm) => boolean,
): Promise<Response> {
  const url = `/api/studies/${studyId}/questionnairetemplate`;
  return page.waitForResponse((res) => {
    const req = res.request();
    if (req.method() !== 'POST' || !new URL(res.url()).pathname.endsWith(url)) return false;
    try {
      return carries(JSON.parse(req.postData() ?? '{}') as SavedForm);
    } catch {
      return false;
    }
  });
}

/** A question has a complete show rule (a question and at least one answer chosen). */
export const hasShowRule = (form: SavedForm) =>
  (form.questions ?? []).some((q) => (q.showRules ?? []).some((r) => (r.possibilities ?? []).length > 0));

/** A question has a validation rule. */
export const hasValidationRule = (form: SavedForm) =>
  (form.questions ?? []).some((q) => (q.validationRules ?? []).length > 0);

/**
 * Opens a Mantine Select / MultiSelect and clicks the option. The input is clicked with force
 * (Mantine's read-only inputs have the clickable section over them), so Playwright does not check
 * that the click reaches it: the input is first scrolled to the middle of the page. Scrolled only
 * into view, an input at the bottom of the editor sat under the sticky save bar, which grows when a
 * refused save shows its error, and the forced click landed on the bar: the rule operator's list
 * never opened (must-show.spec.ts, CI stop 41 and a loaded local run of 2026-11-28, whose failure
 * screenshot shows the input under the bar). A list that is not open a moment later is opened
 * again, only when no list is open (a second click would toggle an open one shut).
 */
export async function pickOption(page: Page, input: Locator, name: string | RegExp): Promise<void> {
  const option = page.getByRole('option', { name });
  await expect(async () => {
    if (!(await page.getByRole('option').first().isVisible())) {
      await input.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await input.click({ force: true });
    }
    await expect(option).toBeVisible({ timeout: 2_500 });
  }).toPass({ timeout: 10_000 });
  await option.click();
}
