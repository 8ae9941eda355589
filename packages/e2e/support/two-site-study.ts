import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import type { StaffApi } from './participant';

/**
 * Set-up for the role journeys (issue 12 item 3): a study with two sites, a published staff visit
 * form and a process whose first event is a baseline staff visit, started so that subjects can be
 * enrolled; staff accounts created by the system admin with temporary passwords and given one role
 * at one site. Everything goes through the API as the first admin (`staffApi()`); the journeys then
 * log the role's user in through the login screen.
 */

export const VISIT_FORM_TITLE = 'Baseline vital signs';
export const SYSTOLIC = 'Systolic blood pressure';
export const SMOKER = 'Does the subject smoke?';
export const BASELINE_EVENT = 'Baseline visit';
export const PROCESS_NAME = 'Clinic visits';

export type StudySite = { id: string; name: string };

export type TwoSiteStudy = {
  studyId: string;
  studyName: string;
  site1: StudySite;
  site2: StudySite;
  formId: string;
  processId: string;
  baselineEventId: string;
};

export type TwoSiteStudyOptions = {
  /** Start the study (production, subjects can be enrolled); false leaves it in build. Default true. */
  start?: boolean;
  /** Source data verification per form by default (spec 001 §2 header buttons). */
  verificationType?: 'NONE' | 'FORM' | 'QUESTION';
  /** More questions of the visit form after the two above (e.g. an AE reference question, issue 20). */
  extraQuestions?: object[];
  /** Paid modules switched on before the form is made (POST /studies/{studyId}/addons). */
  modules?: string[];
};

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Spec 000 §4, 001 §2-§3: the two-site study with the baseline staff visit (see the module comment). */
export async function twoSiteStudy(api: StaffApi, options: TwoSiteStudyOptions = {}): Promise<TwoSiteStudy> {
  const studyName = `Two-site trial ${unique()}`;
  const study = await api.call('POST', '/api/study', {
    studyName,
    description: 'A two-site study for the role journeys.',
    primaryLanguage: 'en',
    languages: ['en'],
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'manual',
    extendedValidation: false,
    verificationType: options.verificationType ?? 'FORM',
    secondaryVerificationType: 'NONE',
  });
  const studyId = study.id as string;
  if (options.modules?.length) {
    await api.call('POST', `/api/studies/${studyId}/addons`, { modules: options.modules });
  }
  const site1 = await api.call('POST', `/api/studies/${studyId}/sites`, { name: 'Aarhus clinic' });
  const site2 = await api.call('POST', `/api/studies/${studyId}/sites`, { name: 'Odense clinic' });
  const form = await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: VISIT_FORM_TITLE },
    type: 'TYPE_HP',
    questions: [
      {
        id: 'q-systolic',
        order: 1,
        type: 'NUMBER',
        required: true,
        minValue: 50,
        maxValue: 250,
        question: { en: SYSTOLIC },
      },
      {
        id: 'q-smoker',
        order: 2,
        type: 'YES_NO',
        required: true,
        question: { en: SMOKER },
        possibilities: [
          { id: 'p-yes', order: 1, possibility: { en: 'Yes' } },
          { id: 'p-no', order: 2, possibility: { en: 'No' } },
        ],
      },
      ...(options.extraQuestions ?? []),
    ],
  });
  await api.call('POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  const process = await api.call('POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: PROCESS_NAME,
    dataEvents: [{ name: { en: BASELINE_EVENT }, type: 'TYPE_USER', forms: [form.id] }],
  });
  if (options.start ?? true) await api.call('POST', `/api/study/${studyId}/start`);
  return {
    studyId,
    studyName,
    site1: { id: site1.id, name: site1.name },
    site2: { id: site2.id, name: site2.name },
    formId: form.id,
    processId: process.id,
    baselineEventId: (process.dataEvents?.[0]?.id ?? '') as string,
  };
}

export type RoleName = 'INVESTIGATOR' | 'STUDY_HELPER' | 'MONITOR' | 'DOCTOR' | 'ADMIN';
export type StaffUser = { email: string; password: string; role: RoleName; siteIds: string[] | 'ALL' };

/**
 * Issue 4 accounts: the system admin creates the account with a temporary password (shown once;
 * it logs in as it is) and invites the email with one role at the given sites, so the access is
 * active at once.
 */
export async function staffUser(
  api: StaffApi,
  study: TwoSiteStudy,
  role: RoleName,
  sites: StudySite[] | 'ALL',
): Promise<StaffUser> {
  const email = `${role.toLowerCase().replace('_', '-')}-${unique()}@e2e.example`;
  const created = await api.call('POST', '/api/admin/users', {
    firstName: role.charAt(0) + role.slice(1).toLowerCase().replace('_', ' '),
    lastName: 'Journey',
    email,
    passwordMode: 'TEMPORARY',
  });
  const password = created.temporaryPassword as string;
  expect(password, 'temporary password').toBeTruthy();
  const siteIds = sites === 'ALL' ? 'ALL' : sites.map((s) => s.id);
  const access = await api.call('POST', `/api/studies/${study.studyId}/access`, { email, role, siteIds });
  expect(access.status).toBe('ACTIVE');
  return { email, password, role, siteIds };
}

export type Token = { id: string; dataEventId: string; status: string };
export type EnrolledSubject = { subjectId: string; patientId: string; enrollmentId: string; baseline: Token };

