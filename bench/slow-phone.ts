/// <reference lib="dom" />
// Issue 16 item 7, the slow-phone row: from opening a participant's link to the first question
// painted, on a phone emulated in Chromium through the DevTools protocol (CPU 4x slower, 400 ms
// round trip, 400 kbit/s each way), for the participant fill page of the built server and for a
// SurveyJS page of the same 30-question form (SurveyJS installed by the bench, served compressed as
// a CDN would; bench/lib/surveyjs.ts). Every load starts with an empty cache; the two pages load in
// turn and the table gives medians. Goal: at most half the SurveyJS time.
//
//   npm run bench:slow-phone -- [--rounds 3] [--quick]
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { startServer } from '../packages/e2e/support/server';
import { THIRTY_QUESTIONS } from '../packages/server/test/thirty-questions';
import { launchChromium } from './form-builder';
import { isQuick, numberOption } from './lib/args';
import { withCleanup } from './lib/cleanup';
import { reportRow } from './lib/report';
import { median, ms } from './lib/stats';
import { SURVEYJS_QUESTION_SELECTOR, serveSurveyJsPage, toSurveyJson } from './lib/surveyjs';
import { enrolLinks, setUpParticipantStudy, THIRTY_FORM } from './lib/write-study';

const ROUNDS = numberOption('rounds', 3, 1);
const CPU_SLOWDOWN = 4;
const ROUND_TRIP_MS = 400;
const BYTES_PER_SECOND = 400_000 / 8;
const LOAD_TIMEOUT_MS = 300_000;
const GOAL_RATIO = 0.5;
const TRIALBASE_QUESTION_SELECTOR = '[data-question-id]';

type Load = { firstQuestionMs: number; kib: number; requests: number };

/**
 * Page script recording in `window.benchFirstQuestion` the page-clock time of the first frame in
 * which an element matching `selector` is laid out with a height. A string, not a function: tsx
 * wraps named inner functions in a helper the page does not have.
 */
function firstQuestionProbe(selector: string): string {
  return `(() => {
  const selector = ${JSON.stringify(selector)};
  let pending = false;
  let timer = 0;
  let observer = null;
  function check() {
    if (pending || window.benchFirstQuestion !== undefined) return;
    const element = document.querySelector(selector);
    if (!element) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (element.isConnected && element.getBoundingClientRect().height > 0) {
        window.benchFirstQuestion = performance.now();
        observer.disconnect();
        clearInterval(timer);
      }
    });
  }
  // Style sheets that arrive after the element change its size without a DOM mutation: poll too.
  timer = setInterval(check, 100);
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;
}

/**
 * Opens `url` in a fresh phone-sized context under the slow network and CPU, and gives the time
 * (from the navigation's start, the page's own clock) until the first element matching `selector`
 * is laid out with a size and the next frame is drawn, with what went over the network.
 */
async function loadOnSlowPhone(browser: Browser, url: string, selector: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests++;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: ROUND_TRIP_MS,
      downloadThroughput: BYTES_PER_SECOND,
      uploadThroughput: BYTES_PER_SECOND,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(firstQuestionProbe(selector));
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    try {
      await page.waitForFunction(
        () => (window as unknown as { benchFirstQuestion?: number }).benchFirstQuestion !== undefined,
        null,
        { timeout: LOAD_TIMEOUT_MS, polling: 250 },
      );
    } catch (error) {
      const shot = path.join(tmpdir(), `slow-phone-failure-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`no question on ${page.url()} (screenshot ${shot})`, { cause: error });
    }
    const firstQuestionMs = await page.evaluate(
      () => (window as unknown as { benchFirstQuestion: number }).benchFirstQuestion,
    );
    return { firstQuestionMs, kib: bytes / 1024, requests };
  } finally {
    await context.close();
  }
}

function describe(name: string, load: Load) {
  console.log(
    `  ${name.padEnd(24)} ${ms(load.firstQuestionMs).padStart(8)}  (${load.kib.toFixed(0)} KiB in ${load.requests} requests)`,
  );
}

console.log(
  `Slow phone: CPU ${CPU_SLOWDOWN}x, ${ROUND_TRIP_MS} ms round trip, ${(BYTES_PER_SECOND * 8) / 1000} kbit/s;` +
    ` ${THIRTY_QUESTIONS.length}-question form, ${ROUNDS} rounds${isQuick ? ' (quick)' : ''}`,
);
const server = await startServer();
const surveyJs = await serveSurveyJsPage(
  toSurveyJson({ title: THIRTY_FORM.title, questions: THIRTY_QUESTIONS }),
);
const browser = await launchChromium();
const cleanup = async () => {
  await browser.close();
  await surveyJs.close();
  await server.stop();
};
await withCleanup(cleanup, async () => {
  const study = await setUpParticipantStudy(server.url, 'Slow phone bench');
  const links = await enrolLinks(study, ROUNDS);
  await study.api.dispose();
  const trialbase: Load[] = [];
  const surveyJsLoads: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`round ${round + 1} of ${ROUNDS}`);
    const link = links[round];
    if (!link) throw new Error('no link for the round');
    const tb = await loadOnSlowPhone(
      browser,
      `${server.url}/public/${study.studyId}/${link.token}`,
      TRIALBASE_QUESTION_SELECTOR,
    );
    describe('Trialbase fill page', tb);
    trialbase.push(tb);
    const sj = await loadOnSlowPhone(browser, surveyJs.url, SURVEYJS_QUESTION_SELECTOR);
    describe('SurveyJS page', sj);
    surveyJsLoads.push(sj);
  }
  const tbMs = median(trialbase.map((l) => l.firstQuestionMs));
  const sjMs = median(surveyJsLoads.map((l) => l.firstQuestionMs));
  const ratio = tbMs / sjMs;
  reportRow({
    id: 'slow-phone',
    measure: `slow phone (${CPU_SLOWDOWN}x CPU, ${ROUND_TRIP_MS} ms RTT, ${(BYTES_PER_SECOND * 8) / 1000} kbit/s): link to first question`,
    trialbase: `${ms(tbMs)} (${median(trialbase.map((l) => l.kib)).toFixed(0)} KiB)`,
    anchor: `SurveyJS page ${ms(sjMs)} (${median(surveyJsLoads.map((l) => l.kib)).toFixed(0)} KiB)`,
    ratio: `${ratio.toFixed(2)}${ratio <= 1 ? '' : ' (worse)'}`,
    goal: `≤ ${GOAL_RATIO}x SurveyJS`,
    met: ratio <= GOAL_RATIO,
  });
});
