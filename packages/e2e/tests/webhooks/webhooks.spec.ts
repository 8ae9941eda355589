import { webcrypto } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import { type RunningServer, startServer } from '../../support/server';
import { staffUser, type TwoSiteStudy, twoSiteStudy } from '../../support/two-site-study';

// Issue 28 item 1 must-show: a study admin registers a webhook on the page (menu clicks) pointing to
// a receiver this test starts on 127.0.0.1, a subject is created, the receiver gets the message
// signed per Standard Webhooks, and the delivery log on the page shows it with its status code.
// Its own server: private addresses are allowed there only (TRIALBASE_WEBHOOKS_ALLOW_PRIVATE).
// With E2E_WEBHOOK_SHOTS=<folder> the page is photographed at 390 px and desktop, English and Arabic.

const SHOTS = process.env.E2E_WEBHOOK_SHOTS;

type Received = { headers: IncomingHttpHeaders; body: string };

let server: RunningServer;
let admin: StaffApi;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
const sharedBaseUrl = process.env.E2E_BASE_URL;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/trialbase`;
  server = await startServer({ TRIALBASE_WEBHOOKS_ALLOW_PRIVATE: 'true' });
  // The API helpers talk to the server of the run; this file's tests use their own.
  process.env.E2E_BASE_URL = server.url;
  admin = await staffApi();
});

test.afterAll(async () => {
  await admin?.dispose();
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await server?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

/** Verifies a Standard Webhooks request as a receiver would (WebCrypto HMAC-SHA256 over id.timestamp.body). */
async function verify(secret: string, message: Received): Promise<boolean> {
  const key = await webcrypto.subtle.importKey(
    'raw',
    Buffer.from(secret.replace(/^whsec_/, ''), 'base64'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const content = `${message.headers['webhook-id']}.${message.headers['webhook-timestamp']}.${message.body}`;
  const mac = Buffer.from(
    await webcrypto.subtle.sign('HMAC', key, new TextEncoder().encode(content)),
  ).toString('base64');
  return String(message.headers['webhook-signature']).split(' ').includes(`v1,${mac}`);
}

async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto(`${server.url}/authentication/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/study$/);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, width] of [
    ['390', 390],
    ['320', 320],
    ['desktop', 1366],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    // The side menu slides away when the window narrows: photograph after it has.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is not wider than the window`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a study admin registers a webhook, a subject is created, the delivery shows in the log with its status', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const study: TwoSiteStudy = await twoSiteStudy(admin, { modules: ['WEBHOOKS'] });
  const studyAdmin = await staffUser(admin, study, 'ADMIN', 'ALL');

  await logIn(page, studyAdmin);
  await page.getByText(study.studyName, { exact: true }).first().click();
  await page.getByTestId('study-menu').getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/webhooks$`));
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  // Without an event the form says what is missing.
  await dialog.getByRole('textbox', { name: 'URL' }).fill(receiverUrl);
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Subject created' }).check();
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Hospital data warehouse');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog).toBeHidden();

  const secretBox = page.getByTestId('webhook-secret-value');
  await expect(secretBox).toHaveValue(/^whsec_/);
  const secret = await secretBox.inputValue();
  const card = page.getByTestId('webhook-card');
  await expect(card.getByTestId('webhook-url')).toHaveText(receiverUrl);
  await expect(card.getByText('Active')).toBeVisible();

  // The event: a subject registered at site 1 (through the API, as a hospital system would).
  const before = received.length;
  await admin.call('POST', `/api/studies/${study.studyId}/sites/${study.site1.id}/patients`, {
    patientId: `WH-${Date.now()}`,
  });
  await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(before);
  const message = received[received.length - 1] as Received;
  expect(JSON.parse(message.body)).toMatchObject({
    type: 'subject.created',
    data: { studyId: study.studyId },
  });
  expect(await verify(secret, message)).toBe(true);

  await card.getByRole('button', { name: 'Delivery log' }).click();
  const log = card.getByTestId('delivery-log');
  const row = log.getByRole('row').filter({ hasText: 'Subject created' }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('delivery-status')).toHaveText('200');
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(row.getByText(/\d+ ms/)).toBeVisible();

  await shoot(page, 'webhooks-en');
  if (SHOTS) {
    await page.goto(`${server.url}/study/${study.studyId}/webhooks?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('webhook-card').getByRole('button', { name: 'سجل التسليم' }).click();
    await expect(page.getByTestId('delivery-status').first()).toHaveText('200');
    await shoot(page, 'webhooks-ar');
    await page.getByRole('button', { name: 'إضافة نقطة نهاية' }).click();
    await shoot(page, 'webhooks-form-ar');
  }
});