/** A subject registered at a site and enrolled in the process (its baseline visit open for staff). */
export async function enrolledSubject(
  api: StaffApi,
  study: TwoSiteStudy,
  site: StudySite,
  patientId = `S-${unique().toUpperCase()}`,
): Promise<EnrolledSubject> {
  const [subject] = await api.call('POST', `/api/studies/${study.studyId}/sites/${site.id}/patients`, {
    patientId,
    firstName: 'Ada',
    lastName: `Subject ${patientId}`,
    language: 'en',
  });
  const [enrollment] = await api.call('POST', `/api/studies/${study.studyId}/enrollments`, {
    subjectId: subject.id,
    siteId: site.id,
    processId: study.processId,
  });
  const baseline = (enrollment.tokens as Token[]).find((t) => t.dataEventId === study.baselineEventId);
  expect(baseline, 'baseline token').toBeDefined();
  return { subjectId: subject.id, patientId, enrollmentId: enrollment.id, baseline: baseline as Token };
}

/** Fills and submits the baseline visit as staff (spec 001 §7 POST .../questionnaires, isFinal). */
export async function fillBaseline(
  api: StaffApi,
  study: TwoSiteStudy,
  subject: EnrolledSubject,
  systolic = '120',
): Promise<string> {
  const saved = await api.call(
    'POST',
    `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}/tokens/${subject.baseline.id}/questionnaires`,
    {
      formId: study.formId,
      answers: [
        { question: 'q-systolic', answerStrings: [systolic] },
        { question: 'q-smoker', possibilities: ['p-no'] },
      ],
      isFinal: true,
    },
  );
  return questionnaireIdOf(saved);
}

function questionnaireIdOf(saved: Loose): string {
  const id = saved?.answerSet?.id ?? saved?.questionnaireId ?? saved?.id;
  expect(typeof id, `questionnaire id in ${JSON.stringify(saved).slice(0, 300)}`).toBe('string');
  return id as string;
}

/** Spec 001 §7 PUT .../status: the admin ends the enrollment (completed), so it can be signed off. */
export async function completeEnrollment(api: StaffApi, study: TwoSiteStudy, subject: EnrolledSubject) {
  const done = await api.call(
    'PUT',
    `/api/studies/${study.studyId}/enrollments/${subject.enrollmentId}/status`,
    {
      status: 'COMPLETED',
      reason: 'Last visit done; casebook ready for the investigator.',
    },
  );
  expect(done.status).toBe('COMPLETED');
}

/** Review address of a staff event (spec 001 §2 /study/{studyId}/patient/review/...). */
export function reviewPath(study: TwoSiteStudy, subject: EnrolledSubject): string {
  return `/study/${study.studyId}/patient/review/${subject.enrollmentId}/${subject.baseline.dataEventId}/${subject.baseline.id}`;
}

/** An API answer read loosely; the API suite checks the shapes. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely; the API suite checks their shapes.
type Loose = any;

export type UserApi = {
  context: APIRequestContext;
  /** Any call with the user's session and CSRF token; gives the status and the parsed body. */
  send(
    method: string,
    url: string,
    data?: object,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Loose }>;
  dispose(): Promise<void>;
};

/** Logs a staff user in on a request context of its own (the page's session stays untouched). */
export async function userApi(user: { email: string; password: string }): Promise<UserApi> {
  const context = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await context.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), `login ${user.email}: ${await login.text()}`).toBe(200);
  const csrfToken = (await login.json()).csrfToken as string;
  return {
    context,
    async send(method, url, data, headers = {}) {
      const res = await context.fetch(url, {
        method,
        headers: { 'x-csrf-token': csrfToken, ...headers },
        ...(data ? { data } : {}),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status(), body };
    },
    dispose: () => context.dispose(),
  };
}

/** The staff user logs in through the login screen, as a person would (issue 4: lands on the study list). */
export async function logInAs(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/authentication/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

/**
 * Opens the study from the study list, as a person would, and checks the side menu: every entry of
 * `shown` is there, none of `hidden` is (data-testid="study-menu").
 */
export async function openStudyFromList(page: Page, study: TwoSiteStudy): Promise<void> {
  await page.getByText(study.studyName, { exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/`));
}

export async function expectStudyMenu(
  page: Page,
  menu: { shown: readonly string[]; hidden: readonly string[] },
): Promise<void> {
  const nav = page.getByTestId('study-menu');
  for (const name of menu.shown) {
    await expect(nav.getByRole('link', { name, exact: true }), `menu shows ${name}`).toBeVisible();
  }
  for (const name of menu.hidden) {
    await expect(nav.getByRole('link', { name, exact: true }), `menu hides ${name}`).toHaveCount(0);
  }
}

/** Administration pages every role but ADMIN is kept out of (docs/ROLES.md: STUDY_UPDATE, API_KEY_*). */
export const ADMIN_ONLY_PAGES = ['Users & access', 'API access'] as const;

/**
 * The study's access and API-key pages are refused to this user: the server answers 403 to their
 * calls with the user's session, and typing the access page's address returns to the study list
 * (spec 000 §8). The system administration menu is not offered either.
 */
export async function expectAdminPagesRefused(page: Page, api: UserApi, study: TwoSiteStudy): Promise<void> {
  const access = await api.send('GET', `/api/studies/${study.studyId}/access`);
  expect(access.status, 'GET access list').toBe(403);
  const keys = await api.send('GET', `/api/studies/${study.studyId}/apiKey`);
  expect(keys.status, 'GET API key').toBe(403);
  await expect(page.getByText('Administration', { exact: true })).toHaveCount(0);
  await page.goto(`/study/${study.studyId}/access`);
  await expect(page).toHaveURL(/\/study$/);
  await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
}
