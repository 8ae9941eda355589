import { buildPath, publicEndpoints } from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../../features/forms/renderer/test-dom';
import {
  earlyLinkOf,
  fillRequests,
  likelyLanguageOf,
  questionnaireLinkOf,
  STORED_LANGUAGE_KEY,
  validateRequest,
} from './plan';

// The early script's calls are only ever used by the app's identical call, so they must be the
// app's own calls (issue 16 item 5): the same method, URL and body as the domain endpoints the
// token and fill pages call, for the same pages the app's route table shows them on.

describe('early link plan', () => {
  let matchPath: (pattern: string, pathname: string) => Record<string, string> | null;
  beforeAll(async () => {
    installDom('https://trialbase.test/');
    ({ matchPath } = await import('../../app/router'));
  });

  const paths = [
    '/public/s1/tok',
    '/public/s1/tok/',
    '/public/s%201/t%2Fk',
    '/public/s1/tok/update',
    '/public/consent/s1/tok',
    '/public/consent/s1/update',
    '/public/success',
    '/public/onetimepassword',
    '/public/s1/econsent/fill/t1',
    '/public/s1/p1/site1/signup',
    '/public/%E0%A4%A/tok',
    '/questionnaire/index',
    '/other/s1/tok',
  ];

  it('finds a link on exactly the paths the app shows its token page on', () => {
    for (const path of paths) {
      const update = path.endsWith('/update') && !matchPath('/public/consent/:studyId/:tokenId', path);
      const route = update
        ? matchPath('/public/:studyId/:token/update', path)
        : matchPath('/public/:studyId/:token', path);
      const expected = route
        ? { page: 'token', studyId: route.studyId, token: route.token, forUpdate: update }
        : null;
      expect(earlyLinkOf(path, ''), path).toEqual(expected);
    }
  });

  it("takes the fill page's link from its query", () => {
    expect(earlyLinkOf('/questionnaire/fill', '?studyId=s1&token=t%201&lang=da')).toEqual({
      page: 'fill',
      studyId: 's1',
      token: 't 1',
    });
    expect(earlyLinkOf('/questionnaire/fill', '?studyId=s1')).toBeNull();
  });

  it("asks for the endpoints' own paths, methods and bodies", () => {
    const studyId = 's 1/x';
    const token = 'tök/en';
    expect(validateRequest(studyId, token, false)).toEqual({
      method: publicEndpoints.validateToken.method,
      url: buildPath(publicEndpoints.validateToken, { studyId }),
      body: JSON.stringify({ token }),
    });
    expect(validateRequest(studyId, token, true).url).toBe(
      buildPath(publicEndpoints.validateTokenUpdate, { studyId }),
    );
    expect(fillRequests(studyId, token)).toEqual([
      {
        method: publicEndpoints.process.method,
        url: buildPath(publicEndpoints.process, { studyId, tokenString: token }),
      },
      {
        method: publicEndpoints.fillState.method,
        url: buildPath(publicEndpoints.fillState, { studyId, token }),
      },
    ]);
  });

  it("guesses the link's language as the token page chooses it", async () => {
    const { PUBLIC_STORAGE_KEY } = await import('../../app/i18n');
    expect(STORED_LANGUAGE_KEY).toBe(PUBLIC_STORAGE_KEY);
    const info = { primaryLanguage: 'da', languages: ['da', 'en', 'pt-br'] };
    expect(likelyLanguageOf(info, null, null)).toBe('da');
    expect(likelyLanguageOf({ ...info, preferredLang: 'en' }, null, null)).toBe('en');
    expect(likelyLanguageOf(info, 'pt_BR', 'en')).toBe('pt-br');
    // A choice the link does not offer is passed over.
    expect(likelyLanguageOf(info, 'ar', 'en')).toBe('en');
    expect(likelyLanguageOf(info, 'ar', 'fr')).toBe('da');
    expect(likelyLanguageOf({ type: 'TOKEN_DISABLED' }, 'da', null)).toBeNull();
  });

  it('goes on to the fill data only for the steps that lead to a questionnaire page', () => {
    const answer = (next: string) => ({ next, studyId: 's1', token: { token: 'tok' } });
    for (const next of ['QUESTIONNAIRE_FILL', 'QUESTIONNAIRE_UPDATE', 'QUESTIONNAIRE_INDEX'])
      expect(questionnaireLinkOf(answer(next)), next).toEqual({ studyId: 's1', token: 'tok' });
    for (const next of ['CONSENT', 'ONE_TIME_PASSWORD', 'ECONSENT_SIGN'])
      expect(questionnaireLinkOf(answer(next)), next).toBeNull();
    expect(questionnaireLinkOf({ type: 'TOKEN_DISABLED', message: 'x' })).toBeNull();
    expect(questionnaireLinkOf(null)).toBeNull();
    // An answer that brought the fill data itself (issue 16) needs no calls for it.
    const brought = { ...answer('QUESTIONNAIRE_FILL'), fill: { process: {}, state: {} } };
    expect(questionnaireLinkOf(brought)).toBeNull();
    expect(questionnaireLinkOf({ ...answer('QUESTIONNAIRE_FILL'), fill: null })).toEqual({
      studyId: 's1',
      token: 'tok',
    });
  });
});

