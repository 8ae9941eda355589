import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { type Answer, type FormTemplate, fillOrder, nextQuestion, previousQuestion } from '@trialbase/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type SingleQuestionViewProps = {
  form: FormTemplate;
  answers: readonly Answer[];
  renderQuestion: (questionId: string) => React.ReactNode;
  /** Tells whether the last question is on screen (the page shows Submit only there). */
  onLastQuestion?: (isLast: boolean) => void;
};

/** Spec 002 §9: the spinner shown between two questions in single-question mode. */
export const SINGLE_QUESTION_STEP_MS = 200;

/**
 * Single-question fill-out (spec 001 §4, 002 §2): one question at a time in `fillOrder`, skipping
 * hidden, subject-hidden and reference questions; next and previous follow the answers given so far,
 * with a short spinner between steps.
 */
export function SingleQuestionView({
  form,
  answers,
  renderQuestion,
  onLastQuestion,
}: SingleQuestionViewProps) {
  const { t } = useTranslation();
  const [currentId, setCurrentId] = useState<string | null>(() => nextQuestion(form, answers, null));
  const [isStepping, setStepping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const stepTo = (id: string | null) => {
    clearTimeout(timer.current);
    setStepping(true);
    timer.current = setTimeout(() => {
      setCurrentId(id);
      setStepping(false);
    }, SINGLE_QUESTION_STEP_MS);
  };
  const order = fillOrder(form, answers);
  const shownId =
    currentId !== null && order.includes(currentId) ? currentId : nextFrom(form, answers, currentId);
  const position = shownId === null ? 0 : order.indexOf(shownId) + 1;
  const previousId = shownId === null ? null : previousQuestion(form, answers, shownId);
  const nextId = shownId === null ? null : nextQuestion(form, answers, shownId);
  const isLast = shownId === null || (nextId === null && !isStepping);
  useEffect(() => onLastQuestion?.(isLast), [onLastQuestion, isLast]);
  if (shownId === null) return null;
  return (
    <Stack gap="sm" data-single-question>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('RENDERER.SINGLE.PROGRESS', { current: position, total: order.length })}
      </Text>
      {isStepping ? (
        <Center mih={120}>
          <Loader size="sm" aria-label={t('RENDERER.SINGLE.NEXT')} />
        </Center>
      ) : (
        renderQuestion(shownId)
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} className="tb-flip-rtl" />}
          disabled={previousId === null || isStepping}
          onClick={() => stepTo(previousId)}
        >
          {t('RENDERER.SINGLE.PREVIOUS')}
        </Button>
        {nextId === null ? (
          <Text size="sm">{t('RENDERER.SINGLE.DONE')}</Text>
        ) : (
          <Button
            rightSection={<IconArrowRight size={16} className="tb-flip-rtl" />}
            disabled={isStepping}
            onClick={() => stepTo(nextId)}
          >
            {t('RENDERER.SINGLE.NEXT')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

// The current question became hidden: continue with the next one after it, else the first.
function nextFrom(form: FormTemplate, answers: readonly Answer[], currentId: string | null): string | null {
  return (currentId && nextQuestion(form, answers, currentId)) ?? nextQuestion(form, answers, null);
}
