import { expect, type Locator, type Page, test } from '@playwright/test';
import { dragByMouse, keyboardMove } from '../../support/dnd';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 6 item 2 (spec 001 §2 process create/edit and read-only view, §5 process rules): a two-event
// process is built on screen, its events reordered by mouse drag and by keyboard, saved, and seen in
// the read-only timeline in the new order with an icon and type per event.

async function createForm(page: Page, studyId: string, name: string): Promise<string> {
  const res = await page.request.post(`/api/studies/${studyId}/questionnairetemplate`, {
    headers: { 'x-csrf-token': await csrf(page) },
    data: {
      id: '',
      title: { en: name },
      type: 'TYPE_PATIENT',
      questions: [{ id: 'q1', order: 1, type: 'TEXT_SENTENCE', question: { en: 'How are you?' } }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function pickOption(page: Page, input: Locator, name: string) {
  await input.click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('a study builder builds a two-event process, reorders it by drag and keyboard and sees the timeline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page);
  const studyId = await createStudy(page, 'Process study');
  await createForm(page, studyId, 'Quality of life');
  await createForm(page, studyId, 'Vital signs');

  await page.goto(`/study/${studyId}/pathway`);
  await expect(page.getByRole('heading', { name: 'Processes' })).toBeVisible();
  await expect(page.getByTestId('no-processes')).toBeVisible();
  await page.getByTestId('create-process').click();
  await expect(page).toHaveURL(/\/pathway\/create$/);

  // Spec 001 §5: the name is required; the domain check shows it on the field before any call.
  await page.getByTestId('save-process').click();
  const name = page.getByTestId('process-name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('general-info')).toContainText('Required');
  await expect(page.getByTestId('issue-count')).toBeVisible();
  await name.fill('Follow-up schedule');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');

  // A patient survey with form A, then a staff visit with form B.
  const editor = page.getByTestId('event-editor');
  await page.getByTestId('add-TYPE_PATIENT').click();
  await editor.getByTestId('event-name').fill('Baseline survey');
  await pickOption(page, editor.getByTestId('event-forms'), 'Quality of life');
  await page.getByTestId('add-TYPE_USER').click();
  await expect(editor.getByTestId('event-type')).toHaveText('Staff visit');
  await editor.getByTestId('event-name').fill('Screening visit');
  await pickOption(page, editor.getByTestId('event-forms'), 'Vital signs');

  const titles = page.getByTestId('event-title');
  const handles = page.getByTestId('event-drag-handle');
  await expect(titles).toHaveText(['1. Baseline survey', '2. Screening visit']);

  // Mouse drag: the staff visit goes first.
  const items = page.getByTestId('event-item');
  await dragByMouse(page, handles.nth(1), items.nth(0), 'down');
  await expect(titles).toHaveText(['1. Screening visit', '2. Baseline survey']);
  // Keyboard: down and back up again.
  await keyboardMove(page, handles.nth(0), 'ArrowDown', items.nth(1));
  await expect(titles).toHaveText(['1. Baseline survey', '2. Screening visit']);
  await keyboardMove(page, handles.nth(1), 'ArrowUp', items.nth(0));
  await expect(titles).toHaveText(['1. Screening visit', '2. Baseline survey']);
  await expect(items.nth(0)).toHaveAttribute('data-event-type', 'TYPE_USER');

  // The survey now follows the visit: 7 days after the visit is completed.
  await page.getByTestId('select-event').nth(1).click();
  await pickOption(page, editor.getByTestId('event-reference-date'), 'Previous event completed');
  await editor.getByTestId('event-offset-days').fill('7');

  await page.getByTestId('save-process').click();
  await expect(page).toHaveURL(/\/pathway\/[0-9a-f]{24}\/edit$/, { timeout: 15_000 });
  await expect(page.getByTestId('save-status')).toContainText('All changes saved');
  await expect(page.getByTestId('backend-error')).toHaveCount(0);

  await page.getByTestId('view-process').click();
  await expect(page).toHaveURL(/\/pathway\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'Follow-up schedule' })).toBeVisible();
  const events = page.getByTestId('timeline-event');
  await expect(events).toHaveCount(2);
  await expect(page.getByTestId('timeline-event-name')).toHaveText([
    '1. Screening visit',
    '2. Baseline survey',
  ]);
  await expect(events.nth(0)).toHaveAttribute('data-event-type', 'TYPE_USER');
  await expect(events.nth(1)).toHaveAttribute('data-event-type', 'TYPE_PATIENT');
  await expect(page.getByTestId('timeline-event-type')).toHaveText(['Staff visit', 'Patient survey']);
  // One icon per event, the type's own.
  await expect(events.nth(0).locator('svg.tabler-icon-stethoscope')).toHaveCount(1);
  await expect(events.nth(1).locator('svg.tabler-icon-user')).toHaveCount(1);
  await expect(events.nth(0).getByTestId('timeline-event-forms')).toHaveText('Vital signs');
  await expect(events.nth(1).getByTestId('timeline-event-forms')).toHaveText('Quality of life');
  await expect(events.nth(0).getByTestId('timeline-event-timing')).toHaveText('At registration');
  await expect(events.nth(1).getByTestId('timeline-event-timing')).toHaveText(
    '7 days after the previous event is completed',
  );

  // The list shows the process with its two events.
  await page.goto(`/study/${studyId}/pathway`);
  const row = page.getByTestId('process-row').filter({ hasText: 'Follow-up schedule' });
  await expect(row).toContainText('Data collection');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
});
