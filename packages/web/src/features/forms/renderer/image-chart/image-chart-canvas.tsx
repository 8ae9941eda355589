import { Box } from '@mantine/core';
import {
  appendStrokePoint,
  type ChartPoint,
  type ChartSize,
  findMarkerAt,
  fitImageChart,
  type ImageChartMarker,
  imageChartDisplayScale,
  toChartPoint,
} from '@trialbase/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { paintImageChart } from './draw';

export type ImageChartTool = 'pen' | 'eraser';

type ImageChartCanvasProps = {
  imageUrl: string | null;
  markers: readonly ImageChartMarker[];
  tool: ImageChartTool;
  color: string | null;
  isReadOnly: boolean;
  label: string;
  describedBy?: string;
  onStroke: (points: ChartPoint[]) => void;
  onErase: (localId: string) => void;
  onImageError: () => void;
};

/**
 * The drawing surface of the image-chart card (spec 001 §2/§9): the image fitted into 1000 x 600
 * chart space, shown scaled down to the width and window height; pointer events (mouse, touch,
 * pen) are mapped back into chart space so markers do not depend on the screen.
 */
export function ImageChartCanvas(props: ImageChartCanvasProps) {
  const { imageUrl, markers, tool, color, isReadOnly } = props;
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<{ pointerId: number; points: ChartPoint[] } | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [available, setAvailable] = useState({ width: 0, windowHeight: window.innerHeight });
  const chart: ChartSize = image
    ? fitImageChart({ width: image.naturalWidth, height: image.naturalHeight })
    : fitImageChart({ width: 0, height: 0 });
  const scale = available.width > 0 ? imageChartDisplayScale(chart, available) : 1;

  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    setImage(null);
    if (!imageUrl) return;
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => latest.current.onImageError();
    img.src = imageUrl;
    return () => {
      img.onload = null;
      img.onerror = null;
    };
  }, [imageUrl]);

  useLayoutEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    const measure = () => setAvailable({ width: el.clientWidth, windowHeight: window.innerHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const repaint = () => {
    if (!canvas.current) return;
    const current = stroke.current && color ? [{ color, markedPoints: stroke.current.points }] : [];
    paintImageChart(canvas.current, chart, image, [...markers, ...current]);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: repaint reads these values
  useEffect(repaint, [markers, image, chart.width, chart.height, color]);

  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>): ChartPoint => {
    const rect = event.currentTarget.getBoundingClientRect();
    const shownScale = rect.width > 0 ? rect.width / chart.width : scale;
    return toChartPoint({ x: event.clientX - rect.left, y: event.clientY - rect.top }, shownScale, chart);
  };

  const handlePointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (isReadOnly || !image || stroke.current || (event.pointerType === 'mouse' && event.button !== 0))
      return;
    event.preventDefault();
    const point = pointOf(event);
    if (tool === 'eraser') {
      const hit = findMarkerAt(markers, point, scale);
      if (hit) props.onErase(hit.localId);
      return;
    }
    if (!color) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    stroke.current = { pointerId: event.pointerId, points: [point] };
    repaint();
  };
  const handlePointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!stroke.current || stroke.current.pointerId !== event.pointerId) return;
    const next = appendStrokePoint(stroke.current.points, pointOf(event));
    if (next.length === stroke.current.points.length) return;
    stroke.current = { ...stroke.current, points: next };
    repaint();
  };
  const handlePointerEnd = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || current.pointerId !== event.pointerId) return;
    stroke.current = null;
    props.onStroke(current.points);
  };

  return (
    <Box ref={wrapper} w="100%">
      <canvas
        ref={canvas}
        width={chart.width}
        height={chart.height}
        role="img"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        data-image-chart-canvas
        data-tool={tool}
        style={{
          display: 'block',
          width: chart.width * scale,
          height: chart.height * scale,
          marginInline: 'auto',
          touchAction: isReadOnly ? 'auto' : 'none',
          cursor: isReadOnly ? 'default' : tool === 'pen' ? 'crosshair' : 'cell',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerEnd}
        onPointerCancel={handlePointerEnd}
      />
    </Box>
  );
}
