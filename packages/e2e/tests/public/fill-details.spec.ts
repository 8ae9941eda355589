import { expect, type Page, test } from '@playwright/test';
import { participantText } from '../../support/catalogs';
import { expectFitsAt } from '../../support/layout';
import {
  enrolParticipant,
  type FormSpec,
  linkFromOutbox,
  type ParticipantStudy,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';

// Issue 18 items 6 and 7 on the fill page: author text keeps its own direction in a right-to-left
// page, dates follow the study's format, single-question mode submits from its last question only,
// EQ-5D pages number their questions as one form, and a score is shown only when the form says so.
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-fill-details';
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

/** Opens the participant's link (no consent, no code): the fill page of the first form. */
async function openLink(page: Page, study: ParticipantStudy, language = 'en') {
  const person = await enrolParticipant(api, study, { language });
  await page.goto(await linkFromOutbox(api, person.email));
  await expect(page.locator('[data-fill-form]')).toBeVisible();
}

/** Where a text's first and last characters are drawn, and the box's direction. */
async function textEnds(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      if ((n.textContent ?? '').trim()) nodes.push(n as Text);
    const rectOf = (node: Text, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    const number = nodes[0] as Text;
    const label = nodes.find((n) => /\p{L}/u.test(n.textContent ?? '')) as Text;
    const text = label.textContent ?? '';
    return {
      direction: getComputedStyle(el).direction,
      firstLetter: rectOf(label, text.search(/\S/)).left,
      questionMark: rectOf(label, Math.max(text.lastIndexOf('?'), text.lastIndexOf('؟'))).left,
      number: rectOf(number, 0).left,
    };
  });
}

