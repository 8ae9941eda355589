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
import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconGripVertical } from '@tabler/icons-react';
import { type Question, sortQuestionsByOrder } from '@trialbase/domain';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, useBuilderContext, useBuilderSettings } from './context';

// Constant: `useSensor` memoises on its options, and new sensors would change the drag-and-drop
// context on every render and so re-render every row.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

type QuestionListProps = { selectedId: string | null; onSelect: (id: string) => void };

/** Spec 001 §2: numbered question list, reordered by drag and drop or with the keyboard. */
export function QuestionList({ selectedId, onSelect }: QuestionListProps) {
  const { t } = useTranslation();
  const { builder } = useBuilderContext();
  const { form, issues } = builder;
  const questions = useMemo(() => sortQuestionsByOrder(form.questions), [form.questions]);
  // Ids with an authoring issue (paths `['questions', index, ...]` index the unsorted draft).
  const withIssues = useMemo(() => {
    const ids = new Set<string>();
    for (const issue of issues) {
      const [head, index] = issue.path;
      const question = head === 'questions' && typeof index === 'number' ? form.questions[index] : undefined;
      if (question) ids.add(question.id);
    }
    return ids;
  }, [issues, form.questions]);
  // Same array while the order is unchanged: a new one would re-render every sortable row.
  const ids = useStableIds(questions);
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = questions.findIndex((q) => q.id === active.id);
    const to = questions.findIndex((q) => q.id === over.id);
    if (from >= 0 && to >= 0) builder.moveQuestion(from, to);
  };
  if (questions.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="no-questions">
        {t('FORMS.BUILDER.NO_QUESTIONS')}
      </Text>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('FORMS.BUILDER.DRAG_INSTRUCTIONS') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap={6} component="ol" p={0} m={0} data-testid="question-list" style={{ listStyle: 'none' }}>
          {questions.map((q) => (
            <SortableQuestion
              key={q.id}
              question={q}
              isSelected={q.id === selectedId}
              hasIssues={withIssues.has(q.id)}
              onSelect={onSelect}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** The question ids in list order, the previous array while they are the same. */
function useStableIds(questions: readonly Question[]): string[] {
  const previous = useRef<string[]>([]);
  const next = questions.map((q) => q.id);
  if (next.length !== previous.current.length || next.some((id, i) => id !== previous.current[i])) {
    previous.current = next;
  }
  return previous.current;
}

type SortableQuestionProps = {
  question: Question;
  isSelected: boolean;
  hasIssues: boolean;
  onSelect: (id: string) => void;
};

/**
 * One row; memoised so that typing in one question re-renders only its own row (the draft keeps
 * the other questions' objects, and the props here are values or stable callbacks).
 */
const SortableQuestion = memo(function SortableQuestion({
  question,
  isSelected,
  hasIssues,
  onSelect,
}: SortableQuestionProps) {
  const { t } = useTranslation();
  const { language } = useBuilderSettings();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: question.id });
  const plain = textIn(question.question, language).replace(/<[^>]*>/g, '');
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p={6}
      data-testid="question-item"
      data-question-type={question.type}
      bg={isSelected ? 'blue.0' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={t('FORMS.BUILDER.DRAG', { n: question.order })}
          data-testid="drag-handle"
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <UnstyledButton
          onClick={() => onSelect(question.id)}
          style={{ flex: 1, minWidth: 0 }}
          aria-current={isSelected || undefined}
        >
          <Text size="sm" truncate="end" data-testid="question-title">
            {question.order}. {plain || t('FORMS.BUILDER.UNTITLED')}
          </Text>
          <Badge size="xs" variant="light">
            {t(`FORMS.QUESTION_TYPES.${question.type}`)}
          </Badge>
        </UnstyledButton>
        {hasIssues && (
          <IconAlertCircle
            size={16}
            color="var(--mantine-color-red-6)"
            aria-label={t('FORMS.BUILDER.HAS_ERRORS')}
          />
        )}
      </Group>
    </Paper>
  );
});
