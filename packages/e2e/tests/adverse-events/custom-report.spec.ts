import { type Browser, expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';
import {
  type EnrolledSubject,
  enrolledSubject,
  logInAs,
  type StaffUser,
  type StudySite,
  staffUser,
  type TwoSiteStudy,
  twoSiteStudy,
  userApi,
} from '../../support/two-site-study';

// Issue 20 item 3 must-show: a custom AE report filled and signed per site. A study designer sets up
// the study's AE form (type AE, the sponsor always signs, each question mandatory at its step and
// filled by its step's signer); at each of the two sites the site's doctor starts a report for a
// subject on that form, fills it and signs it as reported; the site's investigator classifies it and
// the sponsor (the study ADMIN) signs the sponsor classification; at site 1 the report is followed up
// and closed by the sponsor. Each tile shows its signer. Site-limited users see only their site's report.
// With E2E_AE2_SHOTS=<folder> the review page is also photographed at 390 px and on a desktop, in
// English and in Arabic (right to left), each checked not to be wider than the window.

const SHOTS = process.env.E2E_AE2_SHOTS;
const FORM_TITLE = 'Adverse event report';
const WHAT = 'What happened?';
const RELATION = 'Relationship to the study drug';
const SPONSOR_VIEW = 'Sponsor assessment';
const OUTCOME = 'Outcome';
const CONCLUSION = 'Sponsor conclusion';

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

const text = (id: string, order: number, en: string, when: string, who: string[]) => ({
  id,
  order,
  type: 'TEXT_SENTENCE',
  question: { en },
  mandatoryWhen: when,
  fillOutPermissions: who,
});

async function signedInPage(browser: Browser, user: { email: string; password: string }, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logInAs(page, user);
  return page;
}

/** The Extended-Validation dialog: the signature's meaning is shown before the password is typed. */
async function signWithPassword(page: Page, password: string, meaning: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Confirm with your password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('signature-meaning')).toHaveText(meaning);
  await dialog.getByRole('textbox', { name: 'Password' }).fill(password);
  await dialog.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(dialog).toBeHidden();
}

async function expectSigned(page: Page, step: string, signer: string) {
  const tile = page.getByTestId(`ae-report-step-${step}`);
  await expect(tile).toHaveAttribute('data-signed', 'true');
  await expect(tile.getByTestId('ae-report-signer')).toContainText(signer);
}

