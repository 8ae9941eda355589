import { expect, type Locator, type Page, type Response } from '@playwright/test';

/**
 * Helpers for the form builder's screens (spec 001 §2), free of races with its autosave: a change
 * autosaves 1.5 s later and the answer re-renders the editor (server issues, save state), which
 * closes any Select list that is open at that moment. Tests that open lists right after a change
 * first wait for the save of that change to be answered.
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
 * (Mantine's read-only inputs have the clickable section over them); the option is waited for as
 * shown before it is clicked.
 */
export async function pickOption(page: Page, input: Locator, name: string | RegExp): Promise<void> {
  await input.click({ force: true });
  const option = page.getByRole('option', { name });
  await expect(option).toBeVisible();
  await option.click();
}
