import { expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yIssues } from '../../support/accessibility';
import {
  enrolParticipant,
  type FormSpec,
  linkFromOutbox,
  type ParticipantStudy,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';

// Issue 8 (spec 002 §2 questionnaire fill, §5 uploads, §8 upload errors, §9 device classes): the fill
// page's other modes in Chromium — the info page first, single-question mode, EQ-5D paging on a phone
// and a desktop, the licence dialog, the rotate hint and file uploads. Screens go to /tmp/shots-modes.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-modes';
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

type Opened = {
  studyId: string;
  token: string;
  enrollmentId: string;
  tokenId: string;
  eq5dLicences: string[];
};

/** Enrols one participant of `study`, opens their link's session in the page and the fill page. */
async function openFill(page: Page, study: ParticipantStudy, lang = 'en'): Promise<Opened> {
  const participant = await enrolParticipant(api, study, { language: lang });
  const path = await linkFromOutbox(api, participant.email);
  const [, , studyId, token] = path.split('/') as [string, string, string, string];
  const validated = await page.request.post(`/api/public/studies/${studyId}/token/validateToken`, {
    data: { token },
  });
  expect(validated.ok(), await validated.text()).toBe(true);
  const info = await validated.json();
  await page.goto(`/questionnaire/fill?studyId=${studyId}&token=${token}&lang=${lang}`);
  return {
    studyId,
    token,
    enrollmentId: participant.enrollmentId,
    tokenId: info.token.id,
    eq5dLicences: info.eq5dLicences,
  };
}

/**
 * Local helper (support/participant.ts builds plain forms only): a production study whose
 * participant event holds the EQ-5D-5L form from the library, optionally with its licensed device
 * classes narrowed before it is published.
 */
async function eq5dStudy(deviceClasses?: unknown[]): Promise<ParticipantStudy> {
  const study = await api.call('POST', '/api/study', {
    studyName: `EQ-5D study ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
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
  const studyId = study.id as string;
  const site = await api.call('POST', `/api/studies/${studyId}/sites`, { name: 'Aarhus clinic' });
  const form = await api.call('POST', `/api/study/${studyId}/forms/addEQ5DTemplateToStudy`);
  if (deviceClasses) {
    await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, { ...form, deviceClasses });
  }
  await api.call('POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  const process = await api.call('POST', `/api/studies/${studyId}/pathway`, {
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
  await api.call('POST', `/api/study/${studyId}/start`);
  return {
    studyId,
    siteId: site.id as string,
    processId: process.id as string,
    dataEventId: (process.dataEvents?.[0]?.id ?? '') as string,
    formIds: [form.id as string],
  };
}

const INFO_FORM: FormSpec = {
  title: { en: 'Sleep diary' },
  extra: {
    showInfoText: true,
    infoText: { en: '<p>This diary asks about last night. It takes two minutes.</p>' },
  },
  questions: [
    { id: 'q-hours', order: 1, type: 'NUMBER', required: true, question: { en: 'Hours slept' } },
    {
      id: 'q-rest',
      order: 2,
      type: 'SLIDER',
      numericRatingScale: true,
      minValue: 0,
      maxValue: 10,
      question: { en: 'How rested do you feel?' },
    },
  ],
};

test('(a) the info page comes first, then the questions; a rating scale asks to rotate the phone', async ({
  page,
}) => {
  await openFill(page, await participantStudy(api, { forms: [INFO_FORM] }));
  const info = page.locator('[data-info-page]');
  await expect(info.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(info.getByText('This diary asks about last night.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Hours slept' })).toHaveCount(0);
  const rotate = page.getByText('Turn your phone sideways to see the whole scale.');
  await expect(rotate).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/info-mobile-en.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page, 'info page');

  await info.getByRole('button', { name: 'Start' }).click();
  await expect(page.locator('[data-info-page]')).toHaveCount(0);
  // A numeric rating scale on a portrait phone: the rotate hint comes with the form.
  await expect(rotate).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/rotate-mobile-en.png`, fullPage: true });
  await page.getByRole('textbox', { name: 'Hours slept' }).fill('7');
  // The info text had its page: the form does not repeat it.
  await expect(page.getByText('This diary asks about last night.')).toHaveCount(0);
  // In landscape the rotate hint goes away.
  await page.setViewportSize({ width: 844, height: 390 });
  await expect(rotate).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

const SINGLE_FORM: FormSpec = {
  title: { en: 'Daily symptoms' },
  extra: { singleQuestionFillout: true },
  questions: [
    {
      id: 'q-pain',
      order: 1,
      type: 'YES_NO',
      required: true,
      question: { en: 'Are you in pain today?' },
      possibilities: [
        { id: 'p-yes', order: 1, possibility: { en: 'Yes' } },
        { id: 'p-no', order: 2, possibility: { en: 'No' } },
      ],
    },
    {
      id: 'q-where',
      order: 2,
      type: 'TEXT_SENTENCE',
      question: { en: 'Where does it hurt?' },
      showRules: [{ question: 'q-pain', possibilities: ['p-yes'] }],
    },
    {
      id: 'q-staff',
      order: 3,
      type: 'TEXT_SENTENCE',
      hideFromSubjects: true,
      question: { en: 'Nurse note' },
    },
    { id: 'q-sleep', order: 4, type: 'NUMBER', required: true, question: { en: 'Hours slept last night' } },
  ],
};

test('(b) single-question mode: one question per screen, hidden ones skipped, back, spinner, submit', async ({
  page,
}) => {
  await openFill(page, await participantStudy(api, { forms: [SINGLE_FORM] }));
  const view = page.locator('[data-single-question]');
  await expect(view.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Are you in pain today?' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Hours slept last night' })).toHaveCount(0);
  await expect(page.getByText('Nurse note')).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: 'Are you in pain today?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await expectNoSeriousA11yIssues(page, 'single-question step');
  await page.screenshot({ path: `${SHOTS}/single-mobile-en.png`, fullPage: true });

  await view.getByRole('button', { name: 'Next' }).click();
  // Spec 002 §9: a short spinner between steps.
  await expect(view.locator('.mantine-Loader-root')).toBeVisible();
  // The show rule hides 'Where does it hurt?' and the nurse note is hidden from subjects.
  await expect(view.getByText('Question 2 of 2')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Hours slept last night' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Where does it hurt?' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Nurse note' })).toHaveCount(0);
  await expect(view.getByText('That was the last question.')).toBeVisible();

  await view.getByRole('button', { name: 'Previous' }).click();
  await expect(view.getByText('Question 1 of 2')).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Are you in pain today?' }).getByRole('radio', { name: 'No' }),
  ).toBeChecked();
  // Yes brings the show-rule question into the walk.
  await page
    .getByRole('radiogroup', { name: 'Are you in pain today?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await expect(view.getByText('Question 1 of 3')).toBeVisible();
  await view.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('textbox', { name: 'Where does it hurt?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Where does it hurt?' }).fill('Knee');
  await view.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Hours slept last night' }).fill('6');
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

/** Answers the EQ-5D page on screen: a dimension's level, or the scale with the keyboard. */
async function answerEq5dPage(page: Page, level: number) {
  const group = page.locator('[data-eq5d-page]').getByRole('radiogroup');
  if ((await group.count()) > 0) {
    await group.getByRole('radio', { name: new RegExp(`^Level ${level}`) }).check();
    return;
  }
  const slider = page.locator('[data-eq5d-page]').getByRole('slider');
  await slider.focus();
  for (let i = 0; i < 7; i += 1) await slider.press('ArrowRight');
}

test('(c) EQ-5D on a phone pages through the intro, five dimensions, the scale intro and the scale', async ({
  page,
}) => {
  await openFill(page, await eq5dStudy());
  const pager = page.locator('[data-eq5d-page]');
  const next = pager.getByRole('button', { name: 'Next' });
  await expect(pager).toHaveAttribute('data-eq5d-page', '0');
  await expect(
    page.getByText('On the next pages, choose the statement that best describes your health today.'),
  ).toBeVisible();
  await expect(pager.getByText('Page 1 of 8')).toBeVisible();
  // The missing-answers warning waits for the last page.
  await expect(page.getByText(/Some answers are missing/)).toHaveCount(0);
  await next.click();
  for (let page_ = 1; page_ <= 5; page_ += 1) {
    await expect(pager).toHaveAttribute('data-eq5d-page', String(page_));
    await answerEq5dPage(page, page_);
    if (page_ === 1) {
      await page.screenshot({ path: `${SHOTS}/eq5d-mobile-en.png`, fullPage: true });
      await expectNoSeriousA11yIssues(page, 'EQ-5D page');
    }
    await next.click();
  }
  await expect(pager).toHaveAttribute('data-eq5d-page', '6');
  await expect(page.getByText(/Now rate your health today/)).toBeVisible();
  await next.click();
  await expect(pager).toHaveAttribute('data-eq5d-page', '7');
  await answerEq5dPage(page, 0);
  await expect(page.getByText('Value: 7')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/eq5d-vas-mobile-en.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('(c) EQ-5D on a desktop skips the pages at index 0 and 6', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFill(page, await eq5dStudy());
  const pager = page.locator('[data-eq5d-page]');
  await expect(pager.getByText('1 of 6')).toBeVisible();
  await expect(page.getByText(/On the next pages, choose/)).toHaveCount(0);
  // The third dimension is left out: 'Check answers' goes back to its page.
  for (let step = 1; step <= 5; step += 1) {
    if (step !== 3) await answerEq5dPage(page, 2);
    await pager.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByText(/Now rate your health today/)).toHaveCount(0);
  await expect(pager.getByRole('slider')).toBeVisible();
  await answerEq5dPage(page, 0);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByRole('button', { name: 'Check answers' }).click();
  await expect(pager).toHaveAttribute('data-eq5d-page', '2');
  await expect(pager.getByText(/Usual activities/)).toBeVisible();
  await expect(pager.getByText('An answer is required.')).toBeVisible();
  await answerEq5dPage(page, 1);
  await expect(submit).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/eq5d-vas-desktop-en.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('(d) an EQ-5D form licensed for computers only shows the licence dialog on a phone', async ({
  page,
}) => {
  const opened = await openFill(
    page,
    await eq5dStudy([{ deviceClass: 'DESKTOP', minWidth: 1024, maxWidth: null }]),
  );
  // The token info names the event's EQ-5D licences too (spec 002 §3).
  expect(opened.eq5dLicences).toEqual(['DESKTOP']);
  const dialog = page.getByRole('dialog', { name: 'This questionnaire cannot be filled in on this device' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('does not cover a phone');
  await expect(dialog).toContainText('on a computer');
  await page.screenshot({ path: `${SHOTS}/licence-mobile-en.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  // The form is not offered on this device: the explanation stays, nothing can be sent.
  await expect(page.locator('[data-licence-blocked]')).toContainText('does not cover a phone');
  await expect(page.locator('[data-eq5d-page]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page, 'licence notice');
  // On a computer the same link opens the form.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('[data-eq5d-page]')).toBeVisible();
  await expect(page.locator('[data-licence-blocked]')).toHaveCount(0);
});

const FILE_FORM: FormSpec = {
  title: { en: 'Your documents' },
  questions: [
    {
      id: 'q-letter',
      order: 1,
      type: 'FILE',
      required: true,
      question: { en: 'Upload your referral letter' },
    },
  ],
};

test('(e) file upload: dots and size refused, a good file uploads with progress and survives a reload', async ({
  page,
}) => {
  await openFill(page, await participantStudy(api, { forms: [FILE_FORM] }));
  const question = page.locator('[data-question-id="q-letter"]');
  const input = question.locator('input[type="file"]');
  // The button is labelled by its question; its text says what it does.
  await expect(question.getByRole('button', { name: /Upload your referral letter/ })).toContainText(
    'Choose a file',
  );
  await expectNoSeriousA11yIssues(page, 'upload question');

  await input.setInputFiles({
    name: 'referral.v2.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(question.getByRole('alert')).toHaveText(
    'The file name may contain a dot only before its extension.',
  );
  await input.setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(1_024_001, 1),
  });
  await expect(question.getByRole('alert')).toContainText('The file is larger than');

  // The upload is held back until its progress has been seen, then let through.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/answerFiles', async (route) => {
    await released;
    await route.continue();
  });
  // A real PDF header: the server checks the content, not the name.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 32), Buffer.from('\n%%EOF\n')]);
  await input.setInputFiles({ name: 'referral.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(question.getByText('Uploading referral.pdf…')).toBeVisible();
  release();
  await expect(question.getByText('referral.pdf is uploaded.')).toBeVisible();
  await expect(page.getByText('The file has been uploaded.')).toBeVisible();
  await expect(question.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/upload-mobile-en.png`, fullPage: true });
  // The shared toast's close button has no name yet (reported to the lead): axe once it has gone.
  await expect(page.getByText('The file has been uploaded.')).toHaveCount(0, { timeout: 8_000 });
  await expectNoSeriousA11yIssues(page, 'upload question with a file');

  await expect(page.getByText('Your answers are saved.')).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(question.getByText('referral.pdf is uploaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('(e) image upload: images only, then a photo uploads', async ({ page }) => {
  await openFill(
    page,
    await participantStudy(api, {
      forms: [
        {
          title: { en: 'Your skin' },
          questions: [{ id: 'q-photo', order: 1, type: 'IMAGE', question: { en: 'A photo of the rash' } }],
        },
      ],
    }),
  );
  const question = page.locator('[data-question-id="q-photo"]');
  const input = question.locator('input[type="file"]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('itchy') });
  await expect(question.getByRole('alert')).toHaveText('Only images can be uploaded here.');
  await input.setInputFiles({ name: 'rash.png', mimeType: 'image/png', buffer: PNG });
  await expect(question.getByText('rash.png is uploaded.')).toBeVisible();
  await expect(page.getByText('The image has been uploaded.')).toBeVisible();
  await expect(question.getByRole('alert')).toHaveCount(0);
});

const wideQuestion = (id: string, order: number) => ({
  id,
  order,
  type: 'YES_NO',
  isHorizontal: true,
  question: { en: `Wide question ${order}` },
  possibilities: [
    { id: `${id}-yes`, order: 1, possibility: { en: 'Yes' } },
    { id: `${id}-no`, order: 2, possibility: { en: 'No' } },
  ],
});

test('forms laid out in width need 700 px, or 568 px in single-question mode', async ({ page }) => {
  const study = await participantStudy(api, {
    forms: [
      {
        title: { en: 'One at a time' },
        extra: { singleQuestionFillout: true },
        questions: [wideQuestion('q-w1', 1)],
      },
      { title: { en: 'All at once' }, questions: [wideQuestion('q-w2', 1)] },
    ],
  });
  await openFill(page, study);
  const hint = page.getByText('This questionnaire needs a wider screen.', { exact: false });
  await expect(page.getByRole('heading', { name: 'One at a time' })).toBeVisible();
  await expect(hint).toBeVisible();
  await page.setViewportSize({ width: 600, height: 844 });
  await expect(hint).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'All at once' })).toBeVisible();
  await expect(hint).toBeVisible();
  await page.setViewportSize({ width: 760, height: 844 });
  await expect(hint).toHaveCount(0);
});

test('Arabic: single-question mode runs right to left', async ({ page }) => {
  const study = await participantStudy(api, {
    languages: ['en', 'ar'],
    forms: [
      {
        ...SINGLE_FORM,
        title: { en: 'Daily symptoms', ar: 'الأعراض اليومية' },
        questions: (SINGLE_FORM.questions as Record<string, unknown>[]).map((q) => ({
          ...q,
          question: { ...(q.question as object), ar: 'سؤال' },
        })),
      },
    ],
  });
  await openFill(page, study, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-single-question]')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/single-mobile-ar.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/single-desktop-ar.png`, fullPage: true });
});
