import { Alert, Card, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import {
  type ChartPoint,
  type ColorLabel,
  countMarkersByColor,
  createImageChartHistory,
  drawMarker,
  eraseMarker,
  type ImageChartAnswer,
  type ImageChartHistory,
  type ImageChartMarker,
  syncImageChartAnswers,
  undoImageChart,
} from '@trialbase/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText } from '../text';
import { newLocalId } from './draw';
import { ImageChartCanvas, type ImageChartTool } from './image-chart-canvas';
import { ImageChartToolbar } from './image-chart-toolbar';

export type ImageChartValue = { markers: ImageChartMarker[]; answers: ImageChartAnswer[] };

export type ImageChartCardProps = {
  imageUrl: string | null;
  colorLabels: readonly ColorLabel[];
  language: string;
  markers?: readonly ImageChartMarker[];
  answers?: readonly ImageChartAnswer[];
  isReadOnly?: boolean;
  onChange?: (value: ImageChartValue) => void;
};

/**
 * The image-chart drawing card (spec 001 §2, §3 image chart answers): pen, eraser, undo and a
 * colour from the form's colour labels; keeps the markers and the answers per colour in the
 * answer-set shape. Works uncontrolled (preview) when no markers are passed.
 */
export function ImageChartCard({
  imageUrl,
  colorLabels,
  language,
  markers,
  answers,
  isReadOnly = false,
  onChange,
}: ImageChartCardProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const colors = useMemo(() => uniqueColors(colorLabels, language), [colorLabels, language]);
  const colorValues = useMemo(() => colors.map((c) => c.value), [colors]);
  const [history, setHistory] = useState<ImageChartHistory>(() => createImageChartHistory(markers ?? []));
  const [tool, setTool] = useState<ImageChartTool>(colors.length > 0 ? 'pen' : 'eraser');
  const [color, setColor] = useState<string | null>(colors[0]?.value ?? null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const hasImageError = imageUrl !== null && failedUrl === imageUrl;
  const emitted = useRef<readonly ImageChartMarker[] | undefined>(markers);

  // A parent that replaces the markers (reset, reload) starts a new history.
  useEffect(() => {
    if (markers && !isSameMarkers(markers, emitted.current)) {
      emitted.current = markers;
      setHistory(createImageChartHistory(markers));
    }
  }, [markers]);
  useEffect(() => {
    if (color === null || !colorValues.includes(color)) setColor(colorValues[0] ?? null);
  }, [color, colorValues]);

  const apply = (next: ImageChartHistory) => {
    if (next === history) return;
    setHistory(next);
    emitted.current = next.markers;
    onChange?.({
      markers: next.markers,
      answers: syncImageChartAnswers(next.markers, answers ?? [], colorValues),
    });
  };
  const handleStroke = (points: ChartPoint[]) => {
    if (!color) return;
    apply(drawMarker(history, { localId: newLocalId(), color, markedPoints: points }));
  };
  const counts = countMarkersByColor(history.markers, colorValues);
  const total = history.markers.length;

  return (
    <Card withBorder padding="sm" radius="md" data-image-chart-card>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Text fw={600}>{t('RENDERER.IMAGE_CHART.TITLE')}</Text>
          <ImageChartToolbar
            tool={tool}
            color={color}
            colors={colors}
            canUndo={history.undo.length > 0}
            isReadOnly={isReadOnly}
            onTool={setTool}
            onColor={setColor}
            onUndo={() => apply(undoImageChart(history))}
          />
        </Group>
        {colors.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('RENDERER.IMAGE_CHART.NO_COLORS')}
          </Text>
        )}
        {!imageUrl && <Alert color="gray">{t('RENDERER.IMAGE_CHART.NO_IMAGE')}</Alert>}
        {hasImageError && <Alert color="red">{t('RENDERER.IMAGE_CHART.LOAD_ERROR')}</Alert>}
        {imageUrl && !hasImageError && (
          <ImageChartCanvas
            imageUrl={imageUrl}
            markers={history.markers}
            tool={tool}
            color={color}
            isReadOnly={isReadOnly}
            label={t('RENDERER.IMAGE_CHART.CANVAS', { count: total })}
            describedBy={hintId}
            onStroke={handleStroke}
            onErase={(localId) => apply(eraseMarker(history, localId))}
            onImageError={() => setFailedUrl(imageUrl)}
          />
        )}
        <Text id={hintId} size="xs" c="dimmed">
          {t(tool === 'pen' ? 'RENDERER.IMAGE_CHART.HINT_PEN' : 'RENDERER.IMAGE_CHART.HINT_ERASER')}
        </Text>
        <Group gap="md" aria-live="polite">
          <Text size="sm" fw={600} data-image-chart-count={total}>
            {t('RENDERER.IMAGE_CHART.COUNT', { count: total })}
          </Text>
          {counts.map(({ color: c, count }) => (
            <Group key={c} gap={6} wrap="nowrap">
              <ColorSwatch color={c} size={12} aria-hidden />
              <Text size="sm">
                {colors.find((x) => x.value === c)?.label ?? c}: {count}
              </Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

function uniqueColors(labels: readonly ColorLabel[], language: string): { value: string; label: string }[] {
  const seen = new Set<string>();
  const result: { value: string; label: string }[] = [];
  for (const l of labels) {
    if (!l.color || seen.has(l.color)) continue;
    seen.add(l.color);
    result.push({ value: l.color, label: pickText(l.label, language) || l.color });
  }
  return result;
}

function isSameMarkers(a: readonly ImageChartMarker[], b: readonly ImageChartMarker[] | undefined): boolean {
  if (a === b) return true;
  if (!b || a.length !== b.length) return false;
  return a.every(
    (m, i) => m.localId === b[i]?.localId && m.markedPoints.length === b[i]?.markedPoints.length,
  );
}
