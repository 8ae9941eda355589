import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow } from '../../support/accessibility';
import { enrolParticipant, linkFromOutbox, type StaffApi, staffApi } from '../../support/participant';
import { repoRoot } from '../../support/server';
import { logIn } from '../../support/session';
import { expectStudyMenu, logInAs, staffUser, twoSiteStudy } from '../../support/two-site-study';

// Issue 18 item 4 must-show (spec 001 §2 translation routes, §5 limits, §6 canEdit): a study designer
// translates a form and a process into Danish on the translation screens until the overview shows
// 100 % for Danish; a participant then opens their link with ?lang=da and sees the Danish form, the
// Danish consent and a Danish interface. A role without canEdit (STUDY_TRANSLATIONS) is offered no
// translation screens.

/** Screenshots for a human look, when E2E_TRANSLATION_SHOTS names a folder. */
const SHOTS = process.env.E2E_TRANSLATION_SHOTS;

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

/** Every English text of the study and its Danish translation (what the translator types). */
const DANISH: Record<string, string> = {
  'Sleep diary': 'Søvndagbog',
  'Answer about last night.': 'Svar om den seneste nat.',
  'Did you sleep well last night?': 'Sov du godt i nat?',
  Yes: 'Ja',
  No: 'Nej',
  'How many hours did you sleep?': 'Hvor mange timer sov du?',
  'Count whole hours.': 'Tæl hele timer.',
  'Week 1': 'Uge 1',
  'I agree to take part in the sleep study.': 'Jeg indvilliger i at deltage i søvnundersøgelsen.',
};

