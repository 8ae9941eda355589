import { expect, type Page, test } from '@playwright/test';
import { outboxTo, staffApi } from '../../support/participant';
import { csrf, logIn } from '../../support/session';

// Issue 12 items 5 and 6. From the subject's records staff start a data event by hand (spec 001 §7
// startDataEvent: the participant's link goes out at once, after a confirmation), send the link
// again (resend) and move a waiting event (reschedule), and see each effect straight away. The
// staff fill screen opens in the study's primary language when the form lacks the user's
// interface language, never in the subject's, and its selector offers only the form's languages.

async function call(page: Page, url: string, data: object = {}) {
  const res = await page.request.post(url, { headers: { 'x-csrf-token': await csrf(page) }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function publishedForm(page: Page, studyId: string, body: object) {
  const form = await call(page, `/api/studies/${studyId}/questionnairetemplate`, { id: '', ...body });
  await call(page, `/api/studies/${studyId}/forms/promoteFormVersion`, { formId: form.id, kind: 'major' });
  return form.id as string;
}

/** A Danish-first study (da, de, en) with a staff visit, a manual participant event and a later one. */
async function studyWithEvents(page: Page) {
  const study = await call(page, '/api/study', {
    studyName: `Records actions ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
    description: null,
    primaryLanguage: 'da',
    languages: ['da', 'de', 'en'],
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'manual',
    extendedValidation: false,
    verificationType: 'NONE',
    secondaryVerificationType: 'NONE',
  });
  const studyId = study.id as string;
  const site = await call(page, `/api/studies/${studyId}/sites`, { name: 'Kolding clinic' });
  // Written in Danish and German only: an English-speaking user gets the primary language.
  const staffForm = await publishedForm(page, studyId, {
    title: { da: 'Blodtryk', de: 'Blutdruck' },
    type: 'TYPE_HP',
    questions: [
      {
        id: 'q-sys',
        order: 1,
        type: 'NUMBER',
        required: true,
        question: { da: 'Systolisk tryk', de: 'Systolischer Druck' },
      },
    ],
  });
  const homeForm = await publishedForm(page, studyId, {
    title: { da: 'Trivsel', de: 'Befinden', en: 'Wellbeing' },
    type: 'TYPE_FORM',
    questions: [
      {
        id: 'q-mood',
        order: 1,
        type: 'NUMBER',
        required: true,
        question: { da: 'Humør', de: 'Stimmung', en: 'Mood' },
      },
    ],
  });
  const mail = { da: 'Udfyld venligst {link}', de: 'Bitte ausfüllen {link}', en: 'Please fill in {link}' };
  const process = await call(page, `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Clinic and home',
    dataEvents: [
      {
        name: { da: 'Klinikbesøg', de: 'Klinikbesuch', en: 'Clinic visit' },
        type: 'TYPE_USER',
        forms: [staffForm],
      },
      {
        name: { da: 'Hjemmeskema', de: 'Heimfragebogen', en: 'Home questionnaire' },
        type: 'TYPE_PATIENT',
        forms: [homeForm],
        referenceDate: 'MANUAL',
        sendAs: 'SEND_AS_EMAIL',
        emailText: mail,
      },
      {
        name: { da: 'Opfølgning', de: 'Nachsorge', en: 'Follow-up' },
        type: 'TYPE_PATIENT',
        forms: [homeForm],
        referenceDate: 'REGISTRATION',
        offsetDays: 30,
        sendAs: 'SEND_AS_EMAIL',
        emailText: mail,
      },
    ],
  });
  await call(page, `/api/study/${studyId}/start`);
  const email = `records-${Date.now()}@e2e.example`;
  // The subject reads German: nothing on the staff screens may follow that.
  const [subject] = await call(page, `/api/studies/${studyId}/sites/${site.id}/patients`, {
    patientId: `R-${Date.now().toString(36)}`,
    email,
    language: 'de',
  });
  await call(page, `/api/studies/${studyId}/enrollments`, {
    subjectId: subject.id,
    siteId: site.id,
    processId: process.id,
  });
  return { studyId, subjectId: subject.id as string, email };
}

test('staff start a participant event by hand, resend its link and reschedule a waiting event', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const s = await studyWithEvents(page);
  const api = await staffApi();
  try {
    await page.goto(`/study/${s.studyId}/patient/${s.subjectId}?selected=records`);
    const rows = page.getByTestId('token-row');
    const home = rows.filter({ hasText: 'Home questionnaire' });
    const followUp = rows.filter({ hasText: 'Follow-up' });
    await expect(home.getByTestId('token-status')).toHaveText('Not active yet');
    expect(await outboxTo(api, s.email)).toHaveLength(0);

    // Start now: it sends the participant a message, so it asks first.
    await home.getByRole('button', { name: 'Actions for Home questionnaire' }).click();
    await page.getByRole('menuitem', { name: 'Send now' }).click();
    const confirmStart = page.getByRole('dialog', { name: 'Send Home questionnaire now?' });
    await expect(confirmStart).toBeVisible();
    await confirmStart.getByTestId('confirm-start').click();
    await expect(page.getByText('Data event started: it is open now.')).toBeVisible();
    await expect(home.getByTestId('token-status')).toHaveText('Open');
    await expect.poll(async () => (await outboxTo(api, s.email)).length, { timeout: 20_000 }).toBe(1);

    // Resend: confirmed, then the link goes out again by email.
    await home.getByRole('button', { name: 'Actions for Home questionnaire' }).click();
    await expect(page.getByRole('menuitem', { name: 'Send now' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Send link again' }).click();
    const confirmResend = page.getByRole('dialog', { name: 'Send the link of Home questionnaire again?' });
    await confirmResend.getByTestId('confirm-resend').click();
    await expect(page.getByText('Link sent again (Email).')).toBeVisible();
    await expect.poll(async () => (await outboxTo(api, s.email)).length, { timeout: 20_000 }).toBe(2);

    // Reschedule the waiting follow-up with the date picker; the new time shows in its row.
    await followUp.getByRole('button', { name: 'Actions for Follow-up' }).click();
    await page.getByRole('menuitem', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Follow-up' });
    await dialog.getByLabel('New activation time').fill('2031-03-14T09:30');
    await dialog.getByTestId('reschedule-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Data event rescheduled to 14-03-2031 09:30/)).toBeVisible();
    await expect(followUp).toContainText('14-03-2031 09:30');
    await expect(followUp.getByTestId('token-status')).toHaveText('Not active yet');

    // The record history tells what happened, in words.
    await page.getByRole('tab', { name: 'Record history' }).click();
    await expect(page.getByTestId('history-action').filter({ hasText: 'Data event started' })).toHaveCount(1);
    await expect(
      page.getByTestId('history-action').filter({ hasText: 'Data event rescheduled' }),
    ).toHaveCount(1);
  } finally {
    await api.dispose();
  }
});

test("the staff fill screen opens in the study's primary language and offers only the form's languages", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const s = await studyWithEvents(page);
  await page.goto(`/study/${s.studyId}/patient/${s.subjectId}?selected=records`);
  await page.getByTestId('token-row').filter({ hasText: 'Clinic visit' }).getByTestId('token-fill').click();
  // Danish (primary), not German (the subject's language), nor English (absent from the form).
  // The required marker is announced as a word with its space, and on the input itself.
  const systolic = page.getByRole('textbox', { name: 'Systolisk tryk (required)', exact: true });
  await expect(systolic).toBeVisible();
  await expect(systolic).toHaveAttribute('aria-required', 'true');
  const selector = page.getByTestId('form-language');
  await expect(selector).toHaveValue('Dansk');
  await selector.click();
  await expect(page.getByRole('option')).toHaveText(['Dansk', 'Deutsch']);
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await expect(page.getByRole('textbox', { name: 'Systolischer Druck' })).toBeVisible();
});
