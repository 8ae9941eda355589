import { expect, type Page, test } from '@playwright/test';
import { type StaffApi, staffApi } from '../../support/participant';
import {
  logInAs,
  type StudySite,
  staffUser,
  type TwoSiteStudy,
  twoSiteStudy,
} from '../../support/two-site-study';

// Issue 16 item 4 (spec 001 §2 subject list): the list pages by the server's keyset cursor. A doctor
// of site 1 searches, pages forward and back with five rows a page, and sees only site 1's subjects;
// the total is the count of the search; a new search starts again from the first page; the admin,
// who sees both sites, pages through all the matches.

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

async function register(study: TwoSiteStudy, site: StudySite, patientId: string, lastName: string) {
  await admin.call('POST', `/api/studies/${study.studyId}/sites/${site.id}/patients`, {
    patientId,
    firstName: 'Pat',
    lastName,
    language: 'en',
  });
}

/** The subject ids on screen, and the body of each list request the page sends. */
function listRequests(page: Page) {
  const bodies: { after?: string; page?: number; search?: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/patient/list')) {
      bodies.push(request.postDataJSON() as { after?: string; page?: number; search?: string });
    }
  });
  return bodies;
}

async function choosePageSize(page: Page, size: number) {
  await page.getByTestId('page-size').click();
  await page.getByRole('option', { name: String(size), exact: true }).click();
}

test('a site-limited doctor pages through a search by cursor, forward and back, and sees only site 1', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const study = await twoSiteStudy(admin);
  // Site 1: eight subjects SMI-01..08 and three others; site 2: four more SMI subjects.
  for (let n = 1; n <= 8; n++) await register(study, study.site1, `SMI-0${n}`, 'Smithson');
  for (const id of ['JON-01', 'JON-02', 'JON-03']) await register(study, study.site1, id, 'Jones');
  for (let n = 1; n <= 4; n++) await register(study, study.site2, `SMI-2${n}`, 'Smithson');
  const doctor = await staffUser(admin, study, 'DOCTOR', [study.site1]);

  await logInAs(page, doctor);
  const requests = listRequests(page);
  await page.goto(`/study/${study.studyId}/patient`);
  const ids = page.getByTestId('subject-table').getByTestId('subject-link');
  await expect(ids).toHaveCount(11);
  await expect(page.getByTestId('subject-total')).toHaveText('Subjects: 11');

  await choosePageSize(page, 5);
  await expect(ids).toHaveText(['JON-01', 'JON-02', 'JON-03', 'SMI-01', 'SMI-02']);
  await expect(page.getByTestId('subject-page')).toHaveText('Page 1 of 3');
  await page.getByTestId('subject-search').fill('smi');
  await expect(ids).toHaveText(['SMI-01', 'SMI-02', 'SMI-03', 'SMI-04', 'SMI-05']);
  await expect(page.getByTestId('subject-total')).toHaveText('Subjects: 8');
  await expect(page.getByTestId('subject-page')).toHaveText('Page 1 of 2');
  await expect(page.getByTestId('subject-previous-page')).toBeDisabled();

  // Next: the rows after the cursor of page 1, never site 2's SMI-2x.
  await page.getByTestId('subject-next-page').click();
  await expect(ids).toHaveText(['SMI-06', 'SMI-07', 'SMI-08']);
  await expect(page.getByTestId('subject-page')).toHaveText('Page 2 of 2');
  await expect(page.getByTestId('subject-total')).toHaveText('Subjects: 8');
  await expect(page.getByTestId('subject-next-page')).toBeDisabled();
  const second = requests.at(-1);
  expect(second?.search).toBe('smi');
  expect(second?.after, 'page 2 asked after a cursor').toBeTruthy();

  // Previous goes back along the trail.
  await page.getByTestId('subject-previous-page').click();
  await expect(ids).toHaveText(['SMI-01', 'SMI-02', 'SMI-03', 'SMI-04', 'SMI-05']);
  await expect(page.getByTestId('subject-page')).toHaveText('Page 1 of 2');

  // Forward again, then a new search starts from its first page.
  await page.getByTestId('subject-next-page').click();
  await expect(ids).toHaveText(['SMI-06', 'SMI-07', 'SMI-08']);
  await page.getByTestId('subject-search').fill('jon');
  await expect(ids).toHaveText(['JON-01', 'JON-02', 'JON-03']);
  await expect(page.getByTestId('subject-page')).toHaveText('Page 1 of 1');
  expect(requests.at(-1)?.after).toBeUndefined();

  // A new sort too: descending subject ids from the first page.
  await page.getByTestId('subject-search').fill('smi');
  await expect(ids).toHaveText(['SMI-01', 'SMI-02', 'SMI-03', 'SMI-04', 'SMI-05']);
  await page.getByTestId('subject-next-page').click();
  await expect(ids).toHaveText(['SMI-06', 'SMI-07', 'SMI-08']);
  await page.getByTestId('sort-patientId').click();
  await expect(ids).toHaveText(['SMI-08', 'SMI-07', 'SMI-06', 'SMI-05', 'SMI-04']);
  await expect(page.getByTestId('subject-page')).toHaveText('Page 1 of 2');
  await page.getByTestId('subject-next-page').click();
  await expect(ids).toHaveText(['SMI-03', 'SMI-02', 'SMI-01']);
});

test('the admin pages through the matches of both sites', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const study = await twoSiteStudy(admin);
  for (let n = 1; n <= 4; n++) await register(study, study.site1, `SMI-0${n}`, 'Smithson');
  for (let n = 1; n <= 4; n++) await register(study, study.site2, `SMI-2${n}`, 'Smithson');
  await register(study, study.site2, 'JON-01', 'Jones');
  const user = await staffUser(admin, study, 'ADMIN', 'ALL');

  await logInAs(page, user);
  await page.goto(`/study/${study.studyId}/patient`);
  const ids = page.getByTestId('subject-table').getByTestId('subject-link');
  await expect(ids).toHaveCount(9);
  await choosePageSize(page, 5);
  await page.getByTestId('subject-search').fill('Smithson');
  await expect(ids).toHaveText(['SMI-01', 'SMI-02', 'SMI-03', 'SMI-04', 'SMI-21']);
  await expect(page.getByTestId('subject-total')).toHaveText('Subjects: 8');
  await page.getByTestId('subject-next-page').click();
  await expect(ids).toHaveText(['SMI-22', 'SMI-23', 'SMI-24']);
  await expect(page.getByTestId('subject-page')).toHaveText('Page 2 of 2');
  await page.getByTestId('subject-previous-page').click();
  await expect(ids).toHaveText(['SMI-01', 'SMI-02', 'SMI-03', 'SMI-04', 'SMI-21']);
});
