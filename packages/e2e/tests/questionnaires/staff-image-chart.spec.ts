import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createStudy, csrf, logIn } from '../../support/session';

// Issue 7 staff fill of an image chart form (spec 001 §2 drawing card, §3 imageChartMarkers and
// imageChartAnswers): the stroke drawn by staff is saved with the form, shown read-only in review.

// A 50 x 30 checkered PNG (5:3, so the chart space is the full 1000 x 600).
const CHART_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADIAAAAeCAIAAADhM9qrAAAASElEQVR42u3UoQ0AIBAEQfqvjA7oAINBo7Af/AdIJjl3ZtSW2kZcnyvu1luwsLJYjziOFwsrjSUQWCovEFgqLxBYKq9bWF+yNiiNro44UVdPAAAAAElFTkSuQmCC';

async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, {
    method,
    headers: { 'x-csrf-token': token },
    ...(data ? { data } : {}),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function setUp(page: Page) {
  const studyId = await createStudy(page, 'Staff chart');
  const token = await csrf(page);
  const { request } = page;
  const site = await api(request, token, 'POST', `/api/studies/${studyId}/sites`, { name: 'Chart clinic' });
  const image = await api(request, token, 'POST', `/api/studies/${studyId}/image`, {
    fileName: 'body-chart.png',
    contentType: 'image/png',
    dataBase64: CHART_PNG,
  });
  const form = await api(request, token, 'POST', `/api/studies/${studyId}/questionnairetemplate`, {
    id: '',
    title: { en: 'Pain chart' },
    type: 'TYPE_IMAGE_CHART',
    imageChart: image.id,
    colorLabels: [{ color: '#e03131', label: { en: 'Pain' } }],
    questions: [],
  });
  await api(request, token, 'POST', `/api/studies/${studyId}/forms/promoteFormVersion`, {
    formId: form.id,
    kind: 'major',
  });
  const process = await api(request, token, 'POST', `/api/studies/${studyId}/pathway`, {
    pathwayName: 'Chart visits',
    dataEvents: [{ name: { en: 'Chart visit' }, type: 'TYPE_USER', forms: [form.id] }],
  });
  await api(request, token, 'POST', `/api/study/${studyId}/start`);
  const [subject] = await api(request, token, 'POST', `/api/studies/${studyId}/sites/${site.id}/patients`, {
    patientId: `CH-${Date.now().toString(36).slice(-5).toUpperCase()}`,
  });
  const [enrollment] = await api(request, token, 'POST', `/api/studies/${studyId}/enrollments`, {
    subjectId: subject.id,
    siteId: site.id,
    processId: process.id,
  });
  const first = enrollment.tokens[0];
  return {
    studyId,
    enrollmentId: enrollment.id as string,
    tokenId: first.id as string,
    dataEventId: first.dataEventId as string,
    token,
  };
}

test('a stroke drawn on an image chart form is saved with the form and shown in review', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const s = await setUp(page);
  await page.goto(`/study/${s.studyId}/patient/visit/${s.enrollmentId}/${s.tokenId}/${s.dataEventId}`);

  const card = page.locator('[data-image-chart-card]');
  const canvas = card.getByRole('img', { name: /Chart image to draw on/ });
  await expect(canvas).toBeVisible();
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('canvas not shown');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.3, { steps: 12 });
  await page.mouse.up();
  await expect(card.getByText('Markers: 1')).toBeVisible();
  await page.getByTestId('submit-form').click();
  await expect(page.getByTestId('completion')).toBeVisible();

  const base = `/api/studies/${s.studyId}/enrollments/${s.enrollmentId}/tokens/${s.tokenId}/questionnaires`;
  const saved = await api(page.request, s.token, 'GET', base);
  const set = saved.forms[0].answerSet;
  expect(set.isCompleted).toBe(true);
  expect(set.imageChartMarkers).toHaveLength(1);
  expect(set.imageChartMarkers[0].color).toBe('#e03131');
  expect(set.imageChartMarkers[0].markedPoints.length).toBeGreaterThan(1);

  await page.getByTestId('completion').getByTestId('open-review').click();
  const reviewCard = page.locator('[data-image-chart-card]');
  await expect(reviewCard.getByText('Markers: 1')).toBeVisible();
});
