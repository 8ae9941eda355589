import { expect, type Page, test } from '@playwright/test';
import { QUESTION_TYPES } from '../../support/question-types';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 5 items 6-7 (spec 001 §2 preview, §4 show rules, §5 validation rules): a form made
// through the API is previewed; the hidden question appears when "Yes" is chosen and a
// blocking rule shows its message for a bad number. Screens at 390x844 and in Arabic.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/forms-preview';

function smokingForm(formId: string) {
  const blockRule = {
    id: 'rule-cigarettes',
    leftOperant: { type: 'QUESTION', form: formId, question: 'q-cigarettes' },
    operator: 'lte',
    rightOperant: { type: 'CONST_VAL', value: 60 },
    action: {
      type: 'BLOCK',
      message: { en: 'At most {limit} cigarettes a day', ar: 'لا يزيد على {limit} سيجارة في اليوم' },
    },
  };
  return {
    id: formId,
    title: { en: 'Smoking habits', ar: 'عادات التدخين' },
    type: 'TYPE_FORM',
    questions: [
      {
        id: 'q-smoker',
        order: 1,
        type: 'YES_NO',
        required: true,
        question: { en: 'Do you smoke?', ar: 'هل تدخن؟' },
        possibilities: [
          { id: 'p-yes', order: 1, possibility: { en: 'Yes', ar: 'نعم' } },
          { id: 'p-no', order: 2, possibility: { en: 'No', ar: 'لا' } },
        ],
      },
      {
        id: 'q-brand',
        order: 2,
        type: 'TEXT_SENTENCE',
        question: { en: 'Which brand do you smoke?', ar: 'ما العلامة التجارية التي تدخنها؟' },
        showRules: [{ question: 'q-smoker', possibilities: ['p-yes'] }],
      },
      {
        id: 'q-cigarettes',
        order: 3,
        type: 'NUMBER',
        question: { en: 'Cigarettes per day', ar: 'عدد السجائر في اليوم' },
        validationRules: [blockRule],
      },
    ],
  };
}

async function createForm(page: Page, studyId: string): Promise<string> {
  const formId = `form${Date.now()}`;
  const saved = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: smokingForm(formId),
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { id: string }).id;
}

