import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Issue 12: where a secondary call was refused (403), the part of the page it fed says so,
 * and the rest of the page keeps working.
 */
export function ForbiddenInPlace({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      variant="light"
      p={compact ? 'xs' : undefined}
      icon={<IconLock size={16} aria-hidden />}
      data-testid="forbidden-in-place"
    >
      {t('ERRORS.FORBIDDEN_IN_PLACE')}
    </Alert>
  );
}
