import { Button, ColorSwatch, Group, Select, useDirection } from '@mantine/core';
import { IconArrowBackUp, IconEraser, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImageChartTool } from './image-chart-canvas';

type ImageChartToolbarProps = {
  tool: ImageChartTool;
  color: string | null;
  colors: { value: string; label: string }[];
  canUndo: boolean;
  isReadOnly: boolean;
  onTool: (tool: ImageChartTool) => void;
  onColor: (color: string) => void;
  onUndo: () => void;
};

/**
 * Spec 001 §2 tools: pen, eraser, undo and colour select, as labelled buttons (keyboard usable,
 * `aria-pressed` for the chosen tool). Flex order follows the text direction; undo mirrors in RTL.
 */
export function ImageChartToolbar(props: ImageChartToolbarProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { tool, color, colors, isReadOnly } = props;
  const swatch = (value: string | null | undefined) =>
    value ? <ColorSwatch color={value} size={14} aria-hidden /> : null;
  return (
    <Group gap="xs" align="flex-end" role="toolbar" aria-label={t('RENDERER.IMAGE_CHART.TOOLS')}>
      <Button.Group>
        <Button
          size="xs"
          variant={tool === 'pen' ? 'filled' : 'default'}
          aria-pressed={tool === 'pen'}
          leftSection={<IconPencil size={14} aria-hidden />}
          disabled={isReadOnly || colors.length === 0}
          onClick={() => props.onTool('pen')}
        >
          {t('RENDERER.IMAGE_CHART.PEN')}
        </Button>
        <Button
          size="xs"
          variant={tool === 'eraser' ? 'filled' : 'default'}
          aria-pressed={tool === 'eraser'}
          leftSection={<IconEraser size={14} aria-hidden />}
          disabled={isReadOnly}
          onClick={() => props.onTool('eraser')}
        >
          {t('RENDERER.IMAGE_CHART.ERASER')}
        </Button>
      </Button.Group>
      <Button
        size="xs"
        variant="default"
        leftSection={
          <IconArrowBackUp
            size={14}
            aria-hidden
            style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
          />
        }
        disabled={isReadOnly || !props.canUndo}
        onClick={props.onUndo}
      >
        {t('RENDERER.IMAGE_CHART.UNDO')}
      </Button>
      {colors.length > 0 && (
        <Select
          size="xs"
          label={t('RENDERER.IMAGE_CHART.COLOR')}
          data={colors}
          value={color}
          onChange={(value) => value && props.onColor(value)}
          allowDeselect={false}
          disabled={isReadOnly}
          leftSection={swatch(color)}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              {swatch(option.value)}
              {option.label}
            </Group>
          )}
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Group>
  );
}
