import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yIssues } from '../../support/accessibility';
import {
  codeFromOutbox,
  enrolParticipant,
  linkFromOutbox,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';
import { repoRoot } from '../../support/server';

// Issue 8 must-show (spec 002 §2 token validation, consent, one-time password, questionnaire fill;
// §4 public flow; §8 errors): a participant opens the link emailed to them (read from the outbox),
// accepts consent, enters the one-time code emailed next, fills two forms in forced order with a
// show rule and a blocking rule, goes back, submits and sees the completion page — on a phone, in
// English and again in Arabic (right to left), with axe on every page and the server CSP kept.

const SHOTS = process.env.E2E_PUBLIC_SHOTS_DIR ?? 'test-results/public-journey';
const PHONE = { width: 390, height: 844 };

const TEXT = {
  en: {
    pain: 'Did you have pain today?',
    yes: 'Yes',
    strength: 'How strong was the pain, from 0 to 10?',
    block: 'Use a number from 0 to 10',
    sleep: 'How many hours did you sleep last night?',
    formOne: 'Daily symptoms',
    formTwo: 'Sleep',
  },
  ar: {
    pain: 'هل شعرت بألم اليوم؟',
    yes: 'نعم',
    strength: 'ما مدى شدة الألم من 0 إلى 10؟',
    block: 'استخدم رقمًا من 0 إلى 10',
    sleep: 'كم ساعة نمت الليلة الماضية؟',
    formOne: 'الأعراض اليومية',
    formTwo: 'النوم',
  },
} as const;

type Language = keyof typeof TEXT;

/** Two forms: a YES_NO whose "Yes" shows a NUMBER with a BLOCK rule (at most 10); then a required NUMBER. */
function forms() {
  const both = (key: keyof (typeof TEXT)['en']) => ({ en: TEXT.en[key], ar: TEXT.ar[key] });
  return [
    {
      title: both('formOne'),
      questions: (formId: string) => [
        {
          id: 'q-pain',
          order: 1,
          type: 'YES_NO',
          required: true,
          question: both('pain'),
          possibilities: [
            { id: 'p-yes', order: 1, possibility: both('yes') },
            { id: 'p-no', order: 2, possibility: { en: 'No', ar: 'لا' } },
          ],
        },
        {
          id: 'q-strength',
          order: 2,
          type: 'NUMBER',
          required: true,
          question: both('strength'),
          showRules: [{ question: 'q-pain', possibilities: ['p-yes'] }],
          validationRules: [
            {
              id: 'rule-strength',
              leftOperant: { type: 'QUESTION', form: formId, question: 'q-strength' },
              operator: 'lte',
              rightOperant: { type: 'CONST_VAL', value: 10 },
              action: { type: 'BLOCK', message: both('block') },
            },
          ],
        },
      ],
    },
    {
      title: both('formTwo'),
      questions: [{ id: 'q-sleep', order: 1, type: 'NUMBER', required: true, question: both('sleep') }],
    },
  ];
}

/** A participant catalog (issue 18: the JSON the app loads) as the strings the pages must show. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON tree read at run time
function catalog(language: Language, namespace: string): any {
  return JSON.parse(
    readFileSync(path.join(repoRoot, 'packages/web/src/locales', language, `${namespace}.json`), 'utf8'),
  );
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function journey(page: Page, api: StaffApi, language: Language) {
  const t = TEXT[language];
  const link = catalog(language, 'public-link').LINK;
  const q = catalog(language, 'public-questionnaire').QUESTIONNAIRE;
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|CSP/i.test(message.text())) {
      violations.push(message.text());
    }
  });

  const study = await participantStudy(api, {
    name: `Participant journey ${language}`,
    languages: ['en', 'ar'],
    forms: forms(),
    event: { otpAuthentication: 'EMAIL', forceFormOrder: true },
    process: {
      consentRequired: true,
      consentText: {
        en: '<p>I agree to answer questions about my symptoms for this study.</p>',
        ar: '<p>أوافق على الإجابة عن أسئلة حول أعراضي في هذه الدراسة.</p>',
      },
    },
  });
  const participant = await enrolParticipant(api, study, { language });
  await page.setViewportSize(PHONE);

  // The emailed link, opened as the old hash link some messages still carry: it lands on the page.
  const path = await linkFromOutbox(api, participant.email);
  await page.goto(`/#${path}`);
  await expect(page).toHaveURL(new RegExp(`/public/consent/${study.studyId}/`));
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByRole('heading', { name: link.CONSENT.TITLE })).toBeVisible();
  await expectNoSeriousA11yIssues(page, 'consent');
  await expectNoHorizontalOverflow(page);
  await shot(page, `${language}-1-consent`);

  // Consent is required: Continue without the tick shows why; with it the flow goes on.
  await page.getByRole('button', { name: link.CONSENT.CONTINUE }).click();
  await expect(page.getByText(link.CONSENT.REQUIRED)).toBeVisible();
  await page.getByRole('checkbox', { name: link.CONSENT.ACCEPT }).check();
  await page.getByRole('button', { name: link.CONSENT.CONTINUE }).click();

  // The one-time code goes out by email when the page opens; the one from the outbox is accepted.
  await expect(page).toHaveURL(/\/public\/onetimepassword/);
  await expect(page.getByRole('heading', { name: link.OTP.TITLE })).toBeVisible();
  const code = await codeFromOutbox(api, participant.email);
  await expectNoSeriousA11yIssues(page, 'one-time password');
  await shot(page, `${language}-2-code`);
  await page.getByRole('textbox', { name: link.OTP.LABEL }).fill(code);
  await page.getByRole('button', { name: link.OTP.CONTINUE }).click();

  // Forced order: form 1 of 2. The show rule reveals the strength question; 12 is blocked.
  await expect(page).toHaveURL(/\/questionnaire\/fill\?/);
  await expect(page.getByText(q.VIEWING.replace('{{current}}', '1').replace('{{total}}', '2'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t.formOne })).toBeVisible();
  const strength = page.getByRole('textbox', { name: t.strength });
  await expect(strength).toHaveCount(0);
  await page.getByRole('radiogroup', { name: t.pain }).getByRole('radio', { name: t.yes }).check();
  await expect(strength).toBeVisible();
  await strength.fill('12');
  await expect(page.getByText(t.block)).toBeVisible();
  const next = page.getByRole('button', { name: q.CONTINUE });
  await expect(next).toBeDisabled();
  await expectNoSeriousA11yIssues(page, 'fill, blocked');
  await expectNoHorizontalOverflow(page);
  await shot(page, `${language}-3-blocked`);
  await strength.fill('6');
  await expect(page.getByText(t.block)).toHaveCount(0);
  await expect(next).toBeEnabled();
  await next.click();

  // Form 2 of 2; Back returns to form 1 with its answers kept, then on again.
  await expect(page.getByText(q.VIEWING.replace('{{current}}', '2').replace('{{total}}', '2'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t.formTwo })).toBeVisible();
  await page.getByRole('button', { name: q.BACK }).click();
  await expect(page.getByRole('heading', { name: t.formOne })).toBeVisible();
  await expect(page.getByRole('textbox', { name: t.strength })).toHaveValue('6');
  await page.getByRole('button', { name: q.CONTINUE }).click();
  await expect(page.getByRole('heading', { name: t.formTwo })).toBeVisible();
  await page.getByRole('textbox', { name: t.sleep }).fill('7');
  await shot(page, `${language}-4-second-form`);
  await page.getByRole('button', { name: q.SUBMIT }).click();

  // Completion page; the link cannot be filled again.
  await expect(page.getByRole('heading', { name: q.COMPLETED_TITLE })).toBeVisible();
  await expectNoSeriousA11yIssues(page, 'completion');
  await expectNoHorizontalOverflow(page);
  await shot(page, `${language}-5-done`);
  expect(violations, 'no CSP violations').toEqual([]);

  // What the staff see: both forms completed on the enrollment's token, the answers as given.
  const tokens = await api.call(
    'GET',
    `/api/studies/${study.studyId}/enrollments/${participant.enrollmentId}/tokens`,
  );
  const first = (Array.isArray(tokens) ? tokens : tokens.items)[0];
  expect(first.status).toBe('COMPLETED');
}

test.describe('a participant fills their forms from the emailed link', () => {
  test.setTimeout(120_000);
  let api: StaffApi;
  test.beforeAll(async () => {
    api = await staffApi();
  });
  test.afterAll(async () => api?.dispose());

  test('in English on a phone', async ({ page }) => {
    await journey(page, api, 'en');
  });

  test('in Arabic on a phone, right to left', async ({ page }) => {
    await journey(page, api, 'ar');
  });
});
