import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../../support/accessibility';
import {
  codeFromOutbox,
  codesSentTo,
  enrolParticipant,
  linkFromOutbox,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';

// Spec 002 §2 token, consent and one-time-password pages, §8 errors: the participant's way in.
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

/** Screenshots for a human look, when LINK_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.LINK_SHOTS)
    await page.screenshot({ path: `${process.env.LINK_SHOTS}/${name}.png`, fullPage: true });
}

async function enterCode(page: Page, code: string) {
  const input = page.getByRole('textbox', { name: 'One-time code' });
  await input.fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('consent, then the emailed one-time code, opens the questionnaire', async ({ page }) => {
  const study = await participantStudy(api, {
    name: 'Link consent',
    process: {
      consentRequired: true,
      consentText: {
        en: '<p>I agree to <strong>take part</strong>.</p><img src=x onerror="window.__xss=1">',
      },
    },
    event: { otpAuthentication: 'EMAIL' },
  });
  const person = await enrolParticipant(api, study);
  const link = await linkFromOutbox(api, person.email);
  const codesBefore = await codesSentTo(api, person.email);

  await page.goto(link);
  await expect(page).toHaveURL(/\/public\/consent\/[0-9a-f]{24}\/[0-9a-f]{24}\?lang=en/);
  await expect(page.getByRole('heading', { level: 1, name: 'Consent to take part' })).toBeVisible();
  await expect(page.getByTestId('consent-text')).toContainText('I agree to take part.');
  // Authors' rich text is sanitised: the handler never ran.
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'consent-en-390');

  const box = page.getByRole('checkbox', { name: /I agree to take part/ });
  await page.getByRole('button', { name: 'Continue' }).click();
  const required = page.getByText('You must tick the box to give your consent before you can continue.');
  await expect(required).toBeVisible();
  await expect(page).toHaveURL(/\/public\/consent\//);
  const describedBy = (await box.getAttribute('aria-describedby')) ?? '';
  expect(describedBy).toContain('consent-required-error');
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'consent-required-390');

  await box.check();
  await expect(required).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/public\/onetimepassword\?lang=en/);
  await expect(page.getByTestId('otp-sent')).toHaveText('We sent the code to your email address.');
  await expect(page.getByRole('button', { name: /Send a new code in 0\d:\d\d/ })).toBeDisabled();
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'otp-en-390');

  const code = await codeFromOutbox(api, person.email, codesBefore + 1);
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/questionnaire\/(fill|index)\?studyId=/);
});

test('after four wrong codes the captcha verifies, then the right code works', async ({ page }) => {
  test.setTimeout(60_000);
  const study = await participantStudy(api, { name: 'Link captcha', event: { otpAuthentication: 'EMAIL' } });
  const person = await enrolParticipant(api, study);
  const link = await linkFromOutbox(api, person.email);
  const codesBefore = await codesSentTo(api, person.email);

  await page.goto(link);
  await expect(page).toHaveURL(/\/public\/onetimepassword/);
  const code = await codeFromOutbox(api, person.email, codesBefore + 1);
  const wrong = code === '111111' ? '222222' : '111111';

  // Too short first: a field error without a call.
  await enterCode(page, '123');
  await expect(page.getByText('Enter the 6 digits of your code.')).toBeVisible();

  const input = page.getByRole('textbox', { name: 'One-time code' });
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await enterCode(page, wrong);
    await expect(page.getByText('This code is not correct. Please check it and try again.')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    if (attempt < 4) await expect(page.getByTestId('captcha')).toHaveCount(0);
  }
  const captcha = page.getByTestId('captcha');
  await expect(captcha).toBeVisible();
  await expect(captcha.getByRole('status')).toHaveText(/Verified/, { timeout: 20_000 });
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'otp-captcha-390');

  await enterCode(page, code);
  await expect(page).toHaveURL(/\/questionnaire\/(fill|index)\?studyId=/);
});

test('a locked link and an unknown link each show their own message', async ({ page }) => {
  const study = await participantStudy(api, { name: 'Link locked' });
  const person = await enrolParticipant(api, study);
  const link = await linkFromOutbox(api, person.email);
  const tokens = await api.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${person.enrollmentId}/tokens`,
  );
  const tokenId = (tokens.items ?? tokens)[0].id as string;
  await api.call(
    'PUT',
    `/api/studies/${study.studyId}/enrollments/${person.enrollmentId}/tokens/${tokenId}/lock`,
    {
      reason: 'Paused by the study team',
    },
  );

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Link no longer available' })).toBeVisible();
  await expect(page.getByText('This link can no longer be used.')).toBeVisible();
  await expect(page).toHaveURL(link);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'token-disabled-390');

  await page.goto(`/public/${study.studyId}/${'x'.repeat(32)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Link not recognised' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('the consent page in Arabic is right-to-left and fits a phone', async ({ page }) => {
  const study = await participantStudy(api, {
    name: 'Link Arabic',
    languages: ['en', 'ar'],
    process: {
      consentRequired: true,
      consentText: { en: 'I agree to take part.', ar: 'أوافق على المشاركة في هذه الدراسة.' },
    },
  });
  const person = await enrolParticipant(api, study, { language: 'ar' });
  const link = await linkFromOutbox(api, person.email);

  await page.goto(link);
  await expect(page).toHaveURL(/\/public\/consent\/.*lang=ar/);
  await expect(page.getByRole('heading', { level: 1, name: 'الموافقة على المشاركة' })).toBeVisible();
  await expect(page.getByTestId('consent-text')).toHaveText('أوافق على المشاركة في هذه الدراسة.');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByText('يجب وضع علامة في المربع لإعطاء موافقتك قبل المتابعة.')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'consent-ar-390');

  // The language switch re-renders the text in English.
  await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
  await expect(page.getByTestId('consent-text')).toHaveText('I agree to take part.');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
});

test('screenshots of the link pages on a phone and a desktop (LINK_SHOTS only)', async ({ page }) => {
  test.skip(!process.env.LINK_SHOTS, 'only when screenshots are asked for');
  const study = await participantStudy(api, {
    name: 'Link shots',
    languages: ['en', 'ar'],
    process: {
      consentRequired: true,
      consentText: {
        en: '<p>You are invited to take part in a study of how people feel during treatment.</p><ul><li>It takes 5 minutes a week.</li><li>You can stop at any time.</li></ul>',
        ar: '<p>أنت مدعو للمشاركة في دراسة عن شعور الناس أثناء العلاج.</p><ul><li>تستغرق 5 دقائق أسبوعيًا.</li><li>يمكنك التوقف في أي وقت.</li></ul>',
      },
    },
    event: { otpAuthentication: 'EMAIL' },
  });
  for (const language of ['ar', 'en']) {
    const person = await enrolParticipant(api, study, { language });
    await page.goto(await linkFromOutbox(api, person.email));
    await expect(page).toHaveURL(/\/public\/consent\//);
    await expect(page.getByTestId('consent-text')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, `consent-${language}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('checkbox').check();
    await page
      .getByRole('button')
      .filter({ hasText: language === 'ar' ? 'متابعة' : 'Continue' })
      .click();
    await expect(page).toHaveURL(/\/public\/onetimepassword/);
    await expect(page.getByTestId('otp-sent')).toBeVisible();
    await shot(page, `otp-${language}-390`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, `otp-${language}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
  }
});

test('no connection shows a retry; a link locked while the code is entered goes back to its page', async ({
  page,
}) => {
  const study = await participantStudy(api, { name: 'Link offline', event: { otpAuthentication: 'EMAIL' } });
  const person = await enrolParticipant(api, study);
  const link = await linkFromOutbox(api, person.email);

  await page.route('**/token/validateToken', (route) => route.abort('internetdisconnected'));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.unroute('**/token/validateToken');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/public\/onetimepassword/);
  await expect(page.getByTestId('otp-sent')).toBeVisible();

  const tokens = await api.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${person.enrollmentId}/tokens`,
  );
  const tokenId = (tokens.items ?? tokens)[0].id as string;
  await api.call(
    'PUT',
    `/api/studies/${study.studyId}/enrollments/${person.enrollmentId}/tokens/${tokenId}/lock`,
    {
      reason: 'Paused by the study team',
    },
  );
  await enterCode(page, '123456');
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link can no longer be used.' }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${link}\\?lang=en$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Link no longer available' })).toBeVisible();
});

test("a link that is not open yet says so in the study's language", async ({ page }) => {
  const study = await participantStudy(api, {
    name: 'Link not active',
    languages: ['da', 'en'],
    event: { referenceDate: 'MANUAL' },
  });
  const person = await enrolParticipant(api, study, { language: 'da' });
  const tokens = await api.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${person.enrollmentId}/tokens`,
  );
  const token = (tokens.items ?? tokens)[0] as { token: string; status: string };
  expect(token.status).toBe('NOT_ACTIVE');

  await page.goto(`/public/${study.studyId}/${token.token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Endnu ikke åbent' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'token-not-active-da-390');
});
