import { type Browser, expect, type Page, test } from '@playwright/test';
import { staffApi } from '../../support/participant';
import { logIn } from '../../support/session';
import {
  BASELINE_EVENT,
  enrolledSubject,
  fillBaseline,
  PROCESS_NAME,
  SYSTOLIC,
  twoSiteStudy,
} from '../../support/two-site-study';

// Issue 23 item 2: the impact preview of a non-blocking amendment. A study in production at two sites
// (Aarhus: two enrolments, one with its baseline filled; Odense: one) starts a non-blocking amendment
// through the API, changes a question and adds one to the visit form, renames the baseline event and
// adds a process with a new event; the page shows the diff and, per site, what the amendment touches.
// With E2E_AMENDMENT_SHOTS=<folder> the page is also photographed at desktop and 390 px, English and Arabic.

const SHOTS = process.env.E2E_AMENDMENT_SHOTS;

async function shoot(page: Page, browser: Browser, url: string, name: string) {
  if (!SHOTS) return;
  const storageState = await page.context().storageState();
  for (const [lang, width] of [
    ['en', 1280],
    ['en', 390],
    ['ar', 1280],
    ['ar', 390],
  ] as const) {
    // Phones at twice the pixels, as they are, so the shots can be read closely.
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      storageState,
      viewport: { width, height: width === 390 ? 844 : 900 },
      deviceScaleFactor: width === 390 ? 2 : 1,
    });
    const shot = await context.newPage();
    await shot.goto(`${url}?lang=${lang}`);
    await expect(shot.getByTestId('impact-started')).toBeVisible();
    await shot.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
    await context.close();
  }
}

test('the impact preview lists the changed question, the new one, the renamed and added events, and the counts per site', async ({
  page,
  browser,
}) => {
  const api = await staffApi();
  const study = await twoSiteStudy(api);
  const aarhusOpen = await enrolledSubject(api, study, study.site1);
  const aarhusDone = await enrolledSubject(api, study, study.site1);
  await enrolledSubject(api, study, study.site2);
  await fillBaseline(api, study, aarhusDone);

  await api.call('POST', `/api/study/${study.studyId}/nonBlockingAmendment`, { reason: 'Protocol v2' });
  const formUrl = `/api/studies/${study.studyId}/questionnairetemplate`;
  const draft = await api.call('GET', `${formUrl}/${study.formId}`);
  draft.questions[0].question = { en: `${SYSTOLIC} (mmHg)` };
  draft.questions.push({
    ...draft.questions[0],
    id: 'q-weight',
    order: draft.questions.length + 1,
    question: { en: 'Body weight' },
    required: false,
    minValue: null,
    maxValue: null,
    fullyEditable: true,
  });
  await api.call('POST', formUrl, draft);
  const pathway = `/api/studies/${study.studyId}/pathway`;
  const {
    id: _i,
    studyId: _s,
    type: _t,
    locks: _l,
    enrollmentCount: _e,
    createdTime: _c,
    updatedTime: _u,
    ...write
  } = await api.call('GET', `${pathway}/${study.processId}`);
  write.dataEvents[0].name = { en: `${BASELINE_EVENT} (day 0)` };
  await api.call('PUT', `${pathway}/${study.processId}`, write);
  await api.call('POST', pathway, {
    pathwayName: 'Follow-up',
    dataEvents: [{ name: { en: 'Month 3' }, type: 'TYPE_USER', forms: [study.formId], offsetDays: 90 }],
  });
  await api.dispose();
  expect(aarhusOpen.baseline.status).not.toBe('COMPLETED');

  await logIn(page);
  const url = `/study/${study.studyId}/amendment/impact`;
  await page.goto(url);
  await expect(page.getByTestId('impact-started')).toContainText('data collection goes on');

  // Per site: the renamed baseline touches each active enrolment whose baseline is still to be filled.
  const row = (siteId: string) => page.locator(`[data-testid="impact-site"][data-site-id="${siteId}"]`);
  const expectCounts = async (siteId: string, counts: [string, string, string]) => {
    const keys = ['enrollments', 'openTokens', 'scheduledSendOuts'];
    for (const [n, key] of keys.entries()) {
      await expect(row(siteId).locator(`[data-count="${key}"]`)).toHaveText(counts[n] as string);
    }
  };
  await expect(row(study.site1.id)).toContainText(study.site1.name);
  await expectCounts(study.site1.id, ['1', '1', '0']);
  await expectCounts(study.site2.id, ['1', '1', '0']);

  // The form: the changed question's text before and after, the new question added.
  const systolic = page.locator('[data-testid="impact-question"][data-question-id="q-systolic"]');
  await expect(systolic).toContainText('Changed');
  const text = systolic.locator('[data-property="TEXT"]');
  await expect(text).toContainText('Text (en)');
  await expect(text.getByTestId('impact-before')).toHaveText(SYSTOLIC);
  await expect(text.getByTestId('impact-after')).toHaveText(`${SYSTOLIC} (mmHg)`);
  const weight = page.locator('[data-testid="impact-question"][data-question-id="q-weight"]');
  await expect(weight).toContainText('Body weight');
  await expect(weight).toContainText('Added');

  // The processes: the baseline event renamed; the new process and its event added.
  const processes = page.getByTestId('impact-process');
  await expect(processes).toHaveCount(2);
  const main = processes.filter({ hasText: PROCESS_NAME });
  const name = main.locator('[data-property="NAME"]');
  await expect(name.getByTestId('impact-before')).toHaveText(BASELINE_EVENT);
  await expect(name.getByTestId('impact-after')).toHaveText(`${BASELINE_EVENT} (day 0)`);
  const followUp = processes.filter({ hasText: 'Follow-up' });
  await expect(followUp.getByTestId('impact-event')).toContainText('Month 3');
  await expect(followUp.locator('[data-change="ADDED"]')).toHaveCount(2);

  await shoot(page, browser, url, 'amendment-impact');
});
