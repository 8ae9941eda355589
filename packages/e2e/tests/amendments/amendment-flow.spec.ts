import { type Browser, expect, type Page, test } from '@playwright/test';
import { enrolParticipant, type ParticipantStudy, type StaffApi, staffApi } from '../../support/participant';
import { logIn } from '../../support/session';

// Issue 23: a study in production takes a non-blocking amendment through the overview. A participant
// filled Week 1 before it; the amendment adds a question to the form and a new event, the author
// chooses that existing enrolments take the new version for events not yet started, looks at the
// impact preview and the build check, and finishes. The participant then fills Week 2 with the new
// question. With E2E_AMENDMENT_UI_SHOTS=<folder> the overview with the open amendment is photographed
// at desktop and 390 px, English and Arabic (right to left).

const SHOTS = process.env.E2E_AMENDMENT_UI_SHOTS;
const FORM_TITLE = 'How are you?';
const MOOD = 'Mood from 0 to 10';
const SLEEP = 'Hours of sleep last night';

async function shoot(page: Page, browser: Browser, url: string) {
  if (!SHOTS) return;
  const storageState = await page.context().storageState();
  for (const [lang, width] of [
    ['en', 1280],
    ['en', 390],
    ['ar', 1280],
    ['he-il', 390],
  ] as const) {
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      storageState,
      viewport: { width, height: width === 390 ? 844 : 900 },
      deviceScaleFactor: width === 390 ? 2 : 1,
    });
    const shot = await context.newPage();
    await shot.goto(`${url}?lang=${lang}`);
    await expect(shot.getByTestId('amendment-kind')).toBeVisible();
    const amendment = shot.getByTestId('amendment-card');
    await amendment.scrollIntoViewIfNeeded();
    await shot.screenshot({ path: `${SHOTS}/amendment-overview-${lang}-${width}.png` });
    await amendment.screenshot({ path: `${SHOTS}/amendment-card-${lang}-${width}.png` });
    await context.close();
  }
}

/** A production study: one participant form on two participant events (Week 1, Week 2), both opened at registration. */
async function twoWeekStudy(api: StaffApi): Promise<ParticipantStudy & { weeks: string[] }> {
  const study = await api.call('POST', '/api/study', {
    studyName: `Amendment flow ${Date.now().toString(36)}`,
    description: 'A study amended while it runs.',
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
  const site = await api.call('POST', `/api/studies/${studyId}/sites`, { name: 'Odense clinic' });
  const form = await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: FORM_TITLE },
    type: 'TYPE_FORM',
    questions: [{ id: 'q-mood', order: 1, type: 'NUMBER', required: true, question: { en: MOOD } }],
  });
  await api.call('POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  const week = (n: number) => ({
    name: { en: `Week ${n}` },
    type: 'TYPE_PATIENT',
    forms: [form.id],
    referenceDate: 'REGISTRATION',
    sendAs: 'SEND_AS_EMAIL',
  });
  const process = await api.call('POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Home questionnaires',
    dataEvents: [week(1), week(2)],
  });
  await api.call('POST', `/api/study/${studyId}/start`);
  return {
    studyId,
    siteId: site.id as string,
    processId: process.id as string,
    dataEventId: process.dataEvents[0].id as string,
    formIds: [form.id as string],
    weeks: (process.dataEvents as { id: string }[]).map((e) => e.id),
  };
}

/** Opens the participant's link of one event in its own browser context and returns the page on the fill screen. */
async function openEvent(
  browser: Browser,
  api: StaffApi,
  study: ParticipantStudy,
  enrollmentId: string,
  eventId: string,
) {
  const tokens = await api.call('GET', `/api/studies/${study.studyId}/enrollments/${enrollmentId}/tokens`);
  const token = ((tokens.items ?? tokens) as { token: string; dataEventId: string }[]).find(
    (t) => t.dataEventId === eventId,
  );
  expect(token, `token of ${eventId}`).toBeTruthy();
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const validated = await page.request.post(`/api/public/studies/${study.studyId}/token/validateToken`, {
    data: { token: token?.token },
  });
  expect(validated.ok(), await validated.text()).toBe(true);
  await page.goto(`/questionnaire/fill?studyId=${study.studyId}&token=${token?.token}&lang=en`);
  // The event's list of questionnaires (no forced order): the one form is opened from it.
  await page.getByRole('button', { name: FORM_TITLE }).click();
  return { page, close: () => context.close() };
}

