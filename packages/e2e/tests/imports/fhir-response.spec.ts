import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 27 item 2: a filled form is downloaded as a FHIR R4 QuestionnaireResponse from its review
// page (the FHIR button beside Change log); the file names the form's Questionnaire and holds the
// answers. The header is photographed on a desktop, at 390 wide and in Arabic.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/imports';

async function api(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, {
    method,
    headers: { 'x-csrf-token': token },
    ...(data ? { data } : {}),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Production study, site, published form, staff visit, subject, enrolment and the form filled through the API. */
async function filledForm(page: Page) {
  const studyId = await createStudy(page, 'FHIR response', ['en', 'ar']);
  const token = await csrf(page);
  const { request } = page;
  const site = await api(request, token, 'POST', `/api/studies/${studyId}/sites`, { name: 'Aarhus clinic' });
  const form = await api(request, token, 'POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: 'Vital signs', ar: 'العلامات الحيوية' },
    type: 'TYPE_HP',
    questions: [
      {
        id: 'q-weight',
        order: 1,
        type: 'NUMBER',
        question: { en: 'Weight (kg)', ar: 'الوزن (كغ)' },
      },
      {
        id: 'q-smoker',
        order: 2,
        type: 'YES_NO',
        question: { en: 'Does the subject smoke?', ar: 'هل يدخن المشارك؟' },
        possibilities: [
          { id: 'p-yes', order: 1, possibility: { en: 'Yes', ar: 'نعم' } },
          { id: 'p-no', order: 2, possibility: { en: 'No', ar: 'لا' } },
        ],
      },
    ],
  });
  await api(request, token, 'POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  const process = await api(request, token, 'POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Clinic visits',
    dataEvents: [{ name: { en: 'Screening visit', ar: 'زيارة الفحص' }, type: 'TYPE_USER', forms: [form.id] }],
  });
  await api(request, token, 'POST', `/api/study/${studyId}/start`);
  const [subject] = await api(request, token, 'POST', `/api/studies/${studyId}/sites/${site.id}/patients`, {
    patientId: `FHIR-${Date.now().toString(36).slice(-5).toUpperCase()}`,
    email: `fhir-${Date.now()}@example.org`,
    language: 'en',
  });
  const [enrollment] = await api(request, token, 'POST', `/api/studies/${studyId}/enrollments`, {
    subjectId: subject.id,
    siteId: site.id,
    processId: process.id,
  });
  const first = enrollment.tokens[0];
  const saved = await api(
    request,
    token,
    'POST',
    `/api/studies/${studyId}/enrollments/${enrollment.id}/tokens/${first.id}/questionnaires`,
    {
      formId: form.id,
      isFinal: true,
      answers: [
        { question: 'q-weight', answerStrings: ['72'] },
        { question: 'q-smoker', possibilities: ['p-no'] },
      ],
    },
  );
  return {
    studyId,
    formId: form.id as string,
    questionnaireId: saved.answerSet.id as string,
    reviewUrl: `/study/${studyId}/patient/review/${enrollment.id}/${first.dataEventId}/${first.id}`,
  };
}

test('a filled form downloads as a FHIR QuestionnaireResponse from its review page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const s = await filledForm(page);

  await page.goto(s.reviewUrl);
  const button = page.getByTestId('download-fhir-response');
  await expect(button).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('72');
  await page.screenshot({ path: `${SHOTS}/fhir-response-desktop-en.png`, animations: 'disabled' });

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`questionnaire-response-${s.questionnaireId}.json`);
  const response = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
  expect(response).toMatchObject({
    resourceType: 'QuestionnaireResponse',
    id: s.questionnaireId,
    questionnaire: `urn:trialbase:study:${s.studyId}:questionnaire:${s.formId}|1.0`,
    status: 'completed',
    item: [
      { linkId: 'q-weight', answer: [{ valueInteger: 72 }] },
      { linkId: 'q-smoker', answer: [{ valueCoding: { code: '2', display: 'No' } }] },
    ],
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(button).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fhir-response-390-en.png`, animations: 'disabled' });

  // Arabic, right to left: the button and its tooltip in the user's language.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${s.reviewUrl}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('download-fhir-response').hover();
  await expect(page.getByRole('tooltip')).toContainText('FHIR R4 QuestionnaireResponse');
  await page.screenshot({ path: `${SHOTS}/fhir-response-desktop-ar.png`, animations: 'disabled' });
});
