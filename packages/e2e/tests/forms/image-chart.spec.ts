import { expect, type Locator, type Page, test } from '@playwright/test';
import { csrf, logIn } from '../../support/session';

// Issue 5, spec 001 §2 image-chart drawing card and §3 image chart answers: a chart image uploaded
// through the API, a TYPE_IMAGE_CHART form with two colour labels; in the preview two strokes are
// drawn in two colours, one is erased and the erasure undone. Screens at 390x844 and in Arabic.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/forms-image-chart';
// A 50 x 30 checkered PNG (5:3, so the chart space is the full 1000 x 600).
const CHART_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADIAAAAeCAIAAADhM9qrAAAASElEQVR42u3UoQ0AIBAEQfqvjA7oAINBo7Af/AdIJjl3ZtSW2kZcnyvu1luwsLJYjziOFwsrjSUQWCovEFgqLxBYKq9bWF+yNiiNro44UVdPAAAAAElFTkSuQmCC';

async function post(page: Page, url: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request.post(url, { headers: { 'x-csrf-token': await csrf(page) }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

async function createChartForm(page: Page): Promise<{ studyId: string; formId: string }> {
  const { id: studyId } = await post(page, '/api/study', {
    studyName: `Chart study ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
    description: null,
    primaryLanguage: 'en',
    languages: ['en', 'ar'],
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'manual',
    extendedValidation: false,
    verificationType: 'NONE',
    secondaryVerificationType: 'NONE',
  });
  const image = await post(page, `/api/studies/${studyId}/image`, {
    fileName: 'body-chart.png',
    contentType: 'image/png',
    dataBase64: CHART_PNG,
  });
  const { id: formId } = await post(page, `/api/studies/${studyId}/questionnairetemplate`, {
    id: `chart${Date.now()}`,
    title: { en: 'Pain chart', ar: 'مخطط الألم' },
    type: 'TYPE_IMAGE_CHART',
    imageChart: image.id,
    colorLabels: [
      { color: '#e03131', label: { en: 'Pain', ar: 'ألم' } },
      { color: '#1971c2', label: { en: 'Numbness', ar: 'خدر' } },
    ],
    questions: [],
  });
  return { studyId, formId };
}

/** The canvas box once it is scrolled into the middle of the window (the mouse does not scroll). */
async function shownBox(canvas: Locator) {
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  return canvas.boundingBox();
}

/** Drags across the canvas between two points given as fractions of its displayed size. */
async function drawStroke(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = await shownBox(canvas);
  if (!box) throw new Error('canvas not shown');
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 12 });
  await page.mouse.up();
}

async function clickAt(page: Page, canvas: Locator, at: [number, number]) {
  const box = await shownBox(canvas);
  if (!box) throw new Error('canvas not shown');
  await page.mouse.click(box.x + box.width * at[0], box.y + box.height * at[1]);
}

test('two strokes in two colours, one erased and the erasure undone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  const { studyId, formId } = await createChartForm(page);
  await page.goto(`/study/${studyId}/questionnaireTemplate/${formId}/?isOldVersion=false`);

  const card = page.locator('[data-image-chart-card]');
  const canvas = card.getByRole('img', { name: /Chart image to draw on/ });
  await expect(canvas).toBeVisible();
  await expect(card.getByText('Markers: 0')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pen' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('button', { name: 'Undo' })).toBeDisabled();

  await drawStroke(page, canvas, [0.2, 0.25], [0.6, 0.25]);
  await expect(card.getByText('Markers: 1')).toBeVisible();
  await card.getByRole('combobox', { name: 'Colour' }).click();
  await page.getByRole('option', { name: 'Numbness' }).click();
  await drawStroke(page, canvas, [0.2, 0.75], [0.6, 0.75]);
  await expect(card.getByText('Markers: 2')).toBeVisible();
  await expect(card.getByText('Pain: 1')).toBeVisible();
  await expect(card.getByText('Numbness: 1')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/desktop.png`, fullPage: true });

  // The eraser misses empty space, then removes the red stroke; undo brings it back.
  await card.getByRole('button', { name: 'Eraser' }).click();
  await expect(card.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true');
  await clickAt(page, canvas, [0.9, 0.5]);
  await expect(card.getByText('Markers: 2')).toBeVisible();
  await clickAt(page, canvas, [0.4, 0.25]);
  await expect(card.getByText('Markers: 1')).toBeVisible();
  await expect(card.getByText('Pain: 0')).toBeVisible();
  await card.getByRole('button', { name: 'Undo' }).click();
  await expect(card.getByText('Markers: 2')).toBeVisible();
  await expect(card.getByText('Pain: 1')).toBeVisible();

  // Undo reverts the strokes too, last first.
  await card.getByRole('button', { name: 'Undo' }).click();
  await expect(card.getByText('Markers: 1')).toBeVisible();
  await expect(card.getByText('Numbness: 0')).toBeVisible();
});

test('the card scales down on a phone and keeps working in Arabic', async ({ page }) => {
  await logIn(page);
  const { studyId, formId } = await createChartForm(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/study/${studyId}/questionnaireTemplate/${formId}/?isOldVersion=false&lang=ar`);

  const card = page.locator('[data-image-chart-card]');
  const canvas = card.locator('canvas[data-image-chart-canvas]');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  expect(await canvas.getAttribute('width')).toBe('1000');
  await drawStroke(page, canvas, [0.2, 0.5], [0.8, 0.5]);
  await expect(card.locator('[data-image-chart-count="1"]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/phone-ar.png`, fullPage: true });
});