describe('early link script', () => {
  const network = vi.fn<typeof fetch>();
  const studyId = 's1';
  const token = 'tok';
  const pageFetch = globalThis.fetch;
  const STRINGS_MAP = '/assets/link-strings-x.json';
  // The validation is answered when the test says so.
  let answerValidation = () => {};
  const validationHeld = new Promise<void>((resolve) => {
    answerValidation = resolve;
  });

  beforeAll(async () => {
    installDom(`https://trialbase.test/public/${studyId}/${token}`);
    // What the build puts in public.html: the link pages' preloads and the strings map's address.
    document.head.innerHTML = `<template id="link-preloads" data-strings="${STRINGS_MAP}">
      <link rel="modulepreload" href="/assets/link-pages-x.js"></template>`;
    network.mockImplementation(async (input) => {
      if (String(input) === STRINGS_MAP) return Response.json({ da: ['/assets/locale-da-public-x.js'] });
      if (!String(input).endsWith('/validateToken')) return Response.json({ url: String(input) });
      await validationHeld;
      return Response.json({
        next: 'QUESTIONNAIRE_FILL',
        studyId,
        token: { token },
        primaryLanguage: 'da',
        languages: ['da', 'en'],
      });
    });
    globalThis.fetch = network;
    await import('./early-link');
  });
  afterAll(() => {
    globalThis.fetch = pageFetch;
  });

  const call = (endpoint: { method: string; url: string; body?: string }) =>
    globalThis.fetch(endpoint.url, {
      method: endpoint.method,
      body: endpoint.body,
      headers: { accept: 'application/json' },
    });
  const requested = () => network.mock.calls.map(([url, init]) => `${init?.method} ${url}`);
  const validate = validateRequest(studyId, token, false);
  const fill = fillRequests(studyId, token);

  const preloaded = () =>
    [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'));

  it("starts the link's validation (no getInfo) and preloads the link pages at once", () => {
    expect(requested()).toEqual([`${validate.method} ${validate.url}`]);
    expect(preloaded()).toEqual(['/assets/link-pages-x.js']);
  });

  it("asks for the fill data before the app sees the validation's answer", async () => {
    const validating = call(validate);
    answerValidation();
    const validated = await validating;
    // By now getProcess and fillState wait for the app's calls (the app goes on at once), and the
    // strings in the link's language (the study's: no ?lang, nothing stored) are being preloaded.
    expect(requested().slice(1)).toEqual([
      ...fill.map((r) => `${r.method} ${r.url}`),
      `undefined ${STRINGS_MAP}`,
    ]);
    expect(await validated.json()).toMatchObject({ next: 'QUESTIONNAIRE_FILL' });
    await vi.waitFor(() => expect(preloaded()).toContain('/assets/locale-da-public-x.js'));
    // Another body is another call: it goes to the network.
    await call({ ...validate, body: JSON.stringify({ token: 'other' }) });
    expect(network).toHaveBeenCalledTimes(5);
  });

  it("hands each answer to the app's first identical call only", async () => {
    expect(network).toHaveBeenCalledTimes(5);
    // A second validation (the participant's retry) is the app's own.
    await call(validate);
    expect(network).toHaveBeenCalledTimes(6);
    for (const request of fill) expect(await (await call(request)).json()).toEqual({ url: request.url });
    expect(network).toHaveBeenCalledTimes(6);
    // Everything was taken: the page's fetch is its own again.
    expect(globalThis.fetch).toBe(network);
  });
});
