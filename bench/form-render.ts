/// <reference lib="dom" />
// Form renderer bench (issue 5 must-show: a 200-question form responds to typing without lag;
// issue 16 item 6: a 300-question participant form against SurveyJS).
// Node: the domain engine per keystroke-equivalent change, step by step and as the renderer
// runs it. Then, unless `--no-fill`, the participant fill page of the built app (`npm run build`
// first; E2E_SERVER_MAIN / E2E_WEB_DIST point at other builds) against SurveyJS in Chromium, in
// interleaved rounds (BENCH_ROUNDS, default 5): data to painted, main-thread CPU, heap, and
// keystroke to revalidated paint, each with its ratio to SurveyJS (fill-vs-surveyjs.ts), reported
// as the rows form-render and form-keystroke (`npm run bench -- forms`; `--quick`: one round).
// `--browser URL` (a running app with E2E admin credentials): the staff preview, as before.
import {
  type Answer,
  AnswerSchema,
  collectEmbeddedRules,
  evaluateFormVisibility,
  evaluateValidationRules,
  type FormTemplate,
  validateAnswers,
} from '@trialbase/domain';
import { computeFormEngine, toEngineAnswers } from '../packages/web/src/features/forms/renderer/engine';
import {
  benchForm,
  createBenchForm,
  keystrokeToPaint,
  launchChromium,
  line,
  QUESTION_COUNT,
  stats,
  timeUntilShown,
} from './form-builder';
import { numberOption } from './lib/args';

const ROUNDS = numberOption('keystrokes-engine', 400, 40);

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

if (!process.argv.includes('--no-fill')) {
  const { compareFillWithSurveyJs } = await import('./fill-vs-surveyjs');
  await compareFillWithSurveyJs();
}

const browserIndex = process.argv.indexOf('--browser');
if (browserIndex > 0) await measureBrowser(process.argv[browserIndex + 1] ?? 'http://127.0.0.1:3000', form);

/**
 * The full React render in Chromium: opens the preview of the 200-question form on a running
 * app (admin from BENCH_ADMIN_EMAIL/PASSWORD, default the e2e admin) and times first render and
 * each real keystroke in a free-text question until the next frame is painted. `form-builder.ts`
 * does the same on a server it starts itself, for the builder too.
 */
async function measureBrowser(baseURL: string, benchFormTemplate: FormTemplate) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 800 } });
    const { studyId, formId } = await createBenchForm(page, benchFormTemplate);
    const url = `/study/${studyId}/questionnaireTemplate/${formId}/?isOldVersion=false`;
    const shown = QUESTION_COUNT - evaluateFormVisibility(benchFormTemplate, []).hiddenQuestions.length;
    const renderMs = await timeUntilShown(page, url, '[data-question-id]', shown);
    line('browser: first render of the preview', `${renderMs.toFixed(0)} ms (navigation included)`);
    const keys = Array.from({ length: 100 }, (_, i) => String(i % 10));
    const frames = await keystrokeToPaint(page, '[data-question-type="TEXT_FREE"] textarea', keys);
    line('browser: keystroke to next frame', stats(frames));
  } finally {
    await browser.close();
  }
}
