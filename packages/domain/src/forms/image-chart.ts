import { assertNever } from '../common/assert';
import type { ImageChartAnswer, ImageChartMarker } from '../questionnaires/model';

/** Spec 001 §2/§9 and 000 §9: image-chart canvas limits, eraser tolerance and drawing sizes. */
export const IMAGE_CHART_LIMITS = {
  maxWidth: 1000,
  maxHeight: 600,
  extraSpace: 250,
  eraserTolerance: 5,
  pointRadius: 10,
  lineWidth: 1,
} as const;

/** The smallest height the chart is shown at, however short the window (keeps it usable). */
const MIN_DISPLAY_HEIGHT = 200;

export type ChartSize = { width: number; height: number };
export type ChartPoint = { x: number; y: number };

/**
 * Spec 001 §9: the chart space, the image fitted into 1000 x 600 keeping its aspect ratio.
 * Markers are stored in this space, so they do not depend on the screen they were drawn on.
 */
export function fitImageChart(image: ChartSize): ChartSize {
  if (image.width <= 0 || image.height <= 0) {
    return { width: IMAGE_CHART_LIMITS.maxWidth, height: IMAGE_CHART_LIMITS.maxHeight };
  }
  const scale = Math.min(
    IMAGE_CHART_LIMITS.maxWidth / image.width,
    IMAGE_CHART_LIMITS.maxHeight / image.height,
  );
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

/**
 * Spec 001 §9: the display scale (never above 1) of the chart in the available width and a window
 * height less the extra space of 250 kept for the page around it; phones scale the chart down.
 */
export function imageChartDisplayScale(
  chart: ChartSize,
  available: { width: number; windowHeight: number },
): number {
  const height = Math.max(MIN_DISPLAY_HEIGHT, available.windowHeight - IMAGE_CHART_LIMITS.extraSpace);
  const scale = Math.min(1, available.width / chart.width, height / chart.height);
  return scale > 0 && Number.isFinite(scale) ? scale : 1;
}

/** Spec 001 §9: a point of the displayed canvas (offset in CSS px) in chart space, clamped to the chart. */
export function toChartPoint(offset: ChartPoint, scale: number, chart: ChartSize): ChartPoint {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    x: round(clamp(offset.x / scale, chart.width)),
    y: round(clamp(offset.y / scale, chart.height)),
  };
}

/**
 * Spec 000 §9: a pen stroke keeps a point once it is a point diameter (2 x radius 10) from the
 * last kept one, so the drawn points of radius 10 joined by lines form an even chain.
 */
export function appendStrokePoint(points: readonly ChartPoint[], point: ChartPoint): ChartPoint[] {
  const last = points[points.length - 1];
  if (last && distance(last, point) < IMAGE_CHART_LIMITS.pointRadius * 2) return [...points];
  return [...points, point];
}

/**
 * Spec 001 §2: the eraser hits a marker when the point is within 5 px of it as drawn (a point of
 * radius 10 or the joining line). `scale` turns the screen tolerance into chart space.
 */
export function isMarkerHit(marker: ImageChartMarker, point: ChartPoint, scale = 1): boolean {
  const tolerance = IMAGE_CHART_LIMITS.eraserTolerance / (scale > 0 ? scale : 1);
  const points = marker.markedPoints;
  for (const p of points) {
    if (distance(p, point) <= IMAGE_CHART_LIMITS.pointRadius + tolerance) return true;
  }
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as ChartPoint;
    const b = points[i] as ChartPoint;
    if (distanceToSegment(point, a, b) <= IMAGE_CHART_LIMITS.lineWidth / 2 + tolerance) return true;
  }
  return false;
}

/** Spec 001 §2: the marker the eraser hits, the one drawn last (highest order) when several overlap. */
export function findMarkerAt(
  markers: readonly ImageChartMarker[],
  point: ChartPoint,
  scale = 1,
): ImageChartMarker | undefined {
  return sortMarkers(markers)
    .reverse()
    .find((m) => isMarkerHit(m, point, scale));
}

