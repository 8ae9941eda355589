import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import { logIn } from '../../support/session';
import { consentPdf, eConsentStudy } from './econsent-kit';

// Issue 24 item 1: consent documents per e-consent event and language, versioned, uploaded by staff
// on the e-consent page (PDF only, checked by content; no dots in the base name).
test.use({ viewport: { width: 1280, height: 900 } });

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

/** A file of that exact name in a fresh folder (the browser sends the name as it is). */
function file(name: string, content: Buffer): string {
  const full = path.join(mkdtempSync(path.join(tmpdir(), 'econsent-')), name);
  writeFileSync(full, content);
  return full;
}

test('staff upload a consent PDF per language, a second upload is version 2, wrong files are refused', async ({
  page,
}) => {
  const study = await eConsentStudy(api, {
    name: 'Documents',
    languages: ['en', 'de'],
    participantLanguage: 'en',
    withDocuments: false,
  });
  await logIn(page);
  await page.goto(`/study/${study.studyId}/econsent?tab=documents`);
  const event = page.getByTestId('econsent-event');
  await expect(event).toHaveCount(1);
  const german = event.getByTestId('econsent-document-row').and(page.locator('[data-language="de"]'));
  await expect(german).toContainText('No document yet');

  const pdf = Buffer.from(await consentPdf('Einwilligungserklärung', 2), 'base64');
  const upload = async (filePath: string) => {
    const chooser = page.waitForEvent('filechooser');
    await german.getByTestId('econsent-upload').click();
    await (await chooser).setFiles(filePath);
  };
  await upload(file('Einwilligung.pdf', pdf));
  await expect(german.getByTestId('econsent-document-version')).toHaveText('Version 1');
  await expect(german).toContainText('Einwilligung.pdf');
  await expect(german).toContainText('2 pages');

  // Checked by content: a text file named .pdf is refused by the server.
  await upload(file('notes.pdf', Buffer.from('just some text, not a PDF')));
  await expect(page.getByText('The file is not a PDF document.')).toBeVisible();
  // A dot in the base name is refused before sending.
  await upload(file('consent.v2.pdf', pdf));
  await expect(page.getByText('The file name may not contain dots before the extension.')).toBeVisible();

  await upload(file('Einwilligung-neu.pdf', pdf));
  await expect(german.getByTestId('econsent-document-version')).toHaveText('Version 2');
  await german.getByRole('button', { name: 'Show 1 earlier version' }).click();
  await expect(german).toContainText('Version 1');
  await expect(
    event.getByTestId('econsent-document-row').and(page.locator('[data-language="en"]')),
  ).toContainText('No document yet');
  if (process.env.ECONSENT_SHOTS)
    await page.screenshot({
      path: `${process.env.ECONSENT_SHOTS}/staff-documents-desktop.png`,
      fullPage: true,
    });
});
