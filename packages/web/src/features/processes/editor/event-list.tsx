import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconGripVertical } from '@tabler/icons-react';
import type { DataEvent } from '@trialbase/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPE_LOOK, EventIcon } from '../event-types';
import { displayText } from '../localized';
import { useEditorContext } from './context';

const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

type EventListProps = { selectedId: string | null; onSelect: (id: string) => void };

/** Spec 001 §2: the data events in order, reordered by drag and drop or with the keyboard. */
export function EventList({ selectedId, onSelect }: EventListProps) {
  const { t } = useTranslation();
  const { editor, locks } = useEditorContext();
  const events = editor.draft.dataEvents;
  const canReorder = locks.canReorderEvents && !locks.isReadOnly;
  const withIssues = useMemo(() => {
    const ids = new Set<string>();
    for (const issue of editor.issues) {
      const [head, index] = issue.path;
      const event = head === 'dataEvents' && typeof index === 'number' ? events[index] : undefined;
      if (event) ids.add(event.id);
    }
    return ids;
  }, [editor.issues, events]);
  const ids = useMemo(() => events.map((e) => e.id), [events]);
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) editor.moveEvent(from, to);
  };
  if (events.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="no-events">
        {t('PROCESSES.EDITOR.NO_EVENTS')}
      </Text>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: t('PROCESSES.EDITOR.DRAG_INSTRUCTIONS') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!canReorder}>
        <Stack gap={6} component="ol" p={0} m={0} data-testid="event-list" style={{ listStyle: 'none' }}>
          {events.map((event, index) => (
            <SortableEvent
              key={event.id}
              event={event}
              position={index + 1}
              isSelected={event.id === selectedId}
              hasIssues={withIssues.has(event.id)}
              canReorder={canReorder}
              onSelect={onSelect}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

type SortableEventProps = {
  event: DataEvent;
  position: number;
  isSelected: boolean;
  hasIssues: boolean;
  canReorder: boolean;
  onSelect: (id: string) => void;
};

function SortableEvent({ event, position, isSelected, hasIssues, canReorder, onSelect }: SortableEventProps) {
  const { t } = useTranslation();
  const { language, study } = useEditorContext();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: event.id, disabled: !canReorder });
  const name = displayText(event.name, language, study.primaryLanguage) || t('PROCESSES.EDITOR.UNTITLED');
  const formCount = event.forms.length + event.optionalForms.length;
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={t('PROCESSES.EDITOR.DRAG', { n: position, name })}
      data-testid="event-drag-handle"
      disabled={!canReorder}
      style={{ cursor: canReorder ? 'grab' : undefined, touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p={6}
      data-testid="event-item"
      data-event-type={event.type}
      bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap={6} wrap="nowrap">
        {canReorder ? (
          handle
        ) : (
          <Tooltip label={t('PROCESSES.LOCKS.REORDER')} withArrow>
            <span>{handle}</span>
          </Tooltip>
        )}
        <ThemeIcon variant="light" color={EVENT_TYPE_LOOK[event.type].color} size="md" radius="xl">
          <EventIcon type={event.type} />
        </ThemeIcon>
        <UnstyledButton
          onClick={() => onSelect(event.id)}
          style={{ flex: 1, minWidth: 0 }}
          aria-current={isSelected || undefined}
          data-testid="select-event"
        >
          <Text size="sm" fw={500} truncate="end" data-testid="event-title">
            {position}. {name}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light" color={EVENT_TYPE_LOOK[event.type].color}>
              {t(`PROCESSES.EVENT_TYPES.${event.type}`)}
            </Badge>
            {formCount > 0 && (
              <Text size="xs" c="dimmed">
                {t('PROCESSES.EDITOR.FORM_COUNT', { count: formCount })}
              </Text>
            )}
          </Group>
        </UnstyledButton>
        {hasIssues && (
          <IconAlertCircle
            size={16}
            color="var(--mantine-color-red-6)"
            aria-label={t('PROCESSES.EDITOR.HAS_ERRORS')}
          />
        )}
      </Group>
    </Paper>
  );
}
