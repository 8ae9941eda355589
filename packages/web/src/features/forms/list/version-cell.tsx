import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormListItem } from '../api';

/**
 * The list's version (spec 001 §3): the published version, with a note when the draft has
 * unpublished changes; a form that was never published says so instead of a number.
 */
export function VersionCell({ form }: { form: FormListItem }) {
  const { t } = useTranslation();
  const hasPublished = (form.versions?.length ?? 0) > 0 || form.published;
  if (!hasPublished)
    return (
      <Badge color="gray" variant="light" data-testid="form-version">
        {t('FORMS.PUBLISH.NEVER')}
      </Badge>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" data-testid="form-version">
        {t('FORMS.PUBLISH.VERSION', { version: `${form.version.major}.${form.version.minor}` })}
      </Text>
      {!form.published && (
        <Badge color="orange" variant="light" size="sm">
          {t('FORMS.PUBLISH.CHANGES')}
        </Badge>
      )}
    </Group>
  );
}