/** The participant app's Danish strings (the da catalogs of issue 18 item 3). */
function catalog(language: string, namespace: string): Record<string, Record<string, unknown>> {
  const file = path.join(repoRoot, 'packages/web/src/locales', language, `${namespace}.json`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

type Study = { studyId: string; siteId: string; processId: string; formId: string };

/** A study in build (languages as given) with a site, one participant form draft and a process with consent. */
async function studyToTranslate(languages: string[], options: { withRule?: boolean } = {}): Promise<Study> {
  const study = await api.call('POST', '/api/study', {
    studyName: `Translation study ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
    description: null,
    primaryLanguage: 'en',
    languages,
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'manual',
    extendedValidation: false,
    verificationType: 'NONE',
    secondaryVerificationType: 'NONE',
  });
  const studyId = study.id as string;
  const site = await api.call('POST', `/api/studies/${studyId}/sites`, { name: 'Aarhus sleep clinic' });
  const draft = {
    title: { en: 'Sleep diary' },
    type: 'TYPE_FORM',
    showInfoText: true,
    infoText: { en: '<p>Answer about last night.</p>' },
    questions: [
      {
        id: 'q-slept',
        order: 1,
        type: 'YES_NO',
        required: true,
        question: { en: 'Did you sleep well last night?' },
        possibilities: [
          { id: 'p-yes', order: 1, possibility: { en: 'Yes' } },
          { id: 'p-no', order: 2, possibility: { en: 'No' } },
        ],
      },
      {
        id: 'q-hours',
        order: 2,
        type: 'NUMBER',
        required: true,
        question: { en: 'How many hours did you sleep?' },
        helpText: { en: '<p>Count whole hours.</p>' },
      } as Record<string, unknown>,
    ],
  };
  const form = await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, { ...draft, id: '' });
  if (options.withRule) {
    // A blocking rule with its message (spec 001 §3), embedded on the hours question.
    await api.call('POST', `/api/studies/${studyId}/questionnairetemplate`, {
      ...draft,
      id: form.id,
      questions: draft.questions.map((q) =>
        q.id === 'q-hours'
          ? {
              ...q,
              validationRules: [
                {
                  id: 'rule-hours',
                  leftOperant: { type: 'QUESTION', form: form.id, question: 'q-hours' },
                  operator: 'lte',
                  rightOperant: { type: 'CONST_VAL', value: 24 },
                  action: { type: 'BLOCK', message: { en: 'Use a number of hours from 0 to {limit}.' } },
                },
              ],
            }
          : q,
      ),
    });
  }
  const process = await api.call('POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Sleep follow-up',
    consentRequired: true,
    consentText: { en: '<p>I agree to take part in the sleep study.</p>' },
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
  if (options.withRule) {
    // A study-level rule (the rules area of the translation screens).
    const hours = {
      type: 'QUESTION',
      pathway: process.id,
      dataEvent: process.dataEvents?.[0]?.id,
      form: form.id,
      question: 'q-hours',
    };
    await api.call('POST', `/api/studies/${studyId}/validationRules`, {
      process: process.id,
      leftOperant: hours,
      operator: 'lte',
      rightOperant: hours,
      action: { type: 'WARNING', message: { en: 'Less than {limit} hour of sleep: is that right?' } },
    });
  }
  return { studyId, siteId: site.id, processId: process.id, formId: form.id };
}

/**
 * Axe on the screen's own content (main): no serious or critical violation. Colour contrast is left
 * out: the theme's dimmed grey is below 4.5:1 across the staff app (shell, breadcrumbs, hints).
 */
async function expectNoSeriousIssuesOnScreen(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').disableRules(['color-contrast']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Types the Danish text of every untranslated unit on the editor page, as a translator would. */
async function translateAll(page: Page): Promise<number> {
  const units = page.getByTestId('translation-unit');
  // Wait for this page's editor, not the previous tab's: its progress reads "0 of N" with nothing
  // translated yet, and N units are on screen (counting right after the address changed could
  // count the previous tab's units).
  const progress = page.getByTestId('translations-editor-progress');
  await expect(progress).toHaveText(/^0 of \d+ texts translated$/);
  const count = Number(/^0 of (\d+)/.exec((await progress.textContent()) ?? '')?.[1]);
  await expect(units).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const unit = units.nth(i);
    const source = ((await unit.getByTestId('translation-source').textContent()) ?? '').trim();
    const danish = DANISH[source];
    expect(danish, `a Danish text for "${source}"`).toBeDefined();
    await fillTarget(unit, danish ?? '');
  }
  return count;
}

async function fillTarget(unit: Locator, text: string): Promise<void> {
  const rich = unit.locator('.ProseMirror');
  // The rich text editor mounts after its card: wait for a target of either kind before choosing,
  // or a rich unit counted too early waits for a plain textbox that never comes.
  await expect(rich.or(unit.getByRole('textbox')).first()).toBeVisible();
  if ((await rich.count()) > 0) {
    await rich.click();
    await rich.fill(text);
    await expect(rich).toHaveText(text);
  } else {
    await unit.getByRole('textbox').fill(text);
  }
}

async function save(page: Page, count: number): Promise<void> {
  await page.getByTestId('translations-save').click();
  await expect(page.getByText(`${count} translations saved.`)).toBeVisible();
  await expect(page.getByTestId('translations-editor-progress')).toHaveText(
    `${count} of ${count} texts translated`,
  );
  await expect(page.getByTestId('translations-save')).toBeDisabled();
}

test('a designer translates a form and a process into Danish; the participant sees them in Danish', async ({
  page,
}) => {
  const study = await studyToTranslate(['en', 'da']);
  await logIn(page);
  await page.goto(`/study/${study.studyId}/overview`);
  await page.getByTestId('study-menu').getByRole('link', { name: 'Translations', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/translations$`));
  const danishRow = page.getByTestId('translation-row-da');
  await expect(danishRow.getByTestId('translation-progress')).toHaveText('0 %');
  await expect(danishRow.getByTestId('translation-untranslated')).not.toHaveText('0');
  await expectNoSeriousIssuesOnScreen(page);

  // Forms: the source beside an empty target, saved with the limits shown.
  await danishRow.getByTestId('translate-forms-da').click();
  await expect(page).toHaveURL(/\/translate\/forms\?language=da$/);
  const questionUnit = page
    .getByTestId('translation-unit')
    .filter({ has: page.getByTestId('translation-source').getByText('Did you sleep well last night?') });
  await expect(questionUnit.getByTestId('translation-counter')).toHaveText('0 / 1024');
  await expect(questionUnit.getByRole('textbox')).toHaveAttribute('lang', 'da');
  await expectNoSeriousIssuesOnScreen(page);
  const formUnits = await translateAll(page);
  await expect(questionUnit.getByTestId('translation-counter')).toHaveText(
    `${DANISH['Did you sleep well last night?']?.length} / 1024`,
  );
  await save(page, formUnits);

  // Processes: the consent text is required once the language is offered; clearing it is refused.
  await page.getByRole('tab', { name: 'Processes' }).click();
  await expect(page).toHaveURL(/\/translate\/pathways\?language=da$/);
  const processUnits = await translateAll(page);
  await save(page, processUnits);
  const consent = page
    .getByTestId('translation-unit')
    .filter({ has: page.getByTestId('translation-source').getByText(/I agree to take part/) });
  // The editors take the saved texts back after a save: clear the consent once that has happened
  // (a clear made before it is overwritten, and Save stays disabled; the clean-clone CI hit that).
  await expect(consent.locator('.ProseMirror')).not.toHaveText('');
  await expect(async () => {
    await consent.locator('.ProseMirror').fill('');
    await expect(page.getByTestId('translations-save')).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('translations-save').click();
  await expect(consent.getByText('This text must be translated.')).toBeVisible();
  await expect(page.getByTestId('translations-error')).toBeVisible();
  // Leaving with the unsaved change asks first; staying keeps it.
  await page.getByRole('link', { name: 'Translations', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByTestId('leave-anyway').click();

  // The overview shows Danish complete.
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/translations$`));
  await expect(danishRow.getByTestId('translation-progress')).toHaveText('100 %');
  await expect(danishRow.getByTestId('translation-untranslated')).toHaveText('0');
  await expect(danishRow.getByTestId('translation-completed')).toHaveText(String(formUnits + processUnits));

  // Publish the translated form and start the study; a Danish participant opens their link.
  await api.call('POST', `/api/studies/${study.studyId}/forms/promoteFormVersion`, {
    formId: study.formId,
    kind: 'major',
  });
  await api.call('POST', `/api/study/${study.studyId}/start`, {});
  const person = await enrolParticipant(
    api,
    {
      studyId: study.studyId,
      siteId: study.siteId,
      processId: study.processId,
      dataEventId: '',
      formIds: [],
    },
    { language: 'da' },
  );
  const link = await linkFromOutbox(api, person.email);
  const participant = await page.context().browser()?.newPage();
  if (!participant) throw new Error('no browser');
  await participant.goto(`${link}?lang=da`);
  const linkDa = catalog('da', 'public-link').LINK as { CONSENT: Record<string, string> };
  await expect(participant.getByRole('heading', { level: 1, name: linkDa.CONSENT.TITLE })).toBeVisible();
  await expect(participant.getByTestId('consent-text')).toHaveText(
    DANISH['I agree to take part in the sleep study.'] ?? '',
  );
  await participant.getByRole('checkbox', { name: linkDa.CONSENT.ACCEPT }).check();
  await participant.getByRole('button', { name: linkDa.CONSENT.CONTINUE }).click();

  const fillDa = catalog('da', 'public-questionnaire').QUESTIONNAIRE as Record<string, string>;
  await expect(participant.getByRole('heading', { name: 'Uge 1' })).toBeVisible();
  // The form's Danish info text first (spec 002 §2), with the Danish interface around it.
  await expect(participant.getByText('Svar om den seneste nat.')).toBeVisible();
  await expect(
    participant.getByText(String(fillDa.VIEWING).replace('{{current}}', '1').replace('{{total}}', '1')),
  ).toBeVisible();
  await participant.getByRole('button', { name: fillDa.START }).click();
  const slept = participant.getByRole('radiogroup', { name: 'Sov du godt i nat?' });
  await expect(slept.getByRole('radio', { name: 'Ja' })).toBeVisible();
  await expect(slept.getByRole('radio', { name: 'Nej' })).toBeVisible();
  await expect(participant.getByRole('textbox', { name: 'Hvor mange timer sov du?' })).toBeVisible();
  await expect(participant.getByText('Tæl hele timer.')).toBeVisible();
  await expect(participant.getByRole('button', { name: fillDa.SUBMIT })).toBeVisible();
  for (const english of [
    'Did you sleep well last night?',
    'How many hours did you sleep?',
    'Week 1',
    'Submit',
  ]) {
    await expect(participant.getByText(english, { exact: true })).toHaveCount(0);
  }
  expect(await participant.evaluate(() => document.documentElement.lang)).toBe('da');
  await participant.close();
});

test('a role without canEdit is offered no translation screens', async ({ page }) => {
  const study = await twoSiteStudy(api, { start: false });
  const helper = await staffUser(api, study, 'STUDY_HELPER', 'ALL');
  await logInAs(page, helper);
  await page.goto(`/study/${study.studyId}/questionnaireTemplate`);
  await expectStudyMenu(page, { shown: ['Forms', 'Processes'], hidden: ['Translations'] });
  await page.goto(`/study/${study.studyId}/translations`);
  await expect(page).not.toHaveURL(/\/translations$/);
  await expect(page.getByTestId('translations-table')).toHaveCount(0);
  const refused = await page.request.get(`/api/study/${study.studyId}/translations`);
  expect(refused.status()).toBe(403);
});

test('a study whose texts may no longer change shows its translations read only', async ({ page }) => {
  const study = await studyToTranslate(['en', 'da']);
  // Spec 000 §4: a study with deletion requested is read only (as locked, completed, anonymised).
  await api.call('POST', `/api/study/${study.studyId}/requestDelete`);
  await logIn(page);
  await page.goto(`/study/${study.studyId}/translations`);
  await expect(page.getByTestId('translations-locked')).toBeVisible();
  const danishRow = page.getByTestId('translation-row-da');
  await expect(danishRow.getByTestId('xliff-download-da')).toBeVisible();
  await expect(page.getByTestId('xliff-upload-da')).toHaveCount(0);
  await expect(page.getByTestId('add-language')).toHaveCount(0);
  await danishRow.getByTestId('translate-forms-da').click();
  await expect(page.getByTestId('translations-read-only')).toBeVisible();
  await expect(page.getByTestId('translations-save')).toHaveCount(0);
  const question = page
    .getByTestId('translation-unit')
    .filter({ has: page.getByTestId('translation-source').getByText('Did you sleep well last night?') });
  await expect(question.getByRole('textbox')).toHaveAttribute('readonly', '');
});

test('XLIFF out and back in on the overview; a bad file is refused with its units listed', async ({
  page,
}) => {
  const study = await studyToTranslate(['en', 'da']);
  await logIn(page);
  await page.goto(`/study/${study.studyId}/translations`);
  const danishRow = page.getByTestId('translation-row-da');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    danishRow.getByTestId('xliff-download-da').click(),
  ]);
  const exported = readFileSync((await download.path()) ?? '', 'utf8');
  expect(exported).toContain('urn:oasis:names:tc:xliff:document:2.0');
  const question = '<source>Did you sleep well last night?</source>';
  expect(exported).toContain(question);

  // The agency's file: one text translated.
  const translated = exported.replace(question, `${question}<target>Sov du godt i nat?</target>`);
  await danishRow.getByTestId('xliff-upload-da').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'da.xlf',
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(translated),
  });
  await dialog.getByTestId('xliff-import').click();
  await expect(page.getByText('1 translation imported.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(danishRow.getByTestId('translation-completed')).toHaveText('1');
  await page.goto(`/study/${study.studyId}/translate/forms?language=da`);
  const unit = page
    .getByTestId('translation-unit')
    .filter({ has: page.getByTestId('translation-source').getByText('Did you sleep well last night?') });
  await expect(unit.getByRole('textbox')).toHaveValue('Sov du godt i nat?');

  // A bad file: a unit the study does not have and a text over its limit; nothing is written.
  const unitId =
    /<unit id="([^"]+)">(?:(?!<\/unit>)[\s\S])*<source>How many hours did you sleep\?<\/source>/.exec(
      exported,
    )?.[1];
  expect(unitId).toBeDefined();
  const bad = translated
    .replace(
      '<source>How many hours did you sleep?</source>',
      `<source>How many hours did you sleep?</source><target>${'x'.repeat(1025)}</target>`,
    )
    .replace(
      '</file>',
      '<unit id="form.000000000000000000000000.q.nope.text"><segment><source>Gone</source><target>Væk</target></segment></unit></file>',
    );
  await page.goto(`/study/${study.studyId}/translations`);
  await danishRow.getByTestId('xliff-upload-da').click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'da.xlf',
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(bad),
  });
  await dialog.getByTestId('xliff-import').click();
  await expect(dialog.getByTestId('xliff-error')).toContainText('Nothing was changed.');
  const problems = dialog.getByTestId('xliff-problem');
  await expect(problems).toHaveCount(2);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/xliff-refused-en-1280.png` });
  await expect(problems.filter({ hasText: unitId ?? '' })).toContainText('longer than 1024 characters');
  await expect(problems.filter({ hasText: 'form.000000000000000000000000.q.nope.text' })).toContainText(
    'does not exist in the study',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(danishRow.getByTestId('translation-completed')).toHaveText('1');
});

test('the translation screens fit a phone and a desktop, left to right and right to left', async ({
  page,
}) => {
  test.skip(!SHOTS, 'screenshots only when E2E_TRANSLATION_SHOTS names a folder');
  const study = await studyToTranslate(['en', 'da', 'ar'], { withRule: true });
  await logIn(page);
  for (const ui of ['en', 'ar']) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const tag = `${ui}-${viewport.width}`;
      await page.goto(`/study/${study.studyId}/translations?lang=${ui}`);
      // A phone shows a card per language, a desktop the table.
      const ar = viewport.width < 992 ? 'translation-card-ar' : 'translation-row-ar';
      await expect(page.getByTestId(ar)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/overview-${tag}.png`, fullPage: true });
      await expectNoHorizontalOverflow(page);
      await page.goto(`/study/${study.studyId}/translate/forms?language=ar&lang=${ui}`);
      await expect(page.getByTestId('translation-unit').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/forms-ar-${tag}.png`, fullPage: true });
      await expectNoHorizontalOverflow(page);
      await page.goto(`/study/${study.studyId}/translate/pathways?language=da&lang=${ui}`);
      await expect(page.getByTestId('translation-unit').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/pathways-da-${tag}.png`, fullPage: true });
      await expectNoHorizontalOverflow(page);
      await page.goto(`/study/${study.studyId}/translate/rules?language=ar&lang=${ui}`);
      await expect(page.getByTestId('translation-unit').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/rules-ar-${tag}.png`, fullPage: true });
      if (ui === 'ar') {
        await page
          .getByTestId('translation-unit')
          .first()
          .screenshot({ path: `${SHOTS}/unit-ar-${tag}.png` });
      }
      await expectNoHorizontalOverflow(page);
    }
  }
});
