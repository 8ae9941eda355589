import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import { logInAs, staffUser, type TwoSiteStudy } from '../../support/two-site-study';
import { consentPdf, eConsentStudy } from './econsent-kit';

// Issue 24, spec 001 §7 setEconsentSigned by staff: the site's investigator records, through the
// menu and the subject's e-consent tab, that the participant signed the consent on paper (date,
// witness, reason, the scanned paper, the password); the consent then shows as signed on paper in
// the subject's list and in the consent log. A wrong password is refused in the dialog.

let api: StaffApi;
test.beforeAll(async () => {
  api = await staffApi();
});
test.afterAll(async () => api?.dispose());

async function shot(page: Page, name: string) {
  if (process.env.ECONSENT_SHOTS)
    await page.screenshot({ path: `${process.env.ECONSENT_SHOTS}/${name}.png`, fullPage: true });
}

test('the site investigator records a consent signed on paper through the menu', async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const study = await eConsentStudy(api, {
    languages: ['en'],
    participantLanguage: 'en',
    name: 'Paper consent',
  });
  const site = { id: study.siteId, name: 'Odense clinic' };
  const investigator = await staffUser(api, { studyId: study.studyId } as TwoSiteStudy, 'INVESTIGATOR', [
    site,
  ]);
  const log = await api.call('GET', `/api/studies/${study.studyId}/eConsentLog`);
  const patientId = log.items[0].subjectKey as string;

  await logInAs(page, investigator);
  // The investigator works in this study only: its card is the one in the study list.
  await page
    .getByText(/^Paper consent \d/)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/`));
  await page.getByTestId('study-menu').getByRole('link', { name: 'Subjects', exact: true }).click();
  await page.getByTestId('subject-table').getByTestId('subject-link').filter({ hasText: patientId }).click();
  await expect(page.getByRole('heading', { name: patientId })).toBeVisible();
  await page.getByTestId('tab-econsent').click();
  const card = page.getByTestId('econsent-card');
  await expect(card.getByTestId('econsent-state')).toHaveText('Not signed');
  await card.getByRole('button', { name: 'Record paper consent' }).click();

  const dialog = page.getByRole('dialog', { name: 'Record a consent signed on paper' });
  await expect(dialog).toContainText('the participant signed the consent on paper');
  // Everything is required but the scan.
  await dialog.getByRole('button', { name: 'Record as signed on paper' }).click();
  await expect(dialog.getByText('Fill in this field.')).toHaveCount(3);
  const yesterday = new Date(Date.now() - 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const signedDate = `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`;
  await dialog.getByLabel('Date signed').fill(signedDate);
  await dialog.getByRole('textbox', { name: 'Witness' }).fill('Nurse Maria Jensen');
  await dialog
    .getByRole('textbox', { name: 'Reason' })
    .fill('The participant has no smartphone; signed at the visit.');
  const scan = info.outputPath('signed-paper.pdf');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(scan, Buffer.from(await consentPdf('Signed consent (scan)', 2), 'base64'));
  const [fileChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByTestId('econsent-paper-scan').click(),
  ]);
  await fileChooser.setFiles(scan);
  await expect(dialog).toContainText('signed-paper.pdf');
  await dialog.getByLabel('Your password').fill(`${investigator.password}-wrong`);
  await dialog.getByRole('button', { name: 'Record as signed on paper' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await shot(page, 'paper-dialog');
  await dialog.getByLabel('Your password').fill(investigator.password);
  await dialog.getByRole('button', { name: 'Record as signed on paper' }).click();
  await expect(dialog).toBeHidden();

  await expect(card.getByTestId('econsent-state')).toHaveText('Signed on paper');
  const paper = card.getByTestId('econsent-paper');
  await expect(paper.getByTestId('econsent-paper-signed-date')).toContainText(
    signedDate.split('-').reverse().join('-'),
  );
  await expect(paper.getByTestId('econsent-paper-witness-view')).toContainText('Nurse Maria Jensen');
  await expect(paper).toContainText('signed-paper.pdf');
  await expect(card.getByRole('button', { name: 'Record paper consent' })).toHaveCount(0);
  await shot(page, 'paper-card');

  // The scan downloads with the password, as it was uploaded.
  await card.getByRole('button', { name: 'Download scan' }).click();
  const prompt = page.getByRole('dialog');
  await prompt.getByRole('textbox', { name: 'Password' }).fill(investigator.password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    prompt.getByRole('button', { name: 'Sign and continue' }).click(),
  ]);
  const saved = info.outputPath('downloaded.pdf');
  await download.saveAs(saved);
  expect(download.suggestedFilename()).toBe('signed-paper.pdf');
  expect(execFileSync('sha256sum', [saved]).toString().split(' ')[0]).toBe(
    execFileSync('sha256sum', [scan]).toString().split(' ')[0],
  );

  // The consent log (menu → eConsent) shows it as signed on paper.
  await page.getByTestId('study-menu').getByRole('link', { name: 'eConsent', exact: true }).click();
  const row = page.getByTestId('econsent-log-row').filter({ hasText: patientId });
  await expect(row.getByTestId('econsent-log-paper')).toHaveText('On paper');
  await expect(row.getByTestId('econsent-state')).toHaveText('Signed on paper');
  await shot(page, 'paper-log');
});
