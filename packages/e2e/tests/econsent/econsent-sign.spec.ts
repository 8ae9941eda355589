import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { linkFromOutbox, type StaffApi, staffApi } from '../../support/participant';
import { ADMIN_PASSWORD } from '../../support/server';
import { logIn } from '../../support/session';
import {
  drawSignature,
  eConsentStudy,
  enterEmailedCode,
  pageCount,
  readToEnd,
  renderPage,
} from './econsent-kit';

// Issue 24: a participant signs the consent on a phone (002 §2 e-consent routes, §4 signing and
// flow), downloads the signed PDF, the investigator countersigns on the staff side; the explicit
// variant records each clause.
test.use({ viewport: { width: 390, height: 844 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

/** Screenshots for a human look, when ECONSENT_SHOTS names a folder (a part of the page, or all of it). */
async function shot(page: Page, name: string, part?: Locator) {
  if (!process.env.ECONSENT_SHOTS) return;
  const path = `${process.env.ECONSENT_SHOTS}/${name}.png`;
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

test('a participant signs in German on a phone, downloads the signed PDF, the investigator countersigns', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const study = await eConsentStudy(api, { languages: ['de', 'en'], participantLanguage: 'de' });
  const email = study.participant.email;
  await page.goto(await linkFromOutbox(api, email));

  // The link goes on to the signing page (002 §4), in the participant's language.
  await expect(page).toHaveURL(
    /\/public\/[0-9a-f]{24}\/econsent\/sign\/[0-9a-f]{24}\/[A-Za-z0-9]{32}\?lang=de/,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Einwilligung zur Teilnahme' })).toBeVisible();
  await expect(page.getByTestId('econsent-version')).toHaveText('Version 1');
  const pages = page.getByTestId('econsent-page');
  await expect(pages).toHaveCount(3);
  // Readable without pinch-zoom: each page is as wide as the column, nothing scrolls sideways.
  const firstWidth = (await pages.first().boundingBox())?.width ?? 0;
  expect(firstWidth).toBeGreaterThan(340);
  expect(firstWidth).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The page is drawn (pixels on the canvas), not left blank.
  await expect
    .poll(() =>
      pages
        .first()
        .locator('canvas')
        .evaluate((canvas: HTMLCanvasElement) => {
          const context = canvas.getContext('2d');
          if (!context || canvas.width === 0) return 0;
          const data = context.getImageData(0, 0, canvas.width, Math.min(canvas.height, 200)).data;
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
          return dark;
        }),
    )
    .toBeGreaterThan(50);

  // Signing is locked until the participant has read to the end.
  await expect(page.getByTestId('econsent-locked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dokument unterschreiben' })).toBeDisabled();
  await expect(page.getByTestId('econsent-full-name')).toBeDisabled();
  await shot(page, 'sign-de-390-top');
  await readToEnd(page);
  await expect(page.getByTestId('econsent-read')).toHaveText('Sie haben das Ende des Dokuments erreicht.');
  await expect(page.getByTestId('econsent-locked')).toBeHidden();
  const submit = page.getByRole('button', { name: 'Dokument unterschreiben' });
  await expect(submit).toBeEnabled();

  // Nothing filled in: every missing part is named.
  await submit.click();
  await expect(page.getByText('Geben Sie Ihren vollständigen Namen ein.')).toBeVisible();
  await expect(page.getByText('Zeichnen Sie Ihre Unterschrift in das Feld.')).toBeVisible();
  await expect(page.getByText('Bestätigen Sie die Erklärung, um zu unterschreiben.')).toBeVisible();
  await expect(page.getByText('Fordern Sie einen Code an und geben Sie ihn hier ein.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Ihr vollständiger Name' }).fill('Erika Mustermann');
  await drawSignature(page);
  await expect(page.getByTestId('econsent-meaning')).toContainText('Meine elektronische Unterschrift gilt');
  await page.getByRole('checkbox', { name: 'Ich habe diese Erklärung gelesen und stimme ihr zu.' }).check();
  // A wrong code is refused on its field and nothing is signed.
  await enterEmailedCode(page, api, email);
  const rightCode = await page.getByTestId('econsent-code').inputValue();
  await page.getByTestId('econsent-code').fill(rightCode === '000000' ? '111111' : '000000');
  await submit.click();
  await expect(
    page.getByText('Der Code ist nicht richtig. Prüfen Sie ihn und versuchen Sie es erneut.'),
  ).toBeVisible();
  await page.getByTestId('econsent-code').fill(rightCode);
  await shot(page, 'sign-de-390-form', page.getByTestId('econsent-sign-form'));
  await submit.click();

  // 002 §4: after signing, the e-consent fill page with the signed file.
  await expect(page).toHaveURL(/\/public\/[0-9a-f]{24}\/econsent\/fill\/[0-9a-f]{24}\?lang=de/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank' })).toBeVisible();
  await expect(page.getByText('Sie haben die Einwilligung unterschrieben.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'fill-de-390');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Unterschriebenes Dokument herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_signed\.pdf$/);
  const outDir = process.env.ECONSENT_SHOTS ?? path.join(tmpdir(), `econsent-${Date.now()}`);
  mkdirSync(outDir, { recursive: true });
  const saved = path.join(outDir, 'participant-signed.pdf');
  await download.saveAs(saved);
  // The original's 3 pages and the signature page, whose rendering is looked at by a person.
  const count = await pageCount(saved);
  expect(count).toBe(4);
  const png = renderPage(saved, count, outDir);
  expect(existsSync(png) && statSync(png).size > 5_000).toBe(true);

  // The investigator countersigns on the staff side, with the password.
  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logIn(staff);
  await staff.goto(`/study/${study.studyId}/econsent`);
  const row = staff.getByTestId('econsent-log-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('econsent-state')).toHaveText('Signed by participant');
  await expect(row).toContainText('Erika Mustermann');
  await row.getByRole('link').click();
  await expect(staff.getByTestId('econsent-participant')).toContainText('Erika Mustermann');
  await expect(staff.getByTestId('econsent-identity')).toContainText('email');
  await staff.getByTestId('econsent-countersign').click();
  const dialog = staff.getByRole('dialog');
  await expect(dialog).toContainText('investigator who obtained this consent');
  await dialog.getByRole('textbox', { name: 'Password' }).fill(`${ADMIN_PASSWORD}-wrong`);
  await dialog.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(staff.getByTestId('econsent-state')).toHaveText('Countersigned');
  await expect(staff.getByTestId('econsent-investigator')).not.toContainText('Not signed yet');
  await expect(staff.getByRole('dialog')).toBeHidden();
  await shot(staff, 'staff-view-desktop');

  // The subject's e-consent tab shows the same consent, countersigned.
  await staff.goto(`/study/${study.studyId}/patient/${study.participant.subjectId}?selected=econsent`);
  await expect(staff.getByTestId('econsent-card').getByTestId('econsent-state')).toHaveText('Countersigned');
  // The countersigned PDF downloads with the password and has both signature pages.
  await staff.getByTestId('econsent-download-signed').click();
  await staff.getByRole('dialog').getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  const [staffDownload] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('dialog').getByRole('button', { name: 'Sign and continue' }).click(),
  ]);
  expect(staffDownload.suggestedFilename()).toMatch(/_signed\.pdf$/);
  const countersigned = path.join(outDir, 'countersigned.pdf');
  await staffDownload.saveAs(countersigned);
  const total = await pageCount(countersigned);
  expect(total).toBe(5);
  renderPage(countersigned, total, outDir);
  await staff.close();
});

test('the explicit variant asks each clause and records each answer', async ({ page }) => {
  test.setTimeout(120_000);
  const study = await eConsentStudy(api, {
    name: 'Explicit e-consent',
    languages: ['en'],
    participantLanguage: 'en',
    clauses: [
      { key: 'data', text: { en: 'I agree that my data are used for this study.' }, required: true },
      { key: 'contact', text: { en: 'I may be contacted about future studies.' }, required: false },
    ],
  });
  const email = study.participant.email;
  await page.goto(await linkFromOutbox(api, email));
  await expect(page).toHaveURL(/\/econsent\/sign-explicit\/[0-9a-f]{24}\/[A-Za-z0-9]{32}\?lang=en/);
  const clauses = page.getByTestId('econsent-clause');
  await expect(clauses).toHaveCount(2);
  await readToEnd(page);

  const data = clauses.filter({ hasText: 'my data are used' });
  const contact = clauses.filter({ hasText: 'future studies' });
  await data.getByRole('radio', { name: 'No' }).check();
  await contact.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('textbox', { name: 'Your full name' }).fill('Alex Example');
  await drawSignature(page);
  await page.getByRole('checkbox', { name: 'I have read this statement and agree to it.' }).check();
  await enterEmailedCode(page, api, email);
  await page.getByRole('button', { name: 'Sign the document' }).click();
  // Declining a required clause keeps the participant from signing, with the reason on the clause.
  await expect(
    data.getByText('You can only sign if you agree to this statement.', { exact: false }),
  ).toBeVisible();
  await data.getByRole('radio', { name: 'Yes' }).check();
  await shot(page, 'sign-explicit-en-390');
  await page.getByRole('button', { name: 'Sign the document' }).click();
  await expect(page).toHaveURL(/\/econsent\/fill\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();

  // Each answer is recorded with the signature (signedEConsentFile).
  const tokens = await api.call(
    'GET',
    `/api/studies/${study.studyId}/patient/${study.participant.subjectId}/eConsents`,
  );
  const info = tokens.items[0];
  expect(info.state).toBe('SIGNED_BY_PARTICIPANT');
  expect(
    (info.clauses as { key: string; accepted: boolean }[]).map(({ key, accepted }) => ({ key, accepted })),
  ).toEqual([
    { key: 'data', accepted: true },
    { key: 'contact', accepted: false },
  ]);
});

test('the signing page in Arabic keeps the document and clauses in their own direction, at 390, 320 and desktop widths', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const study = await eConsentStudy(api, {
    name: 'RTL e-consent',
    languages: ['ar', 'en'],
    participantLanguage: 'ar',
    clauses: [
      {
        key: 'data',
        text: { ar: 'أوافق على استخدام بياناتي في هذه الدراسة.', en: 'My data may be used.' },
        required: true,
      },
      {
        key: 'future',
        text: { ar: 'Contact me about future studies (English text).', en: 'Future studies.' },
        required: false,
      },
    ],
  });
  await page.goto(await linkFromOutbox(api, study.participant.email));
  await expect(page).toHaveURL(/\/econsent\/sign-explicit\/.*lang=ar/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الموافقة على المشاركة' })).toBeVisible();
  // The author's document keeps its own direction in a right-to-left page.
  await expect(page.getByTestId('econsent-document')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('econsent-page')).toHaveCount(3);
  await readToEnd(page);
  const clause = page.getByTestId('econsent-clause').filter({ hasText: 'future studies' });
  await expect(clause.locator('bdi[dir="auto"]')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'اسمك الكامل' }).fill('Layla Haddad');
  await drawSignature(page);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    const pageWidth = (await page.getByTestId('econsent-page').first().boundingBox())?.width ?? 0;
    expect(pageWidth).toBeGreaterThan(width - 60);
    await shot(page, `sign-ar-${width}`);
    await shot(page, `sign-ar-${width}-form`, page.getByTestId('econsent-sign-form'));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('econsent-page').first()).toBeVisible();
  await shot(page, 'sign-ar-desktop');
});
