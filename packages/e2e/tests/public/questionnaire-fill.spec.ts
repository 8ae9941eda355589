import { expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yIssues } from '../../support/accessibility';
import {
  enrolParticipant,
  type FormSpec,
  linkFromOutbox,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';

// Issue 8 (spec 002 §2 questionnaire fill and index, §4 submit result, §8 submit errors): a
// participant fills two forms in forced order at 390x844 with a show rule and a blocking rule,
// goes back, reloads mid-form, submits once with a double click; the index lists forms by status;
// Arabic runs right to left. Screens go to /tmp/shots-questionnaire.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-questionnaire';
test.use({ viewport: { width: 390, height: 844 } });

// The form's id is chosen by the server: the embedded rule names only its question.
function smokingForm(): FormSpec {
  return {
    title: { en: 'Smoking habits', ar: 'عادات التدخين' },
    questions: [
      {
        id: 'q-smoker',
        order: 1,
        type: 'YES_NO',
        required: true,
        question: { en: 'Do you smoke?', ar: 'هل تدخن؟' },
        possibilities: [
          { id: 'p-yes', order: 1, possibility: { en: 'Yes', ar: 'نعم' } },
          { id: 'p-no', order: 2, possibility: { en: 'No', ar: 'لا' } },
        ],
      },
      {
        id: 'q-brand',
        order: 2,
        type: 'TEXT_SENTENCE',
        question: { en: 'Which brand do you smoke?', ar: 'ما العلامة التجارية التي تدخنها؟' },
        showRules: [{ question: 'q-smoker', possibilities: ['p-yes'] }],
      },
      {
        id: 'q-cigarettes',
        order: 3,
        type: 'NUMBER',
        question: { en: 'Cigarettes per day', ar: 'عدد السجائر في اليوم' },
        validationRules: [
          {
            id: 'rule-cigarettes',
            leftOperant: { type: 'QUESTION', question: 'q-cigarettes' },
            operator: 'lte',
            rightOperant: { type: 'CONST_VAL', value: 60 },
            action: {
              type: 'BLOCK',
              message: { en: 'At most {limit} cigarettes a day', ar: 'لا يزيد على {limit} سيجارة في اليوم' },
            },
          },
        ],
      },
    ],
  };
}

const PAIN_FORM: FormSpec = {
  title: { en: 'Pain today', ar: 'الألم اليوم' },
  questions: [
    {
      id: 'q-pain',
      order: 1,
      type: 'NUMBER',
      required: true,
      question: { en: 'Pain from 0 to 10', ar: 'الألم من 0 إلى 10' },
    },
  ],
};

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

type Opened = { studyId: string; token: string; enrollmentId: string; tokenId: string; formIds: string[] };

/** A study with the two forms on the participant event, one enrolled participant whose link is opened. */
async function openParticipant(
  page: Page,
  options: { forced: boolean; language?: string; languages?: string[] },
): Promise<Opened> {
  const study = await participantStudy(api, {
    languages: options.languages ?? ['en'],
    forms: [smokingForm(), PAIN_FORM],
    event: { forceFormOrder: options.forced },
  });
  const participant = await enrolParticipant(api, study, { language: options.language ?? 'en' });
  const path = await linkFromOutbox(api, participant.email);
  const [, , studyId, token] = path.split('/') as [string, string, string, string];
  // The participant session cookie is set in the page's context, as the token page would.
  const validated = await page.request.post(`/api/public/studies/${studyId}/token/validateToken`, {
    data: { token },
  });
  expect(validated.ok(), await validated.text()).toBe(true);
  const info = await validated.json();
  return {
    studyId,
    token,
    enrollmentId: participant.enrollmentId,
    tokenId: info.token.id,
    formIds: study.formIds,
  };
}

test('forced order: show and block rules, draft kept on reload, back keeps answers, one submit', async ({
  page,
}) => {
  const p = await openParticipant(page, { forced: true });
  await page.goto(`/questionnaire/fill?studyId=${p.studyId}&token=${p.token}&lang=en`);

  await expect(page.getByRole('heading', { name: 'Week 1' })).toBeVisible();
  await expect(page.getByText('Viewing 1 of 2')).toBeVisible();
  // Spec 002 §2: no public header and no language switch on the fill page.
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveCount(0);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expect(page.getByText(/Some answers are missing/)).toBeVisible();

  const brand = page.getByRole('textbox', { name: 'Which brand do you smoke?' });
  await expect(brand).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Do you smoke?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(brand).toBeVisible();
  await brand.fill('Prince');
  const cigarettes = page.getByRole('textbox', { name: 'Cigarettes per day' });
  await cigarettes.fill('80');
  await expect(page.getByText('At most 60 cigarettes a day')).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/fill-blocked-mobile-en.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);
  await cigarettes.fill('12');
  await expect(page.getByText('At most 60 cigarettes a day')).toHaveCount(0);
  await expect(continueButton).toBeEnabled();

  // Draft save as the participant goes: a reload keeps the typed answers.
  await expect(page.getByText('Your answers are saved.')).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(brand).toHaveValue('Prince');
  await expect(cigarettes).toHaveValue('12');
  await expectNoHorizontalOverflow(page);

  await continueButton.click();
  await expect(page.getByText('Viewing 2 of 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pain today' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Viewing 1 of 2')).toBeVisible();
  await expect(brand).toHaveValue('Prince');
  await expect(cigarettes).toHaveValue('12');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Viewing 2 of 2')).toBeVisible();

  await page.getByRole('textbox', { name: 'Pain from 0 to 10' }).fill('3');
  await page.screenshot({ path: `${SHOTS}/fill-form2-mobile-en.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page).toHaveURL(/\/questionnaire\/fill/);
  await page.screenshot({ path: `${SHOTS}/completion-mobile-en.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);

  // The double click made one answer set per form, both completed (staff API).
  const fill = await api.call(
    'GET',
    `/api/studies/${p.studyId}/enrollments/${p.enrollmentId}/tokens/${p.tokenId}/questionnaires`,
  );
  const sets = (fill.forms as { answerSet: { isCompleted: boolean } | null }[]).map((f) => f.answerSet);
  expect(sets).toHaveLength(2);
  expect(sets.every((s) => s?.isCompleted === true)).toBe(true);
  const audit = await api.call('GET', `/api/studies/${p.studyId}/audit?limit=200`).catch(() => null);
  if (audit?.items) {
    const submitted = (audit.items as { action: string }[]).filter(
      (a) => a.action === 'QUESTIONNAIRE_SUBMITTED',
    );
    expect(submitted).toHaveLength(2);
  }

  // A reload after completion shows the completion page again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/completion-desktop-en.png`, fullPage: true });
});

test('the index lists forms with their status; a completed form cannot be opened', async ({ page }) => {
  const p = await openParticipant(page, { forced: false });
  // Without a forced order the fill page sends the participant to the index.
  await page.goto(`/questionnaire/fill?studyId=${p.studyId}&token=${p.token}&lang=en`);
  await expect(page).toHaveURL(/\/questionnaire\/index/);
  await expect(page.getByRole('heading', { name: 'Your questionnaires' })).toBeVisible();
  const table = page.locator('[data-form-index]');
  await expect(table.getByRole('columnheader')).toHaveText(['No.', 'Questionnaire', 'Status']);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('Pending')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/index-mobile-en.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);

  await table.getByRole('button', { name: 'Pain today' }).click();
  await expect(page).toHaveURL(/formId=/);
  await expect(page.getByText('Viewing 1 of 1')).toBeVisible();
  await page.getByRole('textbox', { name: 'Pain from 0 to 10' }).fill('5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/questionnaire\/index/);
  const painRow = table.getByRole('row').filter({ hasText: 'Pain today' });
  await expect(painRow.getByText('Completed')).toBeVisible();
  await expect(painRow.getByRole('button')).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Smoking habits' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/index-desktop-en.png`, fullPage: true });

  await table.getByRole('button', { name: 'Smoking habits' }).click();
  await page.getByRole('radiogroup', { name: 'Do you smoke?' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('Arabic runs right to left without horizontal overflow', async ({ page }) => {
  const p = await openParticipant(page, { forced: true, language: 'ar', languages: ['en', 'ar'] });
  await page.goto(`/questionnaire/fill?studyId=${p.studyId}&token=${p.token}&lang=ar`);
  await expect(page.getByRole('heading', { name: 'الأسبوع الأول' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('عرض 1 من 2')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'هل تدخن؟' }).getByRole('radio', { name: 'نعم' }).check();
  await page.getByRole('textbox', { name: 'عدد السجائر في اليوم' }).fill('80');
  await expect(page.getByText('لا يزيد على 60 سيجارة في اليوم')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/fill-mobile-ar.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/fill-desktop-ar.png`, fullPage: true });
});
