import { type Browser, expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  enrolledSubject,
  fillBaseline,
  logInAs,
  reviewPath,
  type StaffUser,
  staffUser,
  twoSiteStudy,
} from '../../support/two-site-study';

// Issue 20 (spec 000 §2 AE create state isQuery): a monitor's query on a submitted AE reference
// question asks for the adverse event. The site doctor responds from the review screen: in the
// response's answer editor they report a new AE, sign it, and come back to the same query, still
// responding, with the new AE in the new answer; the signed response links it to the saved answer.
// The form behind the dialog is not changed by it (the link goes through the query's response).

const AE_QUESTION = 'Adverse events since the last visit';
const QUERY_TEXT = 'The discharge letter mentions a fall at home: please report it and link it here.';
const DESCRIPTION = 'Fall at home with a bruised hip, no fracture';

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

async function signedInPage(browser: Browser, user: StaffUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInAs(page, user);
  return page;
}

async function signWithPassword(page: Page, password: string) {
  const signature = page.getByRole('dialog', { name: 'Confirm with your password' });
  await expect(signature).toBeVisible();
  await signature.getByLabel('Password').fill(password);
  await signature.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(signature).toBeHidden();
}

test('a doctor answers a query on an AE reference question by reporting the AE from the response; the query opens again with the AE linked in the new answer', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const study = await twoSiteStudy(admin, {
    modules: ['ADVERSE_EVENTS'],
    extraQuestions: [
      { id: 'q-ae', order: 3, type: 'AE_REF', required: false, question: { en: AE_QUESTION } },
    ],
  });
  const doctor = await staffUser(admin, study, 'DOCTOR', [study.site1]);
  const subject = await enrolledSubject(admin, study, study.site1);
  const setId = await fillBaseline(admin, study, subject);
  const filledUrl = `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}/tokens/${subject.baseline.id}/questionnaires`;
  await admin.call('POST', `${filledUrl}/${setId}/queries`, { questionId: 'q-ae', text: QUERY_TEXT });

  // The doctor opens the query on the AE question and starts a response that changes the answer.
  const page = await signedInPage(browser, doctor);
  await page.goto(reviewPath(study, subject));
  const aeBlock = page.locator('[data-question-id="q-ae"]');
  await aeBlock.getByTestId('query-icon').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('query-question') });
  await expect(dialog.getByTestId('query-question')).toHaveText(AE_QUESTION);
  await dialog.getByTestId('query-action-RESPOND').click();
  await dialog.getByTestId('query-change-answer').check();
  const editor = dialog.getByTestId('query-answer-editor');
  await expect(editor.getByText('No adverse event linked yet.')).toBeVisible();
  await editor.getByTestId('ae-reference-create').click();

  // The create page knows it answers a query (isQuery) and reports the AE with the password.
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/ae/${subject.enrollmentId}/create$`));
  await expect(page.getByTestId('ae-from-question')).toHaveText(
    /^Reported for the response to a query on a form question/,
  );
  await page.getByTestId('ae-description').fill(DESCRIPTION);
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const todayText = `${pad(today.getDate())}-${pad(today.getMonth() + 1)}-${today.getFullYear()}`;
  await page.getByTestId('ae-start-date').fill(todayText);
  await page.getByTestId('ae-awareness-date').fill(todayText);
  await page.getByTestId('ae-report').click();
  await signWithPassword(page, doctor.password);

  // Back on the review screen: the same query is open, responding, the new AE in the new answer.
  await expect(page).toHaveURL(new RegExp(`${reviewPath(study, subject)}$`));
  await expect(dialog.getByTestId('query-question')).toHaveText(AE_QUESTION);
  await expect(dialog.getByTestId('query-change-answer')).toBeChecked();
  const linked = editor.getByTestId('ae-reference-linked');
  await expect(linked).toHaveCount(1);
  await expect(linked).toContainText(DESCRIPTION);
  // The AE exists, but the saved answer does not hold it until the response is sent.
  const aes = await admin.call('GET', `/api/studies/${study.studyId}/subjects/${subject.subjectId}/listAe`);
  expect(aes).toHaveLength(1);
  const aeId = aes[0].id as string;
  expect(JSON.stringify(await admin.call('GET', filledUrl))).not.toContain(aeId);

  await dialog
    .getByTestId('query-action-text')
    .fill('Reported as an adverse event and linked to the answer.');
  await dialog.getByTestId('query-action-send').click();
  await signWithPassword(page, doctor.password);
  await expect(dialog.getByTestId('query-card').getByTestId('query-status')).toHaveAttribute(
    'data-status',
    'RESPONDED',
  );
  await expect.poll(async () => JSON.stringify(await admin.call('GET', filledUrl))).toContain(aeId);

  // A reload does not open the dialog again (the return state was used once).
  await page.reload();
  await expect(aeBlock.getByTestId('query-icon')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
