import {
  type EarlyRequest,
  earlyLinkOf,
  fillRequests,
  likelyLanguageOf,
  questionnaireLinkOf,
  STORED_LANGUAGE_KEY,
  validateRequest,
} from './plan';

/**
 * The participant page's first script (issue 16 item 5): bundled on its own into a classic script
 * that the built public.html carries inline (vite.config.ts linkPreloads; the server's CSP lists its
 * hash), so it runs while the page's head is parsed, before the app's files are even asked for; it
 * must import nothing the app also loads. In development the app's entry imports it first. When
 * the page opens a link it
 * - adds the link's route and fill page chunks, their CSS and English strings to the downloads
 *   (the build lists them in `<template id="link-preloads">`), so the page's code comes in one
 *   wave with the entry instead of three in series;
 * - starts the link's validation (whose answer brings the next page's data: the fill data, or the
 *   consent info; getProcess and fillState are started after it only when it did not) while the
 *   code downloads. getInfo is the token page's own call, made only for a link it could not open.
 * - preloads the pages' strings in the link's language once the validation tells it.
 *
 * The app is not told: its own fetch of exactly the same call (method, URL, body) gets the early
 * answer, once, and handles it as it handles any answer (same parsing, errors, language, flow). So
 * every link state works as before, and validateToken still runs once per page open: the app's
 * call is the early one. An answer nobody took within TAKE_WITHIN_MS is dropped, so no later call
 * ever gets an old answer; fetch is handed back once all were taken or dropped.
 */

const TAKE_WITHIN_MS = 120_000;

type Waiting = EarlyRequest & { answer: Promise<Response> };

const waiting: Waiting[] = [];
// globalThis is the window in a page (and what the app's calls use); unit tests run it in Node.
const pageFetch = globalThis.fetch;

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return new URL(input, window.location.href).href;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** Hands back the page's fetch once nothing waits (unless something else wrapped it since). */
function release(entry: Waiting): void {
  const index = waiting.indexOf(entry);
  if (index >= 0) waiting.splice(index, 1);
  if (waiting.length === 0 && globalThis.fetch === earlyFetch) globalThis.fetch = pageFetch;
}

/** The app's fetch: an identical early call's answer, once; anything else as usual. */
function earlyFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const body = init?.body;
  const entry =
    input instanceof Request || (body != null && typeof body !== 'string')
      ? undefined
      : waiting.find(
          (w) =>
            w.method === method &&
            new URL(w.url, window.location.href).href === urlOf(input) &&
            (w.body ?? null) === (body ?? null),
        );
  if (!entry) return pageFetch.call(globalThis, input, init);
  release(entry);
  const signal = init?.signal;
  if (!signal) return entry.answer;
  // The caller's abort (its timeout) ends its wait as it would end its own request.
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    entry.answer.then(resolve, reject);
  });
}

/**
 * Starts `request` now; the answer waits for the app's identical call. `then` sees the answer
 * before the app can (the app gets it once `then` is done).
 */
function start(request: EarlyRequest, then?: (response: Response) => Promise<void>): Promise<Response> {
  const sent = pageFetch.call(globalThis, request.url, {
    method: request.method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: request.body,
  });
  const answer = then
    ? sent.then(async (response) => {
        await then(response.clone()).catch(() => undefined);
        return response;
      })
    : sent;
  const entry: Waiting = { ...request, answer };
  waiting.push(entry);
  globalThis.fetch = earlyFetch;
  // A failure reaches the app's call; unhandled here it would only be logged.
  answer.catch(() => undefined);
  const drop = () => setTimeout(() => release(entry), TAKE_WITHIN_MS);
  answer.then(drop, drop);
  return answer;
}

const preloads = document.getElementById('link-preloads');

/** Adds the build's list of the link pages' chunks, styles and strings to the downloads. */
function preloadLinkPages(): void {
  if (preloads?.tagName === 'TEMPLATE')
    document.head.append((preloads as HTMLTemplateElement).content.cloneNode(true));
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORED_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** Preloads the link pages' strings in `language` (English comes with the page's preloads). */
async function preloadStrings(language: string): Promise<void> {
  const mapUrl = preloads?.dataset.strings;
  if (language === 'en' || !mapUrl) return;
  const response = await pageFetch.call(globalThis, mapUrl);
  if (!response.ok) return;
  const files = ((await response.json()) as Record<string, string[] | undefined>)[language] ?? [];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

/**
 * After the validation, before the app sees its answer: starts getProcess and fillState when the
 * link goes on to a questionnaire page (so the app's own calls for them find these waiting), and
 * preloads the strings in the link's language.
 */
async function afterValidation(validated: Response): Promise<void> {
  if (!validated.ok) return;
  const answer: unknown = await validated.json();
  const next = questionnaireLinkOf(answer);
  if (next) for (const request of fillRequests(next.studyId, next.token)) void start(request);
  const language = likelyLanguageOf(
    answer,
    new URLSearchParams(window.location.search).get('lang'),
    storedLanguage(),
  );
  if (language) preloadStrings(language).catch(() => undefined);
}

const link = earlyLinkOf(window.location.pathname, window.location.search);
if (link) {
  preloadLinkPages();
  if (link.page === 'fill') {
    for (const request of fillRequests(link.studyId, link.token)) void start(request);
  } else {
    void start(validateRequest(link.studyId, link.token, link.forUpdate), afterValidation);
  }
}
