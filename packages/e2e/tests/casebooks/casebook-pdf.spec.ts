import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/server';
import {
  enrolledSubject,
  fillBaseline,
  logInAs,
  SYSTOLIC,
  staffUser,
  twoSiteStudy,
  VISIT_FORM_TITLE,
} from '../../support/two-site-study';

// Issue 27 item 4 must-show: an investigator downloads a subject's casebook from the subject view
// (language, progress, download), its pages are rendered to PNG with pdftoppm (kept beside the test's
// results to look at) and each has ink; the study helper, who may not view all of the record, gets no
// button; the blank form PDF comes from the form list.

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

/** Pages of a PDF (pdfinfo). */
function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/**
 * Dark pixels of a page's body (below the header, above the page number), rendered in grey: a
 * binary PGM from pdftoppm.
 */
function inkOf(file: string, page: number): number {
  const pgm = execFileSync('pdftoppm', ['-r', '30', '-gray', '-f', String(page), '-l', String(page), file]);
  // P5 header: magic, width, height, maxval, each ending in whitespace.
  const fields: string[] = [];
  let offset = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(pgm[offset] ?? 0))) offset++;
    const start = offset;
    while (!/\s/.test(String.fromCharCode(pgm[offset] ?? 32))) offset++;
    fields.push(pgm.subarray(start, offset).toString());
  }
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  const pixels = pgm.subarray(offset + 1);
  let dark = 0;
  for (let row = Math.floor(height * 0.12); row < Math.floor(height * 0.92); row++) {
    for (let col = 0; col < width; col++) if ((pixels[row * width + col] ?? 255) < 128) dark++;
  }
  return dark;
}

async function saveDownload(page: Page, click: () => Promise<void>, file: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  await download.saveAs(file);
  return download.suggestedFilename();
}

test('an investigator downloads a casebook from the subject view; every page has ink', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const study = await twoSiteStudy(admin);
  const investigator = await staffUser(admin, study, 'INVESTIGATOR', [study.site1]);
  const helper = await staffUser(admin, study, 'STUDY_HELPER', 'ALL');
  const subject = await enrolledSubject(admin, study, study.site1);
  await fillBaseline(admin, study, subject, '132');

  await logInAs(page, investigator);
  await page.goto(`/study/${study.studyId}/patient/${subject.subjectId}`);
  await page.getByRole('button', { name: 'Casebook PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print the casebook' });
  await expect(dialog.getByLabel('Language')).toHaveValue('English');
  await page.screenshot({ path: info.outputPath('dialog.png') });
  await dialog.getByRole('button', { name: 'Print' }).click();
  const job = dialog.getByTestId('casebook-job').first();
  await expect(job.getByText(/Ready: \d+ pages/)).toBeVisible({ timeout: 60_000 });
  const file = info.outputPath('casebook.pdf');
  const name = await saveDownload(page, () => job.getByRole('button', { name: 'Download' }).click(), file);
  expect(name).toBe(`casebook-${subject.patientId}-en.pdf`);

  const pages = pageCount(file);
  const ready = await job.getByText(/Ready: \d+ pages/).textContent();
  expect(pages).toBe(Number(/(\d+)/.exec(ready ?? '')?.[1]));
  expect(pages).toBeGreaterThanOrEqual(2);
  for (let p = 1; p <= pages; p++) expect(inkOf(file, p), `ink on page ${p}`).toBeGreaterThan(40);
  execFileSync('pdftoppm', ['-r', '60', '-png', file, info.outputPath('page')]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  expect(text).toContain('Contents');
  expect(text).toContain(VISIT_FORM_TITLE);
  expect(text).toContain(`${SYSTOLIC} 132`);
  expect(text).toContain(`Page ${pages} of ${pages}`);

  // The study helper may not view AEs or medication: no casebook for it.
  await page.context().clearCookies();
  await logInAs(page, helper);
  await page.goto(`/study/${study.studyId}/patient/${subject.subjectId}`);
  await expect(page.getByTestId('tab-profile')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Casebook PDF' })).toHaveCount(0);
});

test('the form list and the builder give the blank form as a PDF with every question and its choices', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const study = await twoSiteStudy(admin);
  await logInAs(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await page.goto(`/study/${study.studyId}/questionnaireTemplate`);
  await page
    .getByTestId('form-row')
    .filter({ hasText: VISIT_FORM_TITLE })
    .getByTestId('form-actions')
    .click();
  const file = info.outputPath('blank.pdf');
  await saveDownload(
    page,
    () => page.getByRole('menuitem', { name: 'Blank form PDF (English)' }).click(),
    file,
  );
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  expect(text).toContain(`Q1. ${SYSTOLIC} (required)`);
  expect(text).toContain('From 50 to 250');
  expect(text).toContain('Yes');
  expect(text).toContain('No');
  expect(inkOf(file, 1)).toBeGreaterThan(200);
  execFileSync('pdftoppm', ['-r', '60', '-png', file, info.outputPath('blank')]);

  // The form builder offers it too, in the language being edited.
  await page.goto(`/study/${study.studyId}/questionnaireTemplate/${study.formId}/edit/`);
  const fromBuilder = info.outputPath('blank-builder.pdf');
  await saveDownload(page, () => page.getByRole('button', { name: 'Blank form PDF' }).click(), fromBuilder);
  const builderText = execFileSync('pdftotext', ['-enc', 'UTF-8', fromBuilder, '-'], { encoding: 'utf8' });
  expect(builderText.replace(/\s+/g, ' ')).toContain(`Q1. ${SYSTOLIC} (required)`);
});
