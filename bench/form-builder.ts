/// <reference lib="dom" />
// Form builder and preview bench (issue 5 must-show: a 200-question form is built and filled
// without lag). Starts the built server (`npm run build` first; E2E_SERVER_MAIN / E2E_WEB_DIST
// point at other builds), makes a study and a 200-question form through the API and, in
// Chromium, times until the builder and the preview show every question, and the keystroke to
// paint latency of a builder text field and a preview number field. Prints figures, asserts none.
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import {
  evaluateFormVisibility,
  type FormTemplate,
  FormTemplateSchema,
  type QuestionInput,
} from '@trialbase/domain';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from '../packages/e2e/support/server';

export const QUESTION_COUNT = 200;

/** Question n (1-based) of a repeating mix of ten types, with show rules, formulas and block rules. */
function benchQuestion(n: number, formId: string): QuestionInput {
  const id = `q${n}`;
  const base = { id, order: n, question: { en: `Question ${n}` }, required: n % 3 === 0 };
  const yesNo = [
    { id: `${id}-yes`, possibility: { en: 'Yes' }, scoreValue: 1 },
    { id: `${id}-no`, possibility: { en: 'No' }, scoreValue: 0 },
  ];
  switch (n % 10) {
    case 1:
      return { ...base, type: 'YES_NO', possibilities: yesNo };
    case 2:
      return {
        ...base,
        type: 'TEXT_SENTENCE',
        maxLength: 200,
        showRules: [{ question: `q${n - 1}`, possibilities: [`q${n - 1}-yes`] }],
      };
    case 3:
      return {
        ...base,
        type: 'NUMBER',
        minValue: 0,
        maxValue: 500,
        validationRules: [
          {
            id: `rule-${n}`,
            leftOperant: { type: 'QUESTION', form: formId, question: id },
            operator: 'lte',
            rightOperant: { type: 'CONST_VAL', value: 100 },
            action: { type: 'BLOCK', message: { en: 'At most {limit}' } },
          },
        ],
      };
    case 4:
      return { ...base, type: 'CALCULATED', calculationFormula: `Q${n - 1} * 2 + 1`, calculationDecimals: 1 };
    case 5:
      return {
        ...base,
        type: 'MULTIPLE_RESPONSE',
        minAnswer: 1,
        maxAnswer: 2,
        possibilities: ['a', 'b', 'c', 'd'].map((p) => ({ id: `${id}-${p}`, possibility: { en: p } })),
      };
    case 6:
      return { ...base, type: 'DATE' };
    case 7:
      return { ...base, type: 'TIME' };
    case 8:
      return { ...base, type: 'SLIDER', minValue: 0, maxValue: 10 };
    case 9:
      return {
        ...base,
        type: 'TABLE',
        tableRow: [1, 2, 3].map((r) => ({
          id: `${id}-r${r}`,
          title: { en: `Row ${r}` },
          exportLabel: `R${r}`,
        })),
        tableCol: [
          { id: `${id}-c1`, title: { en: 'Dose' }, type: 'NUMBER', exportLabel: 'D' },
          { id: `${id}-c2`, title: { en: 'Note' }, type: 'TEXT_SENTENCE', exportLabel: 'N' },
        ],
      };
    default:
      return { ...base, type: 'TEXT_FREE' };
  }
}

/** The questions of the bench form, as the API takes them (`formId`: the form the rules name). */
export function benchQuestions(formId: string, count = QUESTION_COUNT): QuestionInput[] {
  return Array.from({ length: count }, (_, i) => benchQuestion(i + 1, formId));
}

/** The 200-question bench form (the same document for the engine bench and the browser benches). */
export function benchForm(id = 'bench-form', count = QUESTION_COUNT): FormTemplate {
  return FormTemplateSchema.parse({
    id,
    title: { en: 'Bench form' },
    type: 'TYPE_FORM',
    score: true,
    questions: benchQuestions(id, count),
  });
}

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return `mean ${mean.toFixed(3).padStart(7)} ms  p50 ${at(0.5).toFixed(3).padStart(7)} ms  p95 ${at(0.95).toFixed(3).padStart(7)} ms  max ${at(1).toFixed(3).padStart(7)} ms`;
}

export function line(name: string, figure: string) {
  console.log(`${name.padEnd(50)} ${figure}`);
}

export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/**
 * Logs the page in as the admin (BENCH_ADMIN_EMAIL/PASSWORD, default the e2e admin), creates a
 * study and saves the bench form into it through the API; gives the study and form ids.
 */
