import { Badge, type MantineColor } from '@mantine/core';
import type { StudyStatus } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: study status colours are fixed, whatever the skin. */
export const STUDY_STATUS_COLOURS: Record<StudyStatus, MantineColor> = {
  STUDY_STATUS_BUILD: 'blue',
  TEST: 'violet',
  PRODUCTION: 'green',
  AMENDMENT: 'orange',
  LOCKED: 'gray',
  COMPLETED: 'teal',
  ANONYMIZED: 'dark',
  DELETE: 'red',
};

export function StudyStatusBadge({ status }: { status: StudyStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STUDY_STATUS_COLOURS[status]}
      variant="light"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`STUDY.STATUS.${status}`)}
    </Badge>
  );
}
