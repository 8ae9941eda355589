import { expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Spec 001 §3 / §7 unscheduled events (POST .../enrollments/{enrollmentId}/unexpected): the records
// tab offers only the events the process switches on; a discontinuation needs its reason (free text
// for OTHER), ends the enrollment and its form is filled with the `/unscheduled` calls; the record
// history names the event and the reason.

async function call(page: Page, url: string, data: object = {}) {
  const res = await page.request.post(url, { headers: { 'x-csrf-token': await csrf(page) }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

test('a discontinuation asks for its reason, ends the enrollment and its form is filled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const studyId = await createStudy(page, 'Unscheduled events');
  const site = await call(page, `/api/studies/${studyId}/sites`, { name: 'Vejle clinic' });
  const form = await call(page, `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: 'End of study' },
    type: 'TYPE_HP',
    questions: [{ id: 'q-note', order: 1, type: 'TEXT_SENTENCE', required: true, question: { en: 'Notes' } }],
  });
  await call(page, `/api/studies/${studyId}/forms/promoteFormVersion`, { formId: form.id, kind: 'major' });
  const process = await call(page, `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Follow-up',
    dataEvents: [{ name: { en: 'Baseline' }, type: 'TYPE_USER', forms: [form.id] }],
    unexpected: true,
    unexpectedVisit: { selectedQts: [form.id] },
    discontinued: true,
    discontinueDataEvent: { selectedQts: [form.id] },
  });
  await call(page, `/api/study/${studyId}/start`);
  const [subject] = await call(page, `/api/studies/${studyId}/sites/${site.id}/patients`, {
    patientId: 'U-001',
  });
  await call(page, `/api/studies/${studyId}/enrollments`, {
    subjectId: subject.id,
    siteId: site.id,
    processId: process.id,
  });

  await page.goto(`/study/${studyId}/patient/${subject.id}?selected=records`);
  const enrollment = page.getByTestId('enrollment');
  await enrollment.getByTestId('record-unscheduled').click();
  const dialog = page.getByRole('dialog', { name: 'Record an unscheduled event' });
  // Only the switched-on events are offered; external data is off in this process.
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: 'External data' })).toHaveCount(0);
  await expect(dialog.getByTestId('unscheduled-submit')).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Discontinuation' }).check();
  await expect(dialog.getByTestId('discontinue-warning')).toBeVisible();
  await dialog.getByTestId('unscheduled-submit').click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByTestId('unscheduled-submit').click();
  await expect(dialog.getByTestId('discontinue-other')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByTestId('discontinue-other').fill('Moved to another trial');
  await dialog.getByTestId('unscheduled-submit').click();
  await expect(dialog).toBeHidden();

  // The enrollment has ended: no further unscheduled events; the discontinuation's form is open.
  await expect(enrollment.getByTestId('enrollment-status')).not.toHaveText('Ongoing');
  await expect(enrollment.getByTestId('record-unscheduled')).toHaveCount(0);
  const row = enrollment.getByTestId('token-row').filter({ hasText: 'Discontinuation' });
  await row.getByTestId('token-fill').click();
  await expect(page).toHaveURL(/unscheduled=1/);
  await page.getByRole('textbox', { name: 'Notes' }).fill('Left the region.');
  await page.getByTestId('submit-form').click();
  await expect(page.getByTestId('completion')).toBeVisible();

  await page.goto(`/study/${studyId}/patient/${subject.id}?selected=history`);
  const recorded = page.getByTestId('history-entry').filter({ hasText: 'Unscheduled event recorded' });
  await expect(recorded).toHaveCount(1);
  await expect(recorded.getByTestId('history-reason')).toHaveText('Moved to another trial');
  await expect(recorded.getByTestId('history-where')).toContainText('Discontinuation');
});
