/// <reference lib="dom" />
// Form renderer bench (issue 5 must-show: a 200-question form responds to typing without lag).
// Node: the domain engine per keystroke-equivalent change, step by step and as the renderer
// runs it. Browser (optional, `--browser URL` of a running app with E2E admin credentials):
// the full React render of the preview page in Chromium, typing into a 200-question form.
import {
  type Answer,
  AnswerSchema,
  collectEmbeddedRules,
  evaluateFormVisibility,
  evaluateValidationRules,
  type FormTemplate,
  FormTemplateSchema,
  type QuestionInput,
  validateAnswers,
} from '@trialbase/domain';
import { computeFormEngine, toEngineAnswers } from '../packages/web/src/features/forms/renderer/engine';

const QUESTION_COUNT = 200;
const ROUNDS = 400;

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

function benchForm(): FormTemplate {
  const id = 'bench-form';
  return FormTemplateSchema.parse({
    id,
    title: { en: 'Bench form' },
    type: 'TYPE_FORM',
    score: true,
    questions: Array.from({ length: QUESTION_COUNT }, (_, i) => benchQuestion(i + 1, id)),
  });
}

function benchAnswers(form: FormTemplate): Answer[] {
  return form.questions.map((q) => {
    const n = q.order;
    switch (q.type) {
      case 'YES_NO':
        return AnswerSchema.parse({ question: q.id, possibilities: [`${q.id}-yes`] });
      case 'NUMBER':
        return AnswerSchema.parse({ question: q.id, answerStrings: [String(n)] });
      case 'MULTIPLE_RESPONSE':
        return AnswerSchema.parse({ question: q.id, possibilities: [`${q.id}-a`] });
      case 'DATE':
        return AnswerSchema.parse({ question: q.id, answerStrings: ['2024-05-17'] });
      case 'TIME':
        return AnswerSchema.parse({ question: q.id, answerStrings: ['08:30'] });
      case 'SLIDER':
        return AnswerSchema.parse({ question: q.id, answerStrings: ['4'] });
      case 'TABLE':
        return AnswerSchema.parse({
          question: q.id,
          tableCells: [{ row: 0, col: `${q.id}-c1`, value: '5' }],
        });
      default:
        return AnswerSchema.parse({ question: q.id, answerStrings: [`answer ${n}`] });
    }
  });
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return `mean ${mean.toFixed(3).padStart(7)} ms  p50 ${at(0.5).toFixed(3).padStart(7)} ms  p95 ${at(0.95).toFixed(3).padStart(7)} ms  max ${at(1).toFixed(3).padStart(7)} ms`;
}

function measure(name: string, run: (round: number) => void) {
  for (let i = 0; i < 30; i++) run(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  console.log(`${name.padEnd(50)} ${stats(samples)}`);
}

const form = benchForm();
const rules = collectEmbeddedRules(form);
let answers = benchAnswers(form);
const now = new Date('2026-01-01T12:00:00Z');
const typedIndex = answers.findIndex((a) => a.question === 'q10');
// One keystroke: question 10 (free text) gets one more character.
function type(round: number): Answer[] {
  const next = [...answers];
  const current = next[typedIndex] as Answer;
  next[typedIndex] = {
    ...current,
    answerStrings: [`${current.answerStrings[0] ?? ''}${round % 10}`.slice(-500)],
  };
  answers = next;
  return next;
}

console.log(
  `Form renderer engine: ${QUESTION_COUNT} questions, ${rules.length} validation rules, ${ROUNDS} keystrokes`,
);
measure('evaluateFormVisibility', (r) => evaluateFormVisibility(form, type(r)));
measure('validateAnswers', (r) => validateAnswers(form, type(r), { audience: 'public' }));
measure('evaluateValidationRules', (r) =>
  evaluateValidationRules(form, rules, toEngineAnswers(type(r)), { now }),
);
measure('visibility + answers + rules (sum of the three)', (r) => {
  const list = type(r);
  const visibility = evaluateFormVisibility(form, list);
  const hidden = new Set(visibility.hiddenQuestions);
  validateAnswers(form, list, { audience: 'public' });
  const visible = Object.fromEntries(form.questions.map((q) => [q.id, !hidden.has(q.id)]));
  evaluateValidationRules(form, rules, toEngineAnswers(list), { now, visibility: visible });
});
let previous: ReturnType<typeof computeFormEngine>['views'] | undefined;
let reused = 0;
measure('computeFormEngine (what the renderer runs)', (r) => {
  const result = computeFormEngine(form, rules, type(r), { audience: 'public', now }, previous);
  if (previous) reused = [...result.views].filter(([id, v]) => previous?.get(id) === v).length;
  previous = result.views;
});
console.log(`question views kept (memoised rows not re-rendered): ${reused} of ${previous?.size ?? 0}`);

const browserIndex = process.argv.indexOf('--browser');
if (browserIndex > 0) await measureBrowser(process.argv[browserIndex + 1] ?? 'http://127.0.0.1:3000', form);

/**
 * The full React render in Chromium: opens the preview of the 200-question form on a running
 * app (admin from BENCH_ADMIN_EMAIL/PASSWORD, default the e2e admin) and times first render and
 * each keystroke until the next frame is painted.
 */
async function measureBrowser(baseURL: string, benchFormTemplate: FormTemplate) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 800 } });
    const login = await page.request.post('/api/auth/login', {
      data: {
        email: process.env.BENCH_ADMIN_EMAIL ?? 'admin@e2e.example',
        password: process.env.BENCH_ADMIN_PASSWORD ?? 'E2e-Admin-Password-1',
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
    const studyId = ((await study.json()) as { id: string }).id;
    const formId = `bench${Date.now()}`;
    const saved = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
      headers,
      data: { ...benchFormTemplate, id: formId },
    });
    if (!saved.ok()) throw new Error(`form save failed: ${saved.status()} ${await saved.text()}`);

    const started = performance.now();
    await page.goto(`/study/${studyId}/questionnaireTemplate/${formId}/?isOldVersion=false`);
    await page.locator('[data-question-id]').nth(150).waitFor();
    console.log(
      `${'browser: first render of the preview'.padEnd(50)} ${(performance.now() - started).toFixed(0)} ms (navigation included)`,
    );
    const frames = await page.evaluate(async (rounds) => {
      const field = document.querySelector<HTMLTextAreaElement>('[data-question-type="TEXT_FREE"] textarea');
      if (!field) throw new Error('no free-text question rendered');
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      const samples: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now();
        setValue?.call(field, `${field.value}${i % 10}`);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        samples.push(performance.now() - t0);
      }
      return samples;
    }, 100);
    console.log(`${'browser: keystroke to next frame'.padEnd(50)} ${stats(frames)}`);
  } finally {
    await browser.close();
  }
}