/** Opens the report of `patientId` from the ae2 list reached through the side menu. */
async function openFromList(page: Page, study: TwoSiteStudy, patientId: string) {
  await page.goto(`/study/${study.studyId}/overview`);
  await page.getByTestId('study-menu').getByRole('link', { name: 'Custom AE reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/ae2$`));
  await page.getByTestId('ae-report-table').getByRole('link', { name: patientId }).click();
  await expect(page).toHaveURL(/\/aeReport\/[0-9a-f]{24}\/review$/);
}

/** Fills one text question of the report's form and signs the next step shown on the button. */
async function fillAndSign(
  page: Page,
  user: { password: string },
  question: string,
  value: string,
  step: string,
  meaning: RegExp,
) {
  await page.getByRole('textbox', { name: question }).fill(value);
  await page.getByRole('button', { name: `Sign: ${step}` }).click();
  await signWithPassword(page, user.password, meaning);
  await expect(page.getByText(`${step} signed.`)).toBeVisible();
}

async function doctorReports(
  browser: Browser,
  study: TwoSiteStudy,
  doctor: StaffUser,
  subject: EnrolledSubject,
  what: string,
) {
  const page = await signedInPage(browser, doctor);
  await page.goto(`/study/${study.studyId}/pathwayRecord/${subject.enrollmentId}/ae-report/create`);
  await expect(page.getByTestId('ae-report-form')).toHaveValue(`${FORM_TITLE} (default)`);
  await page.getByRole('button', { name: 'Start report' }).click();
  await expect(page).toHaveURL(/\/aeReport\/[0-9a-f]{24}\/review$/);
  await expect(page.getByTestId('ae-report')).toContainText(subject.patientId);
  // The investigator's question is not the doctor's to fill; the doctor's own is.
  await expect(page.getByRole('button', { name: 'Sign: Reported' })).toBeVisible();
  await fillAndSign(page, doctor, WHAT, what, 'Reported', /I report this adverse event/);
  await expectSigned(page, 'REPORTED', 'Doctor Journey');
  await expect(page.getByRole('button', { name: /^Sign: / })).toHaveCount(0);
  await expect(
    page.getByText('The next step is signed by someone with that role at this site.'),
  ).toBeVisible();
  return page;
}

test('a study designer sets up the AE form; at each site a doctor reports a custom AE and the investigator and sponsor sign their steps', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const study = await twoSiteStudy(admin, { start: false, modules: ['CUSTOM_AE_REPORTS'] });
  const designer = await staffUser(admin, study, 'STUDY_HELPER', 'ALL');

  // The study designer sets up the custom AE form: type AE, sponsor always involved, the default AE form.
  const designerApi = await userApi(designer);
  const created = await designerApi.send('POST', `/api/studies/${study.studyId}/questionnairetemplate`, {
    id: '',
    title: { en: FORM_TITLE },
    type: 'TYPE_AE',
    aeFormTemplate: 'CUSTOM',
    sponsorInvolvement: 'ALWAYS',
    isDefaultAeForm: true,
    questions: [
      text('q-what', 1, WHAT, 'REPORTED', ['REPORTERS']),
      text('q-relation', 2, RELATION, 'INVESTIGATOR_CLASSIFICATION', ['INVESTIGATOR']),
      text('q-sponsor', 3, SPONSOR_VIEW, 'SPONSOR_CLASSIFICATION', ['SPONSOR']),
      text('q-outcome', 4, OUTCOME, 'FOLLOW_UP', ['INVESTIGATOR']),
      text('q-final', 5, CONCLUSION, 'SPONSOR_FOLLOW_UP', ['SPONSOR']),
    ],
  });
  expect([200, 201], JSON.stringify(created.body)).toContain(created.status);
  await designerApi.dispose();
  // The builder shows the designer when each question is mandatory and who fills it.
  const formId = created.body.id as string;
  const designerPage = await signedInPage(browser, designer);
  await designerPage.goto(`/study/${study.studyId}/questionnaireTemplate/${formId}/edit/?qId=q-relation`);
  const editor = designerPage.getByTestId('question-editor');
  await expect(editor.getByTestId('question-text')).toHaveValue(RELATION);
  await editor.getByRole('button', { name: 'Fill-out permissions' }).click();
  await expect(editor.getByRole('combobox', { name: 'Mandatory when' })).toHaveValue(
    'At investigator classification',
  );
  await expect(editor.getByRole('region', { name: 'Fill-out permissions' })).toContainText('Investigator');
  await designerPage.context().close();
  await admin.call('POST', `/api/study/${study.studyId}/start`, {});

  const sites: [StudySite, string][] = [
    [study.site1, 'Itching rash on both forearms'],
    [study.site2, 'Dizziness after the second dose'],
  ];
  const sponsor = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const session = await (await admin.request.get('/api/auth/session')).json();
  const sponsorName = `${session.user.firstName} ${session.user.lastName}`.trim();
  const investigators: StaffUser[] = [];
  const subjects: EnrolledSubject[] = [];
  for (const [site, what] of sites) {
    const doctor = await staffUser(admin, study, 'DOCTOR', [site]);
    const investigator = await staffUser(admin, study, 'INVESTIGATOR', [site]);
    investigators.push(investigator);
    const subject = await enrolledSubject(admin, study, site);
    subjects.push(subject);
    await doctorReports(browser, study, doctor, subject, what);

    // The site's investigator finds it in the list and classifies it.
    const investigatorPage = await signedInPage(browser, investigator);
    await openFromList(investigatorPage, study, subject.patientId);
    await expect(investigatorPage.getByRole('textbox', { name: WHAT })).toHaveValue(what);
    await fillAndSign(
      investigatorPage,
      investigator,
      RELATION,
      'Possibly related',
      'Investigator classification',
      /investigator classification/,
    );
    await expectSigned(investigatorPage, 'INVESTIGATOR_CLASSIFICATION', 'Investigator Journey');

    // The sponsor signs the sponsor classification of this site's report.
    const sponsorPage = await signedInPage(browser, sponsor);
    await openFromList(sponsorPage, study, subject.patientId);
    await fillAndSign(
      sponsorPage,
      sponsor,
      SPONSOR_VIEW,
      'Expected, listed in the brochure',
      'Sponsor classification',
      /sponsor classification/,
    );
    await expectSigned(sponsorPage, 'SPONSOR_CLASSIFICATION', sponsorName);
    await sponsorPage.context().close();
    await investigatorPage.context().close();
  }

  // Site-limited: each investigator's list holds their own site's report only.
  const [first, second] = subjects as [EnrolledSubject, EnrolledSubject];
  const firstInvestigator = await signedInPage(browser, investigators[0] as StaffUser);
  await firstInvestigator.goto(`/study/${study.studyId}/ae2`);
  await expect(firstInvestigator.getByTestId('ae-report-table').getByTestId('ae-report-row')).toHaveCount(1);
  await expect(firstInvestigator.getByTestId('ae-report-table')).toContainText(first.patientId);
  await expect(firstInvestigator.getByTestId('ae-report-table')).not.toContainText(second.patientId);

  // Site 1 is followed up by its investigator and closed by the sponsor.
  await openFromList(firstInvestigator, study, first.patientId);
  await fillAndSign(
    firstInvestigator,
    investigators[0] as StaffUser,
    OUTCOME,
    'Recovered without sequelae',
    'Follow-up',
    /follow-up of this adverse event/,
  );
  const sponsorPage = await signedInPage(browser, sponsor);
  await openFromList(sponsorPage, study, first.patientId);
  await fillAndSign(sponsorPage, sponsor, CONCLUSION, 'Closed', 'Sponsor follow-up', /sponsor follow-up/);
  await expect(sponsorPage.getByText('All steps are signed.')).toBeVisible();
  await expectSigned(sponsorPage, 'REPORTED', 'Doctor Journey');
  await expectSigned(sponsorPage, 'INVESTIGATOR_CLASSIFICATION', 'Investigator Journey');
  await expectSigned(sponsorPage, 'SPONSOR_CLASSIFICATION', sponsorName);
  await expectSigned(sponsorPage, 'FOLLOW_UP', 'Investigator Journey');
  await expectSigned(sponsorPage, 'SPONSOR_FOLLOW_UP', sponsorName);
  const reviewUrl = sponsorPage.url();

  // The list shows the progress of both sites' reports.
  await sponsorPage.goto(`/study/${study.studyId}/ae2`);
  const rows = sponsorPage.getByTestId('ae-report-table').getByTestId('ae-report-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first.patientId })).toContainText('5 of 5');
  await expect(rows.filter({ hasText: second.patientId })).toContainText('3 of 5');
  await expect(rows.filter({ hasText: second.patientId })).toContainText('Follow-up');

  if (SHOTS) {
    await sponsorPage.goto(`/study/${study.studyId}/ae2`);
    await sponsorPage.getByTestId('ae-report-table').getByRole('link', { name: second.patientId }).click();
    const openUrl = sponsorPage.url();
    for (const [width, label] of [
      [390, 'phone'],
      [1280, 'desktop'],
    ] as const) {
      for (const lang of ['en', 'ar']) {
        const page = await signedInPage(browser, sponsor, width);
        for (const [name, url] of [
          ['list', `/study/${study.studyId}/ae2`],
          ['open', openUrl],
          ['complete', reviewUrl],
        ] as const) {
          await page.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${name} ${label} ${lang}: wider than the window`).toBeLessThanOrEqual(1);
          await page.screenshot({ path: `${SHOTS}/ae2-${name}-${label}-${lang}.png`, fullPage: true });
        }
        await page.context().close();
      }
    }
  }
});
