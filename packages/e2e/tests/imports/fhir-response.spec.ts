import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { staffApi } from '../../support/participant';
import { logIn } from '../../support/session';
import {
  enrolledSubject,
  fillBaseline,
  reviewPath,
  SYSTOLIC,
  twoSiteStudy,
} from '../../support/two-site-study';

// Issue 27 item 2: a filled form is downloaded as a FHIR R4 QuestionnaireResponse from its review
// page (the FHIR button beside Change log); the file names the form's Questionnaire and holds the
// answers. The header is photographed on a desktop, at 390 wide and in Arabic.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/imports';

/** The two-site study's baseline visit filled through the API (systolic 120, not a smoker). */
async function filledForm() {
  const api = await staffApi();
  try {
    const study = await twoSiteStudy(api);
    const subject = await enrolledSubject(api, study, study.site1);
    const questionnaireId = await fillBaseline(api, study, subject, '120');
    return {
      studyId: study.studyId,
      formId: study.formId,
      questionnaireId,
      reviewUrl: reviewPath(study, subject),
    };
  } finally {
    await api.dispose();
  }
}

test('a filled form downloads as a FHIR QuestionnaireResponse from its review page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const s = await filledForm();

  await page.goto(s.reviewUrl);
  const button = page.getByTestId('download-fhir-response');
  await expect(button).toBeVisible();
  await expect(page.getByRole('textbox', { name: SYSTOLIC })).toHaveValue('120');
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
      { linkId: 'q-systolic', answer: [{ valueInteger: 120 }] },
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
