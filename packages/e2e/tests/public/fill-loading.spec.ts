import { expect, test } from '@playwright/test';
import {
  enrolParticipant,
  linkFromOutbox,
  participantStudy,
  type StaffApi,
  staffApi,
} from '../../support/participant';

// Issue 16 item 5 (HTTP that respects phones): the fill page's code is requested while the link is
// being validated, not after the validation's round trip; its data is asked for as soon as the
// link is valid; what the browser downloads comes compressed and hashed files are cached for good.
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
  page.on('request', (request) => {
    if (/\/assets\/fill-page-[\w-]+\.js$/.test(request.url())) note('fill page chunk requested');
    if (/\/getProcess$/.test(request.url())) note('process requested');
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
  expect(at('process requested'), JSON.stringify(events)).toBeGreaterThanOrEqual(at('validation answered'));

  // Chromium accepts br: every JS and CSS file came as its brotli copy, cached for a year.
  const code = assets.filter((a) => /\.(js|css)$/.test(a.url));
  expect(code.length).toBeGreaterThan(5);
  for (const asset of code) {
    expect.soft(asset.encoding, asset.url).toBe('br');
    expect.soft(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
  }
  const entry = await page.request.get(link, { headers: { 'accept-encoding': 'br' } });
  expect(entry.headers()['cache-control']).toBe('no-cache');

  // A reload of the fill page asks for its data beside its code, not after it (routing turns the
  // browser cache off, so the held chunk is fetched again).
  await page.route('**/assets/fill-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_DELAY_MS));
    const response = await route.fetch();
    note('reload: fill page chunk answered');
    await route.fulfill({ response });
  });
  const reloadedAt = Date.now() - started;
  await page.reload();
  await expect(page.getByText('Mood from 0 to 10')).toBeVisible();
  const after = (what: string) => events.find((e) => e.what === what && e.at >= reloadedAt)?.at ?? Number.NaN;
  expect(after('process requested'), JSON.stringify(events)).toBeLessThan(
    after('reload: fill page chunk answered'),
  );
  expect(events.filter((e) => e.what === 'process requested' && e.at >= reloadedAt)).toHaveLength(1);
});
