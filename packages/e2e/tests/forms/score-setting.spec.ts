import { expect, test } from '@playwright/test';
import { saveAnswered } from '../../support/form-builder';
import { createStudy, logIn } from '../../support/session';

// Issue 18 item 7: the form builder's setting that decides whether the participant sees the
// score (default not); the participant side is in tests/public/fill-details.spec.ts.
test('a score form offers "Show the score to participants", off until switched on, and saves it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const studyId = await createStudy(page, 'Score setting');
  await page.goto(`/study/${studyId}/questionnaireTemplate/create?lang=en`);
  await page.getByTestId('form-title').fill(`PHQ-9 ${Date.now()}`);
  await expect(page).toHaveURL(/questionnaireTemplate\/[0-9a-f]{24}\/edit/, { timeout: 15_000 });

  const showScore = page.getByRole('switch', { name: 'Show the score to participants' });
  await expect(showScore).toHaveCount(0);
  const scored = saveAnswered(page, studyId, (form) => (form as { score?: boolean }).score === true);
  await page.getByRole('switch', { name: 'Score form' }).check({ force: true });
  await scored;
  await expect(showScore).not.toBeChecked();

  const shown = saveAnswered(
    page,
    studyId,
    (form) => (form as { showScoreToParticipant?: boolean }).showScoreToParticipant === true,
  );
  await showScore.check({ force: true });
  expect((await shown).ok()).toBe(true);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show the score to participants' })).toBeChecked();
});
