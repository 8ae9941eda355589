import { Button, Group, Text } from '@mantine/core';
import type { DataEventType } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { ADDABLE_EVENT_TYPES, EVENT_TYPE_LOOK, EventIcon } from '../event-types';
import { useEditorContext } from './context';
import { Locked } from './locked';

type AddEventButtonsProps = { onAdd: (type: DataEventType) => void };

/** Spec 001 §2/§4: one add button per event type, disabled with the reason when adding is blocked. */
export function AddEventButtons({ onAdd }: AddEventButtonsProps) {
  const { t } = useTranslation();
  const { locks } = useEditorContext();
  const block = locks.isReadOnly
    ? 'READ_ONLY'
    : locks.canAddEvent
      ? null
      : (locks.addEventBlockedBy ?? 'PRODUCTION');
  const reason =
    block === null
      ? null
      : block === 'PLAN_LIMIT' && locks.eventLimit
        ? t('PROCESSES.ADD_BLOCKED.PLAN_LIMIT', {
            max: locks.eventLimit.max,
            used: locks.eventLimit.used,
            plan: locks.eventLimit.planName ?? t('PROCESSES.ADD_BLOCKED.NO_PLAN'),
          })
        : t(`PROCESSES.ADD_BLOCKED.${block}`);
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        {t('PROCESSES.EDITOR.ADD_EVENT')}
      </Text>
      <Locked reason={reason}>
        <Group gap={6} data-testid="add-event-buttons">
          {ADDABLE_EVENT_TYPES.map((type) => (
            <Button
              key={type}
              size="xs"
              variant="light"
              color={EVENT_TYPE_LOOK[type].color}
              leftSection={<EventIcon type={type} size={14} />}
              disabled={reason !== null}
              onClick={() => onAdd(type)}
              data-testid={`add-${type}`}
            >
              {t(`PROCESSES.ADD_EVENT.${type}`)}
            </Button>
          ))}
        </Group>
      </Locked>
    </div>
  );
}
