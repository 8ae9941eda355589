import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 13 item 8 for forms: two builders edit the same form in two browser contexts. The save
// that started from an older revision gets the conflict prompt; nothing typed is lost: the author
// keeps editing, then saves theirs over the other, or loads the other version by choice.

const SAVED = 'All changes saved';

/** A builder in a context of its own; with `clock`, its timers run on Playwright's clock (real time until moved on). */
async function openBuilder(browser: Browser, url: string, options: { clock?: boolean } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (options.clock) await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  await page.goto(url);
  await expect(page.getByTestId('question-editor')).toBeVisible();
  return page;
}

async function selectQuestion(page: Page, n: number) {
  await page
    .getByTestId('question-title')
    .nth(n - 1)
    .click();
}

test('two builders save the same form: the stale save gets the conflict prompt and loses nothing', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  const studyId = await createStudy(page, 'Two builders');
  const created = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: {
      id: '',
      title: { en: 'Shared form' },
      type: 'TYPE_FORM',
      questions: [
        { id: 'q-one', order: 1, type: 'TEXT_SENTENCE', question: { en: 'First question' } },
        { id: 'q-two', order: 2, type: 'TEXT_SENTENCE', question: { en: 'Second question' } },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const formId = ((await created.json()) as { id: string }).id;
  const url = `/study/${studyId}/questionnaireTemplate/${formId}/edit/`;
  const stored = async () => {
    const res = await page.request.get(`/api/studies/${studyId}/questionnairetemplate/${formId}`);
    return ((await res.json()) as { questions: { id: string; question: { en: string } }[] }).questions.map(
      (q) => q.question.en,
    );
  };

  const alice = await openBuilder(browser, url);
  const bob = await openBuilder(browser, url, { clock: true });

  // Alice saves first.
  await selectQuestion(alice, 1);
  await alice.getByTestId('question-editor').getByTestId('question-text').fill('Alice asks this');
  await expect(alice.getByTestId('save-status')).toContainText(SAVED, { timeout: 20_000 });
  expect(await stored()).toEqual(['Alice asks this', 'Second question']);

  // Bob's autosave started from the older revision: the prompt opens, his text stays.
  await selectQuestion(bob, 2);
  const bobText = bob.getByTestId('question-editor').getByTestId('question-text');
  await bobText.fill('Bob asks this');
  const prompt = bob.getByRole('dialog', { name: 'Someone else saved this form' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(bobText).toHaveValue('Bob asks this');
  expect(await stored()).toEqual(['Alice asks this', 'Second question']);

  // Keep editing: the prompt closes, the banner stays, nothing autosaves over Alice meanwhile.
  await prompt.getByTestId('conflict-keep-editing').click();
  await expect(prompt).toBeHidden();
  await expect(bob.getByTestId('conflict-banner')).toBeVisible();
  const bobSaves: string[] = [];
  const onRequest = (req: Request) => {
    if (req.method() === 'POST' && req.url().includes('/questionnairetemplate')) bobSaves.push(req.url());
  };
  bob.on('request', onRequest);
  await bobText.press('End');
  await bobText.pressSequentially(' today');
  // Bob's clock jumps past the 1.5 s autosave delay, firing every timer due on the way; a round trip
  // to his page after that would carry any save those timers started. None went out.
  await bob.clock.runFor(2_500);
  await bob.evaluate(() => document.title);
  bob.off('request', onRequest);
  expect(bobSaves).toEqual([]);
  expect(await stored()).toEqual(['Alice asks this', 'Second question']);
  await expect(bob.getByTestId('question-title')).toHaveText(['1. First question', '2. Bob asks this today']);

  // Keep mine: Bob's whole draft is saved over Alice's version, every keystroke of it.
  await bob.getByTestId('conflict-banner').getByTestId('conflict-keep-mine').click();
  await expect(bob.getByTestId('save-status')).toContainText(SAVED, { timeout: 20_000 });
  await expect(bob.getByTestId('conflict-banner')).toHaveCount(0);
  expect(await stored()).toEqual(['First question', 'Bob asks this today']);

  // Alice's next save is stale now; she chooses to load Bob's version.
  await alice.getByTestId('question-editor').getByTestId('question-text').fill('Alice again');
  const alicePrompt = alice.getByRole('dialog', { name: 'Someone else saved this form' });
  await expect(alicePrompt).toBeVisible({ timeout: 20_000 });
  await alicePrompt.getByTestId('conflict-load-theirs').click();
  await expect(alicePrompt).toBeHidden();
  await expect(alice.getByTestId('question-title')).toHaveText([
    '1. First question',
    '2. Bob asks this today',
  ]);
  await expect(alice.getByTestId('conflict-banner')).toHaveCount(0);
  // And she goes on from Bob's revision without another conflict.
  await selectQuestion(alice, 2);
  await alice.getByTestId('question-editor').getByTestId('question-text').fill('Agreed question');
  await expect(alice.getByTestId('save-status')).toContainText(SAVED, { timeout: 20_000 });
  expect(await stored()).toEqual(['First question', 'Agreed question']);
});
