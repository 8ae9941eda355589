import { Alert, Badge, Button, Card, Group, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { type EditorGroup, isTranslated, percentOf } from './model';
import { TranslationField } from './translation-field';

/** A placeholder as written in the text: `{link}`. */
export function markerOf(placeholder: string): string {
  return placeholder.startsWith('{') ? placeholder : `{${placeholder}}`;
}

export type EditorSaveResult = {
  /** Messages per unit id, from the server's field issues. */
  fieldErrors: Record<string, string>;
  /** A message for the save as a whole; null when none. */
  message: string | null;
};

type TranslationEditorProps = {
  groups: EditorGroup[];
  primaryLanguage: string;
  targetLanguage: string;
  /** The study's status does not let texts change (the route already required canEdit). */
  isLocked: boolean;
  isSaving: boolean;
  /** Saves the changed targets (unit id → text); resolves with errors, or null when saved. */
  onSave: (changes: Record<string, string>) => Promise<EditorSaveResult | null>;
  toolbar?: React.ReactNode;
};

/**
 * The side-by-side editor of one target language (spec 001 §2 translation screens): every unit's
 * primary text beside its target, the limits of 001 §5, client checks before the call, the
 * server's field errors on their units, and a guard against leaving with unsaved changes.
 */
export function TranslationEditor({
  groups,
  primaryLanguage,
  targetLanguage,
  isLocked,
  isSaving,
  onSave,
  toolbar,
}: TranslationEditorProps) {
  const { t } = useTranslation();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [onlyUntranslated, setOnlyUntranslated] = useState(false);
  const isReadOnly = isLocked;
  const units = useMemo(() => groups.flatMap((group) => group.units), [groups]);
  const currentText = (id: string, saved: string) => edits[id] ?? saved;
  const changed = Object.entries(edits).filter(
    ([id, text]) => units.find((u) => u.id === id)?.target !== text,
  );
  const isDirty = changed.length > 0;
  const completed = units.filter((unit) => isTranslated(currentText(unit.id, unit.target))).length;

  // A new answer from the server (after a save, or another language) starts from it.
  const [shownGroups, setShownGroups] = useState(groups);
  if (shownGroups !== groups) {
    setShownGroups(groups);
    setEdits({});
    setErrors({});
  }

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modals.openConfirmModal({
      title: t('TRANSLATIONS.EDITOR.UNSAVED_TITLE'),
      children: <Text size="sm">{t('TRANSLATIONS.EDITOR.UNSAVED_TEXT')}</Text>,
      labels: { confirm: t('TRANSLATIONS.EDITOR.LEAVE_ANYWAY'), cancel: t('TRANSLATIONS.EDITOR.STAY') },
      confirmProps: { color: 'red', 'data-testid': 'leave-anyway' } as Record<string, string>,
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, t]);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const checkLocally = (): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const unit of units) {
      const text = currentText(unit.id, unit.target);
      if (text.length > unit.maxLength) {
        found[unit.id] = t('TRANSLATIONS.EDITOR.TOO_LONG', { max: unit.maxLength });
      } else if (unit.isRequired && !isTranslated(text) && unit.id in edits) {
        found[unit.id] = t('TRANSLATIONS.EDITOR.REQUIRED');
      } else if (isTranslated(text)) {
        const missing = unit.placeholders.map(markerOf).filter((marker) => !text.includes(marker));
        if (missing.length > 0) {
          found[unit.id] = t('TRANSLATIONS.UNIT_ERRORS.PLACEHOLDER_MISSING', {
            placeholder: missing.join(', '),
          });
        }
      }
    }
    return found;
  };

  const handleSave = async () => {
    const local = checkLocally();
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFormMessage(t('TRANSLATIONS.EDITOR.FIX_FIELDS'));
      return;
    }
    setFormMessage(null);
    const result = await onSave(Object.fromEntries(changed));
    if (result) {
      setErrors(result.fieldErrors);
      setFormMessage(result.message);
    }
  };

  const visibleGroups = groups
    .map((group) => ({
      ...group,
      units: onlyUntranslated
        ? group.units.filter((unit) => !isTranslated(unit.target) || unit.id in edits || unit.id in errors)
        : group.units,
    }))
    .filter((group) => group.units.length > 0);

  return (
    <Stack gap="md">
      {isLocked && (
        <Alert icon={<IconLock size={18} />} color="gray" data-testid="translations-read-only">
          {t('TRANSLATIONS.EDITOR.LOCKED')}
        </Alert>
      )}
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 18rem' }}>
            {toolbar}
          </Group>
          <Group gap="sm" wrap="wrap">
            <Switch
              label={t('TRANSLATIONS.EDITOR.ONLY_UNTRANSLATED')}
              checked={onlyUntranslated}
              onChange={(event) => setOnlyUntranslated(event.currentTarget.checked)}
            />
            {!isReadOnly && (
              <Button
                leftSection={<IconDeviceFloppy size={18} />}
                onClick={() => void handleSave()}
                loading={isSaving}
                disabled={!isDirty}
                data-testid="translations-save"
              >
                {t('TRANSLATIONS.EDITOR.SAVE')}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="sm" mt="sm" wrap="nowrap">
          <Progress
            value={percentOf(completed, units.length)}
            style={{ flex: 1 }}
            aria-label={t('TRANSLATIONS.TABLE.PROGRESS')}
          />
          <Text
            size="sm"
            c="dimmed"
            data-testid="translations-editor-progress"
            style={{ whiteSpace: 'nowrap' }}
          >
            {t('TRANSLATIONS.EDITOR.PROGRESS', { completed, total: units.length })}
          </Text>
          {isDirty && (
            <Badge color="orange" variant="light">
              {t('TRANSLATIONS.EDITOR.UNSAVED_BADGE', { count: changed.length })}
            </Badge>
          )}
        </Group>
      </Card>
      {formMessage && (
        <Alert color="red" icon={<IconInfoCircle size={18} />} data-testid="translations-error" role="alert">
          {formMessage}
        </Alert>
      )}
      {visibleGroups.length === 0 ? (
        <Text c="dimmed" data-testid="translations-nothing">
          {t(onlyUntranslated ? 'TRANSLATIONS.EDITOR.ALL_DONE' : 'TRANSLATIONS.EDITOR.NOTHING')}
        </Text>
      ) : (
        visibleGroups.map((group) => (
          <Card key={group.id} withBorder radius="md" padding="md" data-testid="translation-group">
            <Title order={2} fz="h4" mb="sm">
              <bdi>{group.title}</bdi>
              {group.subtitle && ` · ${group.subtitle}`}
            </Title>
            <Stack gap="lg">
              {group.units.map((unit) => (
                <TranslationField
                  key={unit.id}
                  unit={unit}
                  value={currentText(unit.id, unit.target)}
                  primaryLanguage={primaryLanguage}
                  targetLanguage={targetLanguage}
                  isReadOnly={isReadOnly}
                  error={errors[unit.id]}
                  onChange={(text) => setEdits((current) => ({ ...current, [unit.id]: text }))}
                />
              ))}
            </Stack>
          </Card>
        ))
      )}
      {!isReadOnly && visibleGroups.length > 0 && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={() => void handleSave()}
            loading={isSaving}
            disabled={!isDirty}
            data-testid="translations-save-bottom"
          >
            {t('TRANSLATIONS.EDITOR.SAVE')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