export async function createBenchForm(page: Page, form: FormTemplate) {
  const login = await page.request.post('/api/auth/login', {
    data: {
      email: process.env.BENCH_ADMIN_EMAIL ?? ADMIN_EMAIL,
      password: process.env.BENCH_ADMIN_PASSWORD ?? ADMIN_PASSWORD,
    },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { csrfToken: string };
  const headers = { 'x-csrf-token': session.csrfToken };
  const study = await page.request.post('/api/study', {
    headers,
    data: {
      studyName: `Bench ${Date.now()}`,
      description: null,
      primaryLanguage: 'en',
      languages: ['en'],
      dateFormat: 'DD-MM-YYYY',
      dateTimeFormat: 'DD-MM-YYYY HH:mm',
      subjectIdAutomation: 'manual',
      extendedValidation: false,
      verificationType: 'NONE',
      secondaryVerificationType: 'NONE',
    },
  });
  if (!study.ok()) throw new Error(`study creation failed: ${study.status()} ${await study.text()}`);
  const studyId = ((await study.json()) as { id: string }).id;
  const saved = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers,
    data: { ...form, id: `bench${Date.now()}` },
  });
  if (!saved.ok()) throw new Error(`form save failed: ${saved.status()} ${await saved.text()}`);
  return { studyId, formId: ((await saved.json()) as { id: string }).id };
}

/** Milliseconds from navigating to `url` until `count` elements match `selector`. */
export async function timeUntilShown(page: Page, url: string, selector: string, count: number) {
  const started = performance.now();
  await page.goto(url);
  await page.waitForFunction(
    ([s, n]) => document.querySelectorAll(s).length >= n,
    [selector, count] as const,
    { timeout: 120_000, polling: 'raf' },
  );
  return performance.now() - started;
}

/**
 * Keystroke to paint in the field `selector`: real key presses through the browser; each sample
 * runs from the keydown to a task queued in the next animation frame, i.e. after that frame paints.
 */
export async function keystrokeToPaint(page: Page, selector: string, keys: string[]) {
  const field = page.locator(selector).first();
  await field.scrollIntoViewIfNeeded();
  await field.click();
  await page.evaluate((s) => {
    const target = document.querySelector<HTMLElement>(s);
    if (!target) throw new Error(`no field ${s}`);
    const w = window as unknown as { benchSamples: number[] };
    w.benchSamples = [];
    target.addEventListener(
      'keydown',
      () => {
        const t0 = performance.now();
        requestAnimationFrame(() => setTimeout(() => w.benchSamples.push(performance.now() - t0), 0));
      },
      { capture: true },
    );
  }, selector);
  for (const [i, key] of keys.entries()) {
    await page.keyboard.press(key);
    await page.waitForFunction(
      (n) => (window as unknown as { benchSamples: number[] }).benchSamples.length > n,
      i,
    );
  }
  return page.evaluate(() => (window as unknown as { benchSamples: number[] }).benchSamples);
}

const KEYSTROKES = 60;

async function main() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const form = benchForm();
    const { studyId, formId } = await createBenchForm(page, form);
    const shownInPreview = QUESTION_COUNT - evaluateFormVisibility(form, []).hiddenQuestions.length;
    console.log(
      `Form builder and preview in Chromium: ${QUESTION_COUNT} questions, ${KEYSTROKES} keystrokes`,
    );

    const base = `/study/${studyId}/questionnaireTemplate/${formId}`;
    const builderMs = await timeUntilShown(
      page,
      `${base}/edit/`,
      '[data-testid="question-item"]',
      QUESTION_COUNT,
    );
    line(
      `builder: all ${QUESTION_COUNT} questions listed`,
      `${builderMs.toFixed(0)} ms (navigation included)`,
    );
    await page.getByTestId('question-title').nth(99).click();
    const letters = Array.from({ length: KEYSTROKES }, (_, i) => 'abcdefghij'[i % 10] as string);
    const builderKeys = await keystrokeToPaint(page, '[data-testid="question-text"]', letters);
    line('builder: question text keystroke to paint', stats(builderKeys));

    const previewMs = await timeUntilShown(
      page,
      `${base}/?isOldVersion=false`,
      '[data-question-id]',
      shownInPreview,
    );
    line(
      `preview: all ${shownInPreview} shown questions rendered`,
      `${previewMs.toFixed(0)} ms (navigation included)`,
    );
    // Digits and Backspace in turn: the number keeps changing between valid and blocked.
    const digits = Array.from({ length: KEYSTROKES }, (_, i) =>
      i % 2 === 0 ? String((i / 2) % 10) : 'Backspace',
    );
    const previewKeys = await keystrokeToPaint(page, '[data-question-type="NUMBER"] input', digits);
    line('preview: number keystroke to paint', stats(previewKeys));
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