test('Arabic at 390x844: an untranslated English question keeps its question mark and number in place; dates as DD-MM-YYYY', async ({
  page,
}) => {
  const study = await participantStudy(api, {
    name: 'دراسة النوم',
    languages: ['ar', 'en'],
    forms: [
      {
        title: { ar: 'مذكرات النوم', en: 'Sleep diary' },
        questions: [
          {
            id: 'q-ar',
            order: 1,
            type: 'NUMBER',
            question: { ar: 'كم ساعة نمت الليلة الماضية؟', en: 'Hours slept?' },
          },
          // Not translated: the Arabic page shows the English text.
          {
            id: 'q-en',
            order: 2,
            type: 'TEXT_SENTENCE',
            question: { en: 'Did you take your tablets (2 × 5 mg) yesterday?' },
            helpText: { en: 'Answer "yes" or "no".' },
          },
          {
            id: 'q-date',
            order: 3,
            type: 'DATE',
            required: true,
            question: { ar: 'تاريخ الزيارة', en: 'Visit date' },
          },
        ],
      },
    ],
  });
  await openLink(page, study, 'ar');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

  // The Arabic question runs right to left: its number is at the right, its "؟" at the left end.
  const arabic = await textEnds(page, '[data-question-id="q-ar"] .tb-q-head');
  expect(arabic.direction).toBe('rtl');
  expect(arabic.number).toBeGreaterThan(arabic.firstLetter);
  // The English one runs left to right inside the Arabic page: "2. Did you … yesterday?" with the
  // number first at the left and the question mark at the right end, not flipped to the start.
  const english = await textEnds(page, '[data-question-id="q-en"] .tb-q-head');
  expect(english.direction).toBe('ltr');
  expect(english.number).toBeLessThan(english.firstLetter);
  expect(english.questionMark).toBeGreaterThan(english.firstLetter);
  await expect(page.locator('[data-question-id="q-en"] .tb-q-head')).toContainText(
    '2.Did you take your tablets (2 × 5 mg) yesterday?',
  );
  const help = page.locator('[data-question-id="q-en"] .tb-q-help');
  expect(await help.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

  // Spec 000 §9: the study's DD-MM-YYYY, typed left to right, sent as ISO.
  const date = page.locator('[data-question-id="q-date"] input');
  await expect(date).toHaveAttribute('placeholder', 'DD-MM-YYYY');
  await date.fill('3.2.2026');
  await expect(date).toHaveValue('03-02-2026');
  expect(await date.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await page.screenshot({ path: `${SHOTS}/rtl-english-question-ar-390.png`, fullPage: true });
  await expectFitsAt(page, [320, 390], 'Arabic fill page with an English question');
  await date.fill('31-02-2026');
  await expect(page.locator('[data-question-id="q-date"] [data-error]')).toBeVisible();
  await date.fill('01-03-2026');
  const sent = page.waitForRequest(
    (r) =>
      r.method() === 'POST' && /\/questionnaire$/.test(r.url()) && /"isFinal":true/.test(r.postData() ?? ''),
  );
  await page
    .getByRole('button', { name: participantText('ar', 'public-questionnaire:QUESTIONNAIRE.SUBMIT') })
    .click();
  expect((await sent).postData()).toContain('2026-03-01');
  await expect(
    page.getByRole('heading', {
      name: participantText('ar', 'public-questionnaire:QUESTIONNAIRE.COMPLETED_TITLE'),
    }),
  ).toBeVisible();
});

const SINGLE: FormSpec = {
  title: { en: 'Two questions' },
  extra: { singleQuestionFillout: true },
  questions: [
    { id: 'q-1', order: 1, type: 'NUMBER', required: true, question: { en: 'First question?' } },
    { id: 'q-2', order: 2, type: 'NUMBER', required: true, question: { en: 'Second question?' } },
  ],
};

test('single-question mode: Submit and the missing-answers warning only on the last question', async ({
  page,
}) => {
  await openLink(page, await participantStudy(api, { forms: [SINGLE] }));
  const view = page.locator('[data-single-question]');
  await expect(view.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.locator('[data-action="submit"]')).toHaveCount(0);
  await expect(page.locator('[data-missing-answers]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'First question?' }).fill('1');
  await view.getByRole('button', { name: 'Next' }).click();
  await expect(view.getByText('Question 2 of 2')).toBeVisible();
  // The last question: the warning (question 2 is unanswered) and a disabled Submit.
  await expect(page.locator('[data-missing-answers]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await view.getByRole('button', { name: 'Previous' }).click();
  await expect(view.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.locator('[data-action="submit"]')).toHaveCount(0);
  await view.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Second question?' }).fill('2');
  await expect(page.locator('[data-missing-answers]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('EQ-5D pages number their questions 1 to 6 as one form', async ({ page }) => {
  const study = await api.call('POST', '/api/study', {
    studyName: `EQ-5D numbering ${Date.now()}`,
    description: 'How participants rate their health.',
    primaryLanguage: 'en',
    languages: ['en'],
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'manual',
    extendedValidation: false,
    verificationType: 'NONE',
    secondaryVerificationType: 'NONE',
  });
  const site = await api.call('POST', `/api/studies/${study.id}/sites`, { name: 'Aarhus clinic' });
  const form = await api.call('POST', `/api/study/${study.id}/forms/addEQ5DTemplateToStudy`);
  await api.call('POST', `/api/studies/${study.id}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  const process = await api.call('POST', `/api/studies/${study.id}/pathway`, {
    pathwayName: 'Health today',
    dataEvents: [
      {
        name: { en: 'Week 1' },
        type: 'TYPE_PATIENT',
        forms: [form.id],
        referenceDate: 'REGISTRATION',
        sendAs: 'SEND_AS_EMAIL',
        forceFormOrder: true,
      },
    ],
  });
  await api.call('POST', `/api/study/${study.id}/start`);
  await openLink(page, {
    studyId: study.id,
    siteId: site.id,
    processId: process.id,
    dataEventId: process.dataEvents[0].id,
    formIds: [form.id],
  });
  const pager = page.locator('[data-eq5d-page]');
  const numbers: string[] = [];
  // A phone: the introduction, five dimensions, the scale's introduction, the scale.
  for (let index = 0; index < 8; index += 1) {
    await expect(pager).toHaveAttribute('data-eq5d-page', String(index));
    const number = pager.locator('.tb-q-number');
    if ((await number.count()) > 0) numbers.push((await number.textContent()) ?? '');
    if (index < 7) await pager.getByRole('button', { name: 'Next' }).click();
  }
  expect(numbers).toEqual(['1.', '2.', '3.', '4.', '5.', '6.']);
});

function scoreForm(showScoreToParticipant: boolean): FormSpec {
  const choice = (id: string, order: number) => ({
    id,
    order,
    type: 'MULTIPLE_CHOICE',
    required: true,
    question: { en: `Item ${order}` },
    possibilities: [
      { id: `${id}-a`, order: 1, possibility: { en: 'Not at all' }, scoreValue: 0 },
      { id: `${id}-b`, order: 2, possibility: { en: 'Nearly every day' }, scoreValue: 3 },
    ],
  });
  return {
    title: { en: 'Mood score' },
    extra: { score: true, showScoreToParticipant },
    questions: [
      choice('q-1', 1),
      choice('q-2', 2),
      {
        id: 'q-total',
        order: 3,
        type: 'CALCULATED',
        question: { en: 'Total score' },
        calculationFormula: 'Q1+Q2',
      },
    ],
  };
}

for (const isShown of [false, true]) {
  test(`a score form ${isShown ? 'set to show' : 'by default does not show'} the score to the participant`, async ({
    page,
  }) => {
    await openLink(page, await participantStudy(api, { forms: [scoreForm(isShown)] }));
    for (const item of ['Item 1', 'Item 2']) {
      await page
        .getByRole('radiogroup', { name: item })
        .getByRole('radio', { name: 'Nearly every day' })
        .check();
    }
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expect(page.getByText('Score: 6')).toHaveCount(isShown ? 1 : 0);
    await expect(page.getByText('Total score')).toHaveCount(isShown ? 1 : 0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  });
}

test("a study's other date format: date and date-time questions show and take MM/DD/YYYY", async ({
  page,
}) => {
  const study = await participantStudy(api, {
    settings: { dateFormat: 'MM/DD/YYYY', dateTimeFormat: 'MM/DD/YYYY HH:mm' },
    forms: [
      {
        title: { en: 'Visit' },
        questions: [
          { id: 'q-day', order: 1, type: 'DATE', required: true, question: { en: 'Visit day' } },
          { id: 'q-at', order: 2, type: 'DATE_TIME', required: true, question: { en: 'Dose taken at' } },
        ],
      },
    ],
  });
  await openLink(page, study);
  const day = page.getByRole('textbox', { name: 'Visit day' });
  const at = page.getByRole('textbox', { name: 'Dose taken at' });
  await expect(day).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  await expect(at).toHaveAttribute('placeholder', 'MM/DD/YYYY HH:mm');
  await day.fill('2/3/2026');
  await expect(day).toHaveValue('02/03/2026');
  await at.fill('12/31/2025 7:05');
  await expect(at).toHaveValue('12/31/2025 07:05');
  const sent = page.waitForRequest(
    (r) =>
      r.method() === 'POST' && /\/questionnaire$/.test(r.url()) && /"isFinal":true/.test(r.postData() ?? ''),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toContain('2026-02-03');
  expect(body).toContain('2025-12-31T07:05');
});

test('a form without the participant’s language says which language it is shown in', async ({ page }) => {
  const study = await participantStudy(api, {
    languages: ['da', 'en'],
    forms: [
      {
        title: { en: 'Sleep diary' },
        questions: [{ id: 'q-1', order: 1, type: 'NUMBER', question: { en: 'Hours slept?' } }],
      },
    ],
  });
  await openLink(page, study, 'da');
  const notice = page.locator('[data-form-language]');
  await expect(notice).toHaveAttribute('data-form-language', 'en');
  await expect(notice).toHaveText(
    participantText('da', 'public-questionnaire:QUESTIONNAIRE.FORM_LANGUAGE_FALLBACK', {
      language: '\u2068English\u2069',
    }),
  );
  await expect(page.getByText('Hours slept?')).toBeVisible();
});
