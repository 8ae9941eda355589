import { expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yIssues } from '../../support/accessibility';
import { type ParticipantStudy, participantStudy, type StaffApi, staffApi } from '../../support/participant';

// Spec 002 §2 public sign-up page and success screen, §4 sign-up flow and gate, §5 field rules.
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

/** Screenshots for a human look, when SIGNUP_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SIGNUP_SHOTS)
    await page.screenshot({ path: `${process.env.SIGNUP_SHOTS}/${name}.png`, fullPage: true });
}

/** Spec 002 §3: the study's participant settings choose the sign-up fields (investigator step when asked). */
async function askForInvestigator(study: ParticipantStudy, extraFields: string[] = []) {
  await api.call('PUT', `/api/study/${study.studyId}/participantSettings`, {
    publicSignUpRequiredFields: [],
    publicSignUpOptionalFields: [
      'firstName',
      'lastName',
      'email',
      'mobileNumber',
      'language',
      ...extraFields,
      'investigatorFirstName',
      'investigatorLastName',
    ],
    subjectRequiredFields: [],
    disallowEnrollmentWhenStudyNotOngoing: false,
    disallowEnrollmentWhenPublicSignUpDisabled: true,
    logo: null,
  });
}

function signUpPath(study: ParticipantStudy, query = '') {
  return `/public/${study.studyId}/${study.processId}/${study.siteId}/signup${query}`;
}

const publicProcess = {
  public: true,
  consentRequired: true,
  consentText: { en: '<p>I agree to <strong>take part</strong>.</p>', ar: '<p>أوافق على المشاركة.</p>' },
  publicIntroTextEnabled: true,
  publicIntroText: { en: 'Welcome to the sleep study.', ar: 'مرحبًا بك في دراسة النوم.' },
};

