import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { type Answer, type FormTemplate, fillOrder, nextQuestion, previousQuestion } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type SingleQuestionViewProps = {
  form: FormTemplate;
  answers: readonly Answer[];
  renderQuestion: (questionId: string) => React.ReactNode;
};

/**
 * Single-question fill-out (spec 001 §4): one question at a time in `fillOrder`, skipping hidden,
 * subject-hidden and reference questions; next and previous follow the answers given so far.
 */
export function SingleQuestionView({ form, answers, renderQuestion }: SingleQuestionViewProps) {
  const { t } = useTranslation();
  const [currentId, setCurrentId] = useState<string | null>(() => nextQuestion(form, answers, null));
  const order = fillOrder(form, answers);
  const shownId =
    currentId !== null && order.includes(currentId) ? currentId : nextFrom(form, answers, currentId);
  if (shownId === null) return null;
  const position = order.indexOf(shownId) + 1;
  const previousId = previousQuestion(form, answers, shownId);
  const nextId = nextQuestion(form, answers, shownId);
  return (
    <Stack gap="sm" data-single-question>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('RENDERER.SINGLE.PROGRESS', { current: position, total: order.length })}
      </Text>
      {renderQuestion(shownId)}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} className="tb-flip-rtl" />}
          disabled={previousId === null}
          onClick={() => setCurrentId(previousId)}
        >
          {t('RENDERER.SINGLE.PREVIOUS')}
        </Button>
        {nextId === null ? (
          <Text size="sm">{t('RENDERER.SINGLE.DONE')}</Text>
        ) : (
          <Button
            rightSection={<IconArrowRight size={16} className="tb-flip-rtl" />}
            onClick={() => setCurrentId(nextId)}
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