test('the preview shows a question when "Yes" is chosen and the block message for a bad number', async ({
  page,
}) => {
  await logIn(page);
  const studyId = await createStudy(page, 'Preview study', ['en', 'ar']);
  const formId = await createForm(page, studyId);
  await page.goto(`/study/${studyId}/questionnaireTemplate/${formId}/?isOldVersion=false`);

  await expect(page.getByRole('heading', { name: 'Smoking habits', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to edit' })).toHaveAttribute(
    'href',
    `/study/${studyId}/questionnaireTemplate/${formId}/edit/`,
  );
  const brand = page.getByRole('textbox', { name: 'Which brand do you smoke?' });
  await expect(brand).toHaveCount(0);

  const smoker = page.getByRole('radiogroup', { name: 'Do you smoke?' });
  await smoker.getByRole('radio', { name: 'Yes' }).check();
  await expect(brand).toBeVisible();
  await brand.fill('Prince');
  await smoker.getByRole('radio', { name: 'No' }).check();
  await expect(brand).toHaveCount(0);
  await smoker.getByRole('radio', { name: 'Yes' }).check();
  // Spec 001 §4: the hidden question was reset.
  await expect(brand).toHaveValue('');

  const cigarettes = page.getByRole('textbox', { name: 'Cigarettes per day' });
  await cigarettes.fill('80');
  await expect(page.getByText('At most 60 cigarettes a day')).toBeVisible();
  await expect(cigarettes).toHaveAttribute('aria-invalid', 'true');
  await expect(cigarettes).toHaveAccessibleDescription(/At most 60 cigarettes a day/);
  await page.getByRole('button', { name: 'Check answers' }).click();
  await expect(page.getByText('Some answers need attention: 1.')).toBeVisible();
  await cigarettes.fill('12');
  await expect(page.getByText('At most 60 cigarettes a day')).toHaveCount(0);
  await expect(page.getByText('All answers are valid.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-en.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await cigarettes.fill('99');
  await expect(page.getByText('At most 60 cigarettes a day')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mobile-en.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Right to left: the UI in Arabic, the form in its Arabic texts.
  await page.goto(`/study/${studyId}/questionnaireTemplate/${formId}/?isOldVersion=false&lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'عادات التدخين', exact: true })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'هل تدخن؟' }).getByRole('radio', { name: 'نعم' }).check();
  await expect(page.getByRole('textbox', { name: 'ما العلامة التجارية التي تدخنها؟' })).toBeVisible();
  await page.getByRole('textbox', { name: 'عدد السجائر في اليوم' }).fill('99');
  await expect(page.getByText('لا يزيد على 60 سيجارة في اليوم')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mobile-ar.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/desktop-ar.png`, fullPage: true });
});

function everyTypeForm(formId: string) {
  const choices = (id: string, texts: string[]) =>
    texts.map((text, i) => ({
      id: `${id}-p${i + 1}`,
      order: i + 1,
      possibility: { en: text },
      scoreValue: i,
    }));
  const extra: Record<string, Record<string, unknown>> = {
    YES_NO: { possibilities: choices('YES_NO', ['Yes', 'No']) },
    NUMBER: { minValue: 0, maxValue: 10 },
    MULTIPLE_CHOICE: { possibilities: choices('MULTIPLE_CHOICE', ['Red', 'Green', 'Blue']) },
    MULTIPLE_RESPONSE: {
      possibilities: choices('MULTIPLE_RESPONSE', ['Tea', 'Coffee', 'Water']),
      maxAnswer: 2,
    },
    SMILEY: { possibilities: choices('SMILEY', ['Very bad', 'Bad', 'So-so', 'Good', 'Very good']) },
    SLIDER: {
      minValue: 0,
      maxValue: 10,
      customLabels: true,
      leftLabel: { en: 'No pain' },
      rightLabel: { en: 'Worst pain' },
    },
    INFORMATION: {
      question: {
        en: '<p><strong>Please read:</strong> answer as you feel today.</p><script>alert(1)</script>',
      },
    },
    TABLE: {
      dynamicTable: true,
      tableMaxRowCount: 3,
      tableCol: [
        { id: 'c1', title: { en: 'Medicine' }, type: 'TEXT_SENTENCE', exportLabel: 'M' },
        { id: 'c2', title: { en: 'Dose' }, type: 'NUMBER', exportLabel: 'D' },
      ],
    },
    CALCULATED: { calculationFormula: 'Q3 * 2', calculationDecimals: 0 },
  };
  return {
    id: formId,
    title: { en: 'Every question type' },
    type: 'TYPE_FORM',
    questions: QUESTION_TYPES.map((type, i) => ({
      id: `q-${type.toLowerCase().replaceAll('_', '-')}`,
      order: i + 1,
      type,
      question: { en: `${type} question` },
      ...extra[type],
    })),
  };
}

test('every question type renders; reference types show the unsupported card without their module or permission', async ({
  page,
}) => {
  await logIn(page);
  const studyId = await createStudy(page, 'Preview study', ['en', 'ar']);
  // Reference questions can only be saved while their modules are on (spec 000 §6).
  const modules = ['MEDICATION', 'ADVERSE_EVENTS', 'CUSTOM_AE_REPORTS', 'UNSCHEDULED_EVENT_REFERENCES'];
  const addons = await page.request.post(`/api/studies/${studyId}/addons`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: { modules },
  });
  expect(addons.ok(), await addons.text()).toBe(true);
  const formId = `form${Date.now()}`;
  const saved = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: everyTypeForm(formId),
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto(`/study/${studyId}/questionnaireTemplate/${formId}/?isOldVersion=false`);
  await expect(page.getByRole('heading', { name: 'Every question type', exact: true })).toBeVisible();
  for (const type of QUESTION_TYPES) {
    await expect(page.locator(`[data-question-type="${type}"]`)).toHaveCount(1);
  }
  await expect(page.locator('[data-unsupported]')).toHaveCount(0);
  await expect(
    page.getByText('The subject’s medication is linked here when the form is filled.'),
  ).toBeVisible();
  await expect(page.getByText('Please read:')).toBeVisible();
  expect(await page.locator('[data-question-type="INFORMATION"] script').count()).toBe(0);

  // Calculated live from NUMBER (Q3 * 2); NUMBER min/max from the domain once touched.
  await page.getByRole('textbox', { name: 'NUMBER question' }).fill('4');
  await expect(page.locator('[data-question-type="CALCULATED"] output')).toHaveText('8');
  await page.getByRole('textbox', { name: 'NUMBER question' }).fill('40');
  await expect(page.getByText('The value must be between 0 and 10.')).toBeVisible();
  await expect(page.locator('[data-question-type="CALCULATED"] output')).toHaveText('80');

  // Dynamic table rows up to the maximum of 3.
  const addRow = page.getByRole('button', { name: 'Add row' });
  await addRow.click();
  await addRow.click();
  await expect(addRow).toBeDisabled();
  await page.getByRole('radio', { name: 'Very good' }).click();
  await expect(page.getByRole('radio', { name: 'Very good' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/all-types-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/all-types-mobile.png`, fullPage: true });

  // Spec 000 §6: reference questions need the matching module **or** permission. No API turns
  // modules off, so the study answer is altered here. Without the modules the admin still holds
  // the permissions (the AE ones, the medication ones, PATHWAY_RECORD_UNEXPECTED): no card.
  const referencePermissions = [
    // Issue 20 item 4: any AE permission opens the AE reference types.
    'AE_VIEW',
    'AE_LIST',
    'AE_CREATE',
    'AE_UPDATE',
    'PATIENT_LIST_MEDICATION',
    'PATIENT_CREATE_MEDICATION',
    'PATIENT_UPDATE_MEDICATION',
    'PATHWAY_RECORD_UNEXPECTED',
  ];
  let withoutPermissions = false;
  await page.route(`**/api/study/${studyId}`, async (route) => {
    const response = await route.fetch();
    const study = await response.json();
    const abilities = { ...study.abilities };
    if (withoutPermissions) for (const permission of referencePermissions) abilities[permission] = false;
    await route.fulfill({ response, json: { ...study, modules: [], abilities } });
  });
  await page.reload();
  await expect(page.locator('[data-question-type="AE_REF"]')).toHaveCount(1);
  await expect(page.locator('[data-unsupported]')).toHaveCount(0);
  // Neither module nor permission: the four reference questions show the unsupported card instead.
  withoutPermissions = true;
  await page.reload();
  await expect(page.locator('[data-unsupported]')).toHaveCount(4);
});
