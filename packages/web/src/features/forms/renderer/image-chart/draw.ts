import {
  type ChartPoint,
  type ChartSize,
  IMAGE_CHART_LIMITS,
  type ImageChartMarker,
} from '@trialbase/domain';

type Stroke = { color: string; markedPoints: readonly ChartPoint[] };

/**
 * Paints the chart image and the markers in chart space (spec 000 §9: points of radius 10 joined
 * by lines of width 1). The canvas backing store is the chart size; CSS scales it for display.
 */
export function paintImageChart(
  canvas: HTMLCanvasElement,
  chart: ChartSize,
  image: HTMLImageElement | null,
  markers: readonly Stroke[],
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, chart.width, chart.height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, chart.width, chart.height);
  if (image) ctx.drawImage(image, 0, 0, chart.width, chart.height);
  for (const marker of markers) paintMarker(ctx, marker);
}

function paintMarker(ctx: CanvasRenderingContext2D, marker: Stroke | ImageChartMarker): void {
  const points = marker.markedPoints;
  const first = points[0];
  if (!first) return;
  ctx.strokeStyle = marker.color;
  ctx.fillStyle = marker.color;
  ctx.lineWidth = IMAGE_CHART_LIMITS.lineWidth;
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  for (const p of points.slice(1)) ctx.lineTo(p.x, p.y);
  ctx.stroke();
  for (const p of points) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, IMAGE_CHART_LIMITS.pointRadius, 0, Math.PI * 2);
    ctx.globalAlpha = 0.45;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.stroke();
  }
}

/** A local id for a new marker; `crypto.randomUUID` needs a secure context, so fall back. */
export function newLocalId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