/** Spec 001 §3: markers in drawing order (their `order`). */
export function sortMarkers(markers: readonly ImageChartMarker[]): ImageChartMarker[] {
  return [...markers].sort((a, b) => a.order - b.order);
}

/** Spec 001 §3: the order a new marker takes, one past the highest drawn so far (1-based). */
export function nextMarkerOrder(markers: readonly ImageChartMarker[]): number {
  return markers.reduce((max, m) => Math.max(max, m.order), 0) + 1;
}

export type ImageChartAction =
  | { type: 'draw'; marker: ImageChartMarker }
  | { type: 'erase'; marker: ImageChartMarker };

/** Spec 001 §2: the drawn markers and the undo stack of the drawing card. */
export type ImageChartHistory = { markers: ImageChartMarker[]; undo: ImageChartAction[] };

/** Starts a history from saved markers; earlier actions cannot be undone. */
export function createImageChartHistory(markers: readonly ImageChartMarker[] = []): ImageChartHistory {
  return { markers: sortMarkers(markers), undo: [] };
}

/** Spec 001 §2 pen: adds a finished stroke as a marker with the next order; empty strokes are ignored. */
export function drawMarker(
  history: ImageChartHistory,
  stroke: { localId: string; color: string; markedPoints: readonly ChartPoint[] },
): ImageChartHistory {
  if (stroke.markedPoints.length === 0) return history;
  const marker: ImageChartMarker = {
    localId: stroke.localId,
    order: nextMarkerOrder(history.markers),
    color: stroke.color,
    markedPoints: [...stroke.markedPoints],
  };
  return { markers: [...history.markers, marker], undo: [...history.undo, { type: 'draw', marker }] };
}

/** Spec 001 §2 eraser: removes the marker with this local id; unknown ids change nothing. */
export function eraseMarker(history: ImageChartHistory, localId: string): ImageChartHistory {
  const marker = history.markers.find((m) => m.localId === localId);
  if (!marker) return history;
  return {
    markers: history.markers.filter((m) => m !== marker),
    undo: [...history.undo, { type: 'erase', marker }],
  };
}

/** Spec 001 §2 undo: reverts the last pen stroke or erasure; nothing to undo changes nothing. */
export function undoImageChart(history: ImageChartHistory): ImageChartHistory {
  const last = history.undo[history.undo.length - 1];
  if (!last) return history;
  const undo = history.undo.slice(0, -1);
  switch (last.type) {
    case 'draw':
      return { markers: history.markers.filter((m) => m.localId !== last.marker.localId), undo };
    case 'erase':
      return { markers: sortMarkers([...history.markers, last.marker]), undo };
    default:
      return assertNever(last);
  }
}

/** Spec 001 §3: marker counts per colour, in the order of the colours given (unlisted colours last). */
export function countMarkersByColor(
  markers: readonly ImageChartMarker[],
  colors: readonly string[] = [],
): { color: string; count: number }[] {
  const counts = new Map<string, number>(colors.map((c) => [c, 0]));
  for (const m of markers) counts.set(m.color, (counts.get(m.color) ?? 0) + 1);
  return [...counts].map(([color, count]) => ({ color, count }));
}

/**
 * Spec 001 §3 answers per colour: one entry for every colour that has markers, keeping the
 * answers already given for it; colours with no marker left lose their entry.
 */
export function syncImageChartAnswers(
  markers: readonly ImageChartMarker[],
  answers: readonly ImageChartAnswer[],
  colors: readonly string[] = [],
): ImageChartAnswer[] {
  const used = countMarkersByColor(markers, colors).filter((c) => c.count > 0);
  return used.map(({ color }) => answers.find((a) => a.color === color) ?? { color, answers: [] });
}

function distance(a: ChartPoint, b: ChartPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function distanceToSegment(p: ChartPoint, a: ChartPoint, b: ChartPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return distance(p, { x: a.x + t * dx, y: a.y + t * dy });
}
