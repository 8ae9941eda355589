import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImageChartMarker } from '../questionnaires/model';
import {
  appendStrokePoint,
  countMarkersByColor,
  createImageChartHistory,
  drawMarker,
  eraseMarker,
  findMarkerAt,
  fitImageChart,
  IMAGE_CHART_LIMITS,
  imageChartDisplayScale,
  isMarkerHit,
  syncImageChartAnswers,
  toChartPoint,
  undoImageChart,
} from './image-chart';

const marker = (
  localId: string,
  order: number,
  points: [number, number][],
  color = 'red',
): ImageChartMarker => ({
  localId,
  order,
  color,
  markedPoints: points.map(([x, y]) => ({ x, y })),
});

describe('spec 001 §9: the canvas is at most 1000 wide by 600 high, with extra space 250', () => {
  it('fits a wide image to 1000 wide and a tall one to 600 high, keeping the aspect ratio', () => {
    expect(fitImageChart({ width: 2000, height: 500 })).toEqual({ width: 1000, height: 250 });
    expect(fitImageChart({ width: 300, height: 900 })).toEqual({ width: 200, height: 600 });
    expect(fitImageChart({ width: 40, height: 30 })).toEqual({ width: 800, height: 600 });
  });

  it('never exceeds 1000 x 600 for any image', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (w, h) => {
        const size = fitImageChart({ width: w, height: h });
        expect(size.width).toBeLessThanOrEqual(IMAGE_CHART_LIMITS.maxWidth);
        expect(size.height).toBeLessThanOrEqual(IMAGE_CHART_LIMITS.maxHeight);
      }),
    );
  });

  it('falls back to the full canvas for an image without size', () => {
    expect(fitImageChart({ width: 0, height: 0 })).toEqual({ width: 1000, height: 600 });
  });

  it('scales down to a phone width and leaves 250 of the window height for the page', () => {
    const chart = { width: 1000, height: 600 };
    expect(imageChartDisplayScale(chart, { width: 1280, windowHeight: 1200 })).toBe(1);
    expect(imageChartDisplayScale(chart, { width: 358, windowHeight: 844 })).toBeCloseTo(0.358);
    expect(imageChartDisplayScale(chart, { width: 1280, windowHeight: 550 })).toBeCloseTo(0.5);
  });

  it('maps a displayed point back to chart space and clamps it to the chart', () => {
    const chart = { width: 1000, height: 600 };
    expect(toChartPoint({ x: 179, y: 107.4 }, 0.358, chart)).toEqual({ x: 500, y: 300 });
    expect(toChartPoint({ x: -4, y: 900 }, 1, chart)).toEqual({ x: 0, y: 600 });
  });
});

describe('spec 000 §9: pen points of radius 10 joined with line width 1', () => {
  it('keeps a point once it is a diameter from the last one', () => {
    let points = appendStrokePoint([], { x: 0, y: 0 });
    points = appendStrokePoint(points, { x: 10, y: 0 });
    expect(points).toHaveLength(1);
    points = appendStrokePoint(points, { x: 20, y: 0 });
    expect(points).toEqual([
      { x: 0, y: 0 },
      { x: 20, y: 0 },
    ]);
  });
});

describe('spec 001 §2: eraser hit tolerance is 5 px', () => {
  const dot = marker('m1', 1, [[100, 100]]);
  const line = marker('m2', 2, [
    [0, 300],
    [200, 300],
  ]);

  it('hits within the point radius 10 plus 5 px and misses beyond', () => {
    expect(isMarkerHit(dot, { x: 115, y: 100 })).toBe(true);
    expect(isMarkerHit(dot, { x: 115.6, y: 100 })).toBe(false);
  });

  it('hits along the joining line within 5 px', () => {
    expect(isMarkerHit(line, { x: 100, y: 305 })).toBe(true);
    expect(isMarkerHit(line, { x: 100, y: 306 })).toBe(false);
  });

  it('measures the tolerance on screen, so a scaled-down chart has a wider chart-space tolerance', () => {
    expect(isMarkerHit(dot, { x: 120, y: 100 }, 0.5)).toBe(true);
    expect(isMarkerHit(dot, { x: 120.5, y: 100 }, 0.5)).toBe(false);
  });

  it('finds the marker drawn last where markers overlap, and none in empty space', () => {
    const over = marker('m3', 3, [[105, 100]], 'blue');
    expect(findMarkerAt([over, dot], { x: 102, y: 100 })?.localId).toBe('m3');
    expect(findMarkerAt([dot, over], { x: 500, y: 500 })).toBeUndefined();
  });
});

describe('spec 001 §2/§3: marker order and the undo stack', () => {
  const stroke = (localId: string, color = 'red') => ({ localId, color, markedPoints: [{ x: 1, y: 1 }] });

  it('numbers markers in drawing order and ignores empty strokes', () => {
    let h = createImageChartHistory();
    h = drawMarker(h, stroke('a'));
    h = drawMarker(h, { localId: 'empty', color: 'red', markedPoints: [] });
    h = drawMarker(h, stroke('b', 'blue'));
    expect(h.markers.map((m) => [m.localId, m.order])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(h.undo).toHaveLength(2);
  });

  it('continues after saved markers and never reuses an order after an erasure', () => {
    let h = createImageChartHistory([marker('x', 4, [[0, 0]]), marker('w', 2, [[5, 5]])]);
    expect(h.markers.map((m) => m.localId)).toEqual(['w', 'x']);
    h = eraseMarker(h, 'x');
    h = drawMarker(h, stroke('y'));
    expect(h.markers.map((m) => m.order)).toEqual([2, 3]);
  });

  it('undo reverts the last action: an erasure restores the marker in its place, a stroke removes it', () => {
    let h = createImageChartHistory();
    h = drawMarker(h, stroke('a'));
    h = drawMarker(h, stroke('b'));
    h = eraseMarker(h, 'a');
    expect(h.markers.map((m) => m.localId)).toEqual(['b']);
    h = undoImageChart(h);
    expect(h.markers.map((m) => m.localId)).toEqual(['a', 'b']);
    h = undoImageChart(h);
    expect(h.markers.map((m) => m.localId)).toEqual(['a']);
    h = undoImageChart(h);
    h = undoImageChart(h);
    expect(h).toEqual({ markers: [], undo: [] });
  });

  it('erasing an unknown marker changes nothing and adds no undo step', () => {
    const h = drawMarker(createImageChartHistory(), stroke('a'));
    expect(eraseMarker(h, 'nope')).toBe(h);
  });
});

describe('spec 001 §3: answers per colour', () => {
  const markers = [
    marker('a', 1, [[0, 0]], 'red'),
    marker('b', 2, [[0, 0]], 'blue'),
    marker('c', 3, [[0, 0]], 'red'),
  ];

  it('counts markers per colour in the colour label order', () => {
    expect(countMarkersByColor(markers, ['blue', 'red', 'green'])).toEqual([
      { color: 'blue', count: 1 },
      { color: 'red', count: 2 },
      { color: 'green', count: 0 },
    ]);
  });

  it('keeps one entry per drawn colour with its answers and drops colours without markers', () => {
    const kept = { color: 'red', answers: [{ question: 'q1', value: 'x' }] } as never;
    const result = syncImageChartAnswers(
      markers,
      [kept, { color: 'green', answers: [] }],
      ['red', 'green', 'blue'],
    );
    expect(result).toEqual([kept, { color: 'blue', answers: [] }]);
  });
});
