import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OTP_TTL_MINUTES } from '@trialbase/domain';
import {
  codeFromOutbox,
  codesSentTo,
  enrolParticipant,
  linkFromOutbox,
  outboxTo,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';
import { repoRoot } from '../../support/server';

// Issue 18 item 3: the one-time code email is in the participant's language (the server's
// catalogs, packages/server/src/locales/{lng}/public.json), not the study's primary language.
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

type CodeTexts = Record<string, string>;
const codeTexts = (lng: string): CodeTexts =>
  JSON.parse(readFileSync(path.join(repoRoot, 'packages/server/src/locales', lng, 'public.json'), 'utf8'))
    .ONE_TIME_CODE;

for (const language of ['pl', 'da']) {
  test(`a participant in ${language} opens the link and gets the one-time code email in ${language}`, async ({
    page,
  }) => {
    // English is the study's primary language: the code email follows the participant, not the study.
    const study = await participantStudy(api, {
      name: `Code language ${language}`,
      languages: ['en', language],
      process: { supportedLanguages: ['en', language] },
      event: { otpAuthentication: 'EMAIL' },
    });
    const person = await enrolParticipant(api, study, { language });
    const link = await linkFromOutbox(api, person.email);
    const codesBefore = await codesSentTo(api, person.email);

    // Opening the link asks for the code (the one-time password page).
    await page.goto(link);
    await expect(page).toHaveURL(/\/public\/onetimepassword/);
    const code = await codeFromOutbox(api, person.email, codesBefore + 1);
    const mail = (await outboxTo(api, person.email)).filter((m) => m.body.includes(code)).at(-1);

    const texts = codeTexts(language);
    const english = codeTexts('en');
    const form = new Intl.PluralRules(language).select(OTP_TTL_MINUTES);
    const body = (texts[`BODY_${form}`] ?? '')
      .replace('{{code}}', code)
      .replace('{{minutes}}', String(OTP_TTL_MINUTES));
    expect(mail?.subject).toBe(texts.SUBJECT);
    expect(mail?.body).toBe(body);
    // Not the English text: every sentence of the English email is absent.
    expect(mail?.subject).not.toBe(english.SUBJECT);
    for (const sentence of (english.BODY_other ?? '').split('. ')) {
      if (!sentence.includes('{{')) expect(mail?.body).not.toContain(sentence.replace(/\.$/, ''));
    }

    // The code in the email opens the questionnaire.
    const input = page.locator('input[autocomplete="one-time-code"], input[inputmode="numeric"]').first();
    await input.fill(code);
    await input.press('Enter');
    await expect(page).toHaveURL(/\/questionnaire\/(fill|index)\?studyId=/);
  });
}
