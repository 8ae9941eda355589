import { expect, test } from '@playwright/test';
import {
  enrolParticipant,
  linkFromOutbox,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';

// Issue 16 item 5 (HTTP that respects phones): the page's first script starts the link's calls
// while the app's code downloads, and asks for the fill page's code (the `link-pages` chunk) beside
// the entry; the validation's answer brings the fill data, so the page asks for no more (a reload
// asks for it beside its code; getInfo goes only for a link that cannot be opened); the app takes those early answers as its own calls (each call once
// per page open); what the browser downloads comes compressed and hashed files are cached for good.
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

/** How long validateToken is held back: a slow phone's round trip, long enough to tell orders apart. */
const VALIDATION_DELAY_MS = 1500;

test('the fill page downloads during the link validation, compressed and cached', async ({ page }) => {
  const study = await participantStudy(api, { name: 'Fill loading' });
  const person = await enrolParticipant(api, study);
  const link = await linkFromOutbox(api, person.email);

  const events: { at: number; what: string }[] = [];
  const started = Date.now();
  const note = (what: string) => events.push({ at: Date.now() - started, what });
  await page.route('**/token/validateToken', async (route) => {
    note('validation requested');
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_DELAY_MS));
    const response = await route.fetch();
    note('validation answered');
    await route.fulfill({ response });
  });
  const assets: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/link-pages-[\w-]+\.js$/.test(request.url())) note('fill page chunk requested');
    if (/\/getProcess$/.test(request.url())) note('process requested');
    if (request.url().includes('/api/public/'))
      calls.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  // The app's code held back like the validation: its calls cannot come from the app itself.
  await page.route('**/assets/public-first-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_DELAY_MS));
    const response = await route.fetch();
    note('entry chunk answered');
    await route.fulfill({ response });
  });
  page.on('response', async (response) => {
    if (!response.url().includes('/assets/')) return;
    const headers = await response.allHeaders();
    assets.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
    });
  });

  await page.goto(link);
  await expect(page.getByText('Mood from 0 to 10')).toBeVisible();

  const at = (what: string) => events.find((e) => e.what === what)?.at ?? Number.NaN;
  // The chunk was asked for together with the validation, before its answer came (it used to
  // wait for that answer).
  expect(at('validation requested'), JSON.stringify(events)).toBeLessThan(at('validation answered'));
  expect(at('fill page chunk requested'), JSON.stringify(events)).toBeLessThan(at('validation answered'));
  // The validation was asked for before the app's code had arrived (by the page's first script),
  // and the app took that answer as its own call: each of the link's calls went out once, and the
  // form came with the validation's answer (no getProcess or fillState); getInfo is only for a
  // link that cannot be opened.
  expect(at('validation requested'), JSON.stringify(events)).toBeLessThan(at('entry chunk answered'));
  const count = (name: string, from = 0) => calls.slice(from).filter((c) => c === name).length;
  for (const [name, times] of [
    ['getInfo', 0],
    ['validateToken', 1],
    ['getProcess', 0],
    ['fillState', 0],
  ] as const)
    expect(count(name), `${name}: ${calls.join()}`).toBe(times);

  // Chromium accepts br: every JS and CSS file came as its brotli copy, cached for a year: the
  // entry, rolldown's runtime and link-pages (the page carries its styles inline). (The held
  // public-first chunk is left out: it went through the test's route.)
  const code = assets.filter((a) => /\.(js|css)$/.test(a.url) && !a.url.includes('/public-first-'));
  expect(code.length).toBeGreaterThanOrEqual(3);
  for (const asset of code) {
    expect.soft(asset.encoding, asset.url).toBe('br');
    expect.soft(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
  }
  const entry = await page.request.get(link, { headers: { 'accept-encoding': 'br' } });
  expect(entry.headers()['cache-control']).toBe('no-cache');

  // A reload of the fill page asks for its data beside its code, not after it (routing turns the
  // browser cache off, so the held chunk is fetched again).
  await page.route('**/assets/link-pages-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_DELAY_MS));
    const response = await route.fetch();
    note('reload: fill page chunk answered');
    await route.fulfill({ response });
  });
  const reloadedAt = Date.now() - started;
  const callsBeforeReload = calls.length;
  await page.reload();
  await expect(page.getByText('Mood from 0 to 10')).toBeVisible();
  const after = (what: string) => events.find((e) => e.what === what && e.at >= reloadedAt)?.at ?? Number.NaN;
  expect(after('process requested'), JSON.stringify(events)).toBeLessThan(
    after('reload: fill page chunk answered'),
  );
  expect(events.filter((e) => e.what === 'process requested' && e.at >= reloadedAt)).toHaveLength(1);
  // The reload validates nothing again: the fill page's data only, once each.
  for (const [name, times] of [
    ['validateToken', 0],
    ['getProcess', 1],
    ['fillState', 1],
  ] as const)
    expect(count(name, callsBeforeReload), `${name}: ${calls.join()}`).toBe(times);
});
