import { Box, Group, Input, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../forms/renderer/rich-text';
import { directionOf, type EditorUnit } from './model';
import { RichTarget } from './rich-target';

type TranslationFieldProps = {
  unit: EditorUnit;
  value: string;
  primaryLanguage: string;
  targetLanguage: string;
  isReadOnly: boolean;
  error?: string;
  onChange: (value: string) => void;
};

/** Characters of a text as the limit counts them (rich text: its markup too, as the server stores it). */
function lengthOf(text: string): number {
  return text.length;
}

/**
 * One row of the side-by-side editor: the primary language's text, read only and in its own
 * direction, beside the target input in the target language's direction, with its limit.
 */
export function TranslationField({
  unit,
  value,
  primaryLanguage,
  targetLanguage,
  isReadOnly,
  error,
  onChange,
}: TranslationFieldProps) {
  const { t } = useTranslation();
  const label = unit.detail
    ? `${t(unit.kindLabel as 'TRANSLATIONS.TITLE')} · ${unit.detail}`
    : t(unit.kindLabel as 'TRANSLATIONS.TITLE');
  const length = lengthOf(value);
  const isOver = length > unit.maxLength;
  const counter = (
    <Text size="xs" c={isOver ? 'red' : 'dimmed'} data-testid="translation-counter">
      <bdi dir="ltr">{t('TRANSLATIONS.EDITOR.COUNTER', { length, max: unit.maxLength })}</bdi>
    </Text>
  );
  const targetDir = directionOf(targetLanguage);
  const labelId = useId();

  return (
    <Box
      data-testid="translation-unit"
      data-unit-id={unit.id}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
        gap: 'var(--mantine-spacing-sm)',
        alignItems: 'start',
      }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Paper
          withBorder
          p="xs"
          bg="var(--mantine-color-gray-light)"
          lang={primaryLanguage}
          dir={directionOf(primaryLanguage)}
          data-testid="translation-source"
          aria-label={t('TRANSLATIONS.EDITOR.SOURCE_OF', { label })}
        >
          {unit.source === '' ? (
            <Text size="sm" c="dimmed" fs="italic" dir="auto">
              {t('TRANSLATIONS.EDITOR.SOURCE_EMPTY')}
            </Text>
          ) : unit.isRichText ? (
            <Box fz="sm">
              <RichText html={unit.source} isDirectionFromParent />
            </Box>
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {unit.source}
            </Text>
          )}
        </Paper>
      </Stack>
      <Stack gap={4}>
        {unit.isRichText && !isReadOnly ? (
          <>
            <Input.Label required={unit.isRequired}>
              <span id={labelId}>{t('TRANSLATIONS.EDITOR.TARGET_OF', { label })}</span>
            </Input.Label>
            <Box lang={targetLanguage} dir={targetDir}>
              <RichTarget value={value} onChange={onChange} labelledBy={labelId} isInvalid={Boolean(error)} />
            </Box>
            {error && <Input.Error>{error}</Input.Error>}
          </>
        ) : unit.isRichText && value !== '' ? (
          <>
            <Input.Label>{t('TRANSLATIONS.EDITOR.TARGET_OF', { label })}</Input.Label>
            <Paper withBorder p="xs" lang={targetLanguage} dir={targetDir} data-testid="translation-target">
              <Box fz="sm">
                <RichText html={value} isDirectionFromParent />
              </Box>
            </Paper>
          </>
        ) : (
          <Textarea
            label={t('TRANSLATIONS.EDITOR.TARGET_OF', { label })}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            error={error}
            readOnly={isReadOnly}
            withAsterisk={unit.isRequired}
            autosize
            minRows={1}
            maxRows={10}
            dir={targetDir}
            lang={targetLanguage}
            data-testid="translation-target"
            styles={{ input: { textAlign: 'start' } }}
          />
        )}
        <Group justify={unit.placeholders.length > 0 ? 'space-between' : 'flex-end'} gap="xs" wrap="nowrap">
          {unit.placeholders.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('TRANSLATIONS.EDITOR.KEEP_PLACEHOLDERS', {
                placeholders: unit.placeholders.map((p) => (p.startsWith('{') ? p : `{${p}}`)).join(' '),
              })}
            </Text>
          )}
          {counter}
        </Group>
      </Stack>
    </Box>
  );
}