test('a non-blocking amendment from the overview reaches a participant already enrolled at the next event', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const api = await staffApi();
  const study = await twoWeekStudy(api);
  const person = await enrolParticipant(api, study);
  const [week1 = '', week2 = ''] = study.weeks;

  // Week 1 is filled before the amendment.
  const first = await openEvent(browser, api, study, person.enrollmentId, week1);
  await first.page.getByRole('textbox', { name: MOOD }).fill('6');
  await first.page.getByRole('button', { name: 'Submit' }).click();
  await expect(first.page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await first.close();

  // The author starts a non-blocking amendment from the overview, giving a reason.
  await logIn(page);
  const overview = `/study/${study.studyId}/overview`;
  await page.goto(overview);
  await page.getByRole('button', { name: 'Start amendment, keep collecting data' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Protocol v2: sleep question');
  await page.getByRole('button', { name: 'Confirm' }).click();
  const card = page.getByTestId('amendment-card');
  await expect(card.getByTestId('amendment-kind')).toHaveText('Non-blocking: data collection goes on');
  await expect(card.getByTestId('amendment-started-by')).not.toContainText('—');
  await expect(card.getByTestId('amendment-scheduled')).toContainText('Not scheduled');
  await expect(card).toContainText('Nothing has changed yet.');

  // The designer adds a question to the form in the form builder.
  await page.goto(`/study/${study.studyId}/questionnaireTemplate/${study.formIds[0]}/edit`);
  await page.getByTestId('add-question').click();
  await page.getByTestId('add-NUMBER').click();
  const text = page.getByTestId('question-editor').getByTestId('question-text');
  await text.press('ControlOrMeta+a');
  await text.pressSequentially(SLEEP);
  await expect(page.getByTestId('save-status')).toContainText('All changes saved', { timeout: 15_000 });
  // Events cannot be added to a process that has enrolments during an amendment (its locks): the new
  // event comes with a new process.
  await api.call('POST', `/api/studies/${study.studyId}/pathway`, {
    pathwayName: 'Follow-up',
    dataEvents: [{ name: { en: 'Month 3' }, type: 'TYPE_USER', forms: [study.formIds[0]], offsetDays: 90 }],
  });

  // The summary shows what changed; the author lets existing enrolments take the new version.
  await page.goto(overview);
  const form = card.getByTestId('amendment-form').filter({ hasText: FORM_TITLE });
  await expect(form).toContainText('Changed from version 1.0');
  await expect(card.getByTestId('amendment-processes')).toContainText('Follow-up');
  await form.getByRole('combobox', { name: `Version for existing enrolments: ${FORM_TITLE}` }).click();
  await page.getByRole('option', { name: 'New version for events not yet started' }).click();
  await card.getByRole('button', { name: 'Save version choices' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Sleep is asked from the next week on');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Version choices saved')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save version choices' })).toHaveCount(0);
  await shoot(page, browser, overview);

  // The impact preview and the build check, then back to finish.
  await card.getByTestId('amendment-impact-link').click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/amendment/impact`));
  await expect(page.getByTestId('impact-started')).toContainText('data collection goes on');
  await page.goBack();
  await card.getByRole('link', { name: 'Open the build check' }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/buildCheck`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await card.getByRole('button', { name: 'Finish amendment' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Approved by the ethics committee');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Amendment updated')).toBeVisible();
  await expect(card.getByTestId('amendment-kind')).toHaveCount(0);

  // The participant already enrolled fills Week 2 with the new question.
  const second = await openEvent(browser, api, study, person.enrollmentId, week2);
  await second.page.getByRole('textbox', { name: MOOD }).fill('7');
  await second.page.getByRole('textbox', { name: SLEEP }).fill('8');
  await second.page.getByRole('button', { name: 'Submit' }).click();
  await expect(second.page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await second.close();
  await api.dispose();
});
