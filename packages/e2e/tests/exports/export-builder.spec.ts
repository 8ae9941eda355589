import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  enrolledSubject,
  fillBaseline,
  logInAs,
  openStudyFromList,
  staffUser,
  twoSiteStudy,
} from '../../support/two-site-study';

// Issue 26 must-show: a monitor of site 1 builds an export from the study menu, watches its progress
// until it is ready, downloads the zip and opens the CSV: the site-1 subject with the answers, the
// site-2 subject nowhere (site-limited users export their sites).

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

test('a site monitor builds an export, watches the progress, downloads it and opens the CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const study = await twoSiteStudy(admin);
  const monitor = await staffUser(admin, study, 'MONITOR', [study.site1]);
  const mine = await enrolledSubject(admin, study, study.site1);
  await fillBaseline(admin, study, mine, '132');
  const other = await enrolledSubject(admin, study, study.site2);
  await fillBaseline(admin, study, other, '118');

  await logInAs(page, monitor);
  await openStudyFromList(page, study);
  await page.getByTestId('study-menu').getByRole('link', { name: 'Exports', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${study.studyId}/exports$`));
  await expect(page.getByRole('heading', { name: 'Exports', exact: true })).toBeVisible();
  // A monitor sees subjects pseudonymised: no identifiable fields and no trial groups are offered.
  await expect(page.getByLabel('Identifiable subject fields')).toHaveCount(0);
  await expect(page.getByLabel('Trial groups')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'R', exact: true }).check();
  await page.getByRole('button', { name: 'Start export' }).click();

  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('progressbar') })
    .first();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^export-[0-9a-f]{24}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
  const names = Object.keys(files);
  expect(names).toEqual(expect.arrayContaining(['codebook.csv', 'csv/long.csv', 'scripts/read.R']));
  const formFile = names.find((n) => n.startsWith('csv/') && n !== 'csv/long.csv');
  expect(formFile, `a wide form file in ${names.join(', ')}`).toBeDefined();
  const csv = strFromU8(files[formFile as string] as Uint8Array);
  const [header, ...rows] = csv.trim().split('\r\n');
  expect(header?.split(',').slice(0, 2)).toEqual(['subject_id', 'site']);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(mine.patientId);
  expect(rows[0]).toContain(study.site1.name);
  expect(rows[0]?.split(',')).toContain('132');
  expect(csv).not.toContain(other.patientId);
});