test('a public sign-up walks every step and lands on the success screen', async ({ page }) => {
  const study = await participantStudy(api, { name: 'Sign-up', sitePublic: true, process: publicProcess });
  await askForInvestigator(study, ['birthYear', 'nationality', 'address']);
  await page.goto(signUpPath(study, '?investigatorFirstName=Ida'));

  // Introduction (the process has intro text, so no welcome step).
  await expect(page.getByRole('heading', { level: 2, name: 'Introduction' })).toBeVisible();
  await expect(page.getByTestId('signup-intro')).toHaveText('Welcome to the sleep study.');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute(
    'aria-valuenow',
    '25',
  );
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'signup-intro-en-390');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Consent: Continue unticked stays and shows the consent-required error.
  await expect(page.getByRole('heading', { level: 2, name: 'Consent' })).toBeVisible();
  await expect(page.getByTestId('signup-consent')).toHaveText('I agree to take part.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please tick the box to give your consent before you continue.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Consent' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'signup-consent-error-en-390');
  await page.getByRole('checkbox', { name: 'I have read the information and agree to take part' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Investigator, prefilled from the link.
  await expect(page.getByRole('heading', { level: 2, name: 'Investigator' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Investigator first name' })).toHaveValue('Ida');
  await page.getByRole('textbox', { name: 'Investigator last name' }).fill('Holm');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Your information: rule errors are shown on their fields, then fixed.
  await expect(page.getByRole('heading', { level: 2, name: 'Your information' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await page.getByRole('textbox', { name: 'First name' }).fill('R2D2');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Jensen');
  await page.getByRole('textbox', { name: 'Email' }).fill(`signup-${Date.now()}@e2e.example`);
  await page.getByRole('combobox', { name: 'Country code' }).selectOption('45');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('2012345');
  await page.getByRole('textbox', { name: 'Year of birth' }).fill('1900');
  await page.getByRole('combobox', { name: 'Nationality' }).fill('Narnia');
  await page.getByRole('textbox', { name: 'City' }).fill('Aarhus');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Must be 1901 or later.')).toBeVisible();
  await expect(page.getByText('No country matches this text. Choose one from the list.')).toBeVisible();
  // Spec 002 §3: the address is sent only when all five parts are filled; a partial one gets a hint, not an error.
  await expect(page.getByTestId('address-incomplete')).toHaveText(
    'The address is only saved when all five parts are filled in.',
  );
  await expect(page.getByRole('textbox', { name: 'Street' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use letters, spaces, dots and hyphens only.')).toBeVisible();
  await expect(page.getByText('This number does not fit the chosen country code.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'signup-info-errors-en-390');
  // A short screen hides Continue below the fold: the scroll-to-bottom button brings it into view.
  await page.setViewportSize({ width: 390, height: 420 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Scroll to the bottom' }).click();
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeInViewport();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('textbox', { name: 'First name' }).fill('Karen');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('20123456');
  await page.getByRole('textbox', { name: 'Year of birth' }).fill('1980');
  await page.getByRole('combobox', { name: 'Nationality' }).fill('Denmark');
  await page.getByRole('textbox', { name: 'Street' }).fill('Nørregade');
  await page.getByRole('textbox', { name: 'House number' }).fill('12');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('8000');
  await page.getByRole('combobox', { name: 'Country', exact: true }).fill('Denmark');
  await expect(page.getByText('Use letters, spaces, dots and hyphens only.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // An email was given, so the answer carries no link: the success screen.
  await expect(page).toHaveURL(/\/public\/success/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('Your application has been sent.')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'signup-success-en-390');
});

test('two columns on a desktop; a sign-up answered with a link continues to the forms', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const study = await participantStudy(api, {
    name: 'Sign-up link',
    sitePublic: true,
    process: { public: true },
  });
  await page.goto(signUpPath(study));
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome' })).toBeVisible();
  await expect(page.getByTestId('signup-welcome')).toHaveText('A study of how people feel during treatment.');
  // Wide screens show step labels instead of "step X of Y".
  await expect(page.getByText('Step 1 of 2')).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'signup-welcome-en-1280');
  await page.getByRole('button', { name: 'Continue' }).click();

  const first = await page.getByRole('textbox', { name: 'First name' }).boundingBox();
  const last = await page.getByRole('textbox', { name: 'Last name' }).boundingBox();
  expect(first && last && Math.abs(first.y - last.y) < 2 && last.x > first.x + first.width).toBe(true);
  await page.getByRole('textbox', { name: 'First name' }).fill('Ole');
  await shot(page, 'signup-info-en-1280');
  await expectNoSeriousA11yIssues(page);
  // No email: the answer carries the link, which is validated and opens the questionnaire.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/questionnaire\/(fill|index)\?studyId=/);
});

test('a sign-up that is not open starts in the failure state', async ({ page }) => {
  // The process is not public, so the site information says signUpAllowed: false (spec 002 §4 gate).
  const study = await participantStudy(api, { name: 'Closed sign-up', sitePublic: false });
  await page.goto(signUpPath(study));
  await expect(page.getByRole('heading', { level: 1, name: 'Unable to register' })).toBeVisible();
  await expect(page.getByText('Please contact the person responsible for the study.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'signup-failure-en-390');
});

test('Arabic sign-up is right to left without horizontal overflow', async ({ page }) => {
  const study = await participantStudy(api, {
    name: 'Sign-up ar',
    languages: ['ar', 'en'],
    sitePublic: true,
    process: publicProcess,
  });
  await askForInvestigator(study);
  await page.goto(signUpPath(study, '?lang=ar'));
  await expect(page.getByRole('heading', { level: 2, name: 'مقدمة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('الخطوة 1 من 4')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'signup-intro-ar-390');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByText('يرجى تحديد المربع لإعطاء موافقتك قبل المتابعة.')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'متابعة' }).click();
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'بياناتك' })).toBeVisible();
  await page.getByRole('textbox', { name: 'الاسم الأول' }).fill('R2D2');
  await page.getByRole('button', { name: 'تسجيل' }).click();
  await expect(page.getByText('استخدم الحروف والمسافات والنقاط والشرطات فقط.')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'signup-info-ar-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoHorizontalOverflow(page);
  await shot(page, 'signup-info-ar-1280');
});

test('a sign-up refused by the server shows the failure screen', async ({ page }) => {
  // The page opens while the site takes sign-ups; staff close the site before the participant
  // sends the form, so the server refuses it (spec 002 §4 gate) and the page shows the failure.
  const study = await participantStudy(api, {
    name: 'Sign-up closed meanwhile',
    sitePublic: true,
    process: { public: true },
  });
  await askForInvestigator(study);
  await page.goto(signUpPath(study));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ole');
  await api.call('PUT', `/api/studies/${study.studyId}/sites/${study.siteId}`, {
    name: 'Odense clinic',
    isPublic: false,
  });
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unable to register' })).toBeVisible();
  await expect(page.getByText('Please contact the person responsible for the study.')).toBeVisible();
});
