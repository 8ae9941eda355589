import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../../support/accessibility';
import { participantText } from '../../support/catalogs';
import { expectFitsAt } from '../../support/layout';
import {
  enrolParticipant,
  linkFromOutbox,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';
import { expireLink } from '../../support/tokens';

// Issue 18 item 7 (spec 002 §8): the expired-link and already-filled messages end to end, from the
// participant's own link, in English and right to left in Arabic, at phone widths.
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

for (const language of ['en', 'ar'] as const) {
  test(`an expired link says so (${language})`, async ({ page }) => {
    const study = await participantStudy(api, {
      name: 'Expired link',
      languages: language === 'en' ? ['en'] : ['ar', 'en'],
      event: {
        referenceDate: 'MANUAL',
        expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 0, hours: 1 },
      },
    });
    const person = await enrolParticipant(api, study, { language });
    const link = await expireLink(api, study, person);

    await page.goto(link);
    const title = participantText(language, 'public-link:LINK.STATUS.EXPIRED_TITLE');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(participantText(language, 'public-link:LINK.STATUS.EXPIRED'))).toBeVisible();
    await expect(page.locator('[data-problem="EXPIRED"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expectFitsAt(page, [320, 390], `expired link (${language})`);
    await expectNoSeriousA11yIssues(page);
  });

  test(`a link filled in already says so, and the forms are not shown again (${language})`, async ({
    page,
  }) => {
    const study = await participantStudy(api, {
      name: 'Filled link',
      languages: language === 'en' ? ['en'] : ['ar', 'en'],
      forms: [
        {
          title: { en: 'How are you?', ar: 'كيف حالك؟' },
          questions: [
            {
              id: 'q-mood',
              order: 1,
              type: 'NUMBER',
              required: true,
              question: { en: 'Mood from 0 to 10', ar: 'المزاج من 0 إلى 10' },
            },
          ],
        },
      ],
    });
    const person = await enrolParticipant(api, study, { language });
    const link = await linkFromOutbox(api, person.email);

    await page.goto(link);
    await expect(page).toHaveURL(/\/questionnaire\/fill\?/);
    await page.getByRole('textbox').first().fill('7');
    await page
      .getByRole('button', { name: participantText(language, 'public-questionnaire:QUESTIONNAIRE.SUBMIT') })
      .click();
    await expect(
      page.getByRole('heading', {
        name: participantText(language, 'public-questionnaire:QUESTIONNAIRE.COMPLETED_TITLE'),
      }),
    ).toBeVisible();

    // The same link again, as from the email a second time.
    await page.goto(link);
    const title = participantText(language, 'public-link:LINK.STATUS.COMPLETED_TITLE');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      page.getByText(participantText(language, 'public-link:LINK.STATUS.COMPLETED')),
    ).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectFitsAt(page, [320, 390], `already filled (${language})`);
    await expectNoSeriousA11yIssues(page);
  });
}
