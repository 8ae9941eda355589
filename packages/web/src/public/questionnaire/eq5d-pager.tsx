import { Button, Group, Stack, Text } from '@mantine/core';
import { type Answer, type DeviceClass, type FormTemplate, sortQuestionsByOrder } from '@trialbase/domain';
import { useMemo, useState } from 'react';
import { FormRenderer } from '../../features/forms/renderer/form-renderer';
import { usePublicTranslation } from '../app/use-public-translation';

type Page = { kind: 'intro' } | { kind: 'vasIntro' } | { kind: 'question'; questionId: string };

const EMPTY_MODULES: readonly string[] = [];

/**
 * Spec 002 §2, §9 EQ-5D: paged one screen at a time, an introduction (page 0), the five
 * dimensions, the scale's introduction (page 6) and the scale; pages 0 and 6 only on phones.
 */
export function Eq5dPager(props: {
  form: FormTemplate;
  device: DeviceClass;
  language: string;
  answers: Answer[];
  onChange: (answers: Answer[]) => void;
  isReadOnly: boolean;
}) {
  const { t } = usePublicTranslation();
  const pages = useMemo(() => {
    const questions = sortQuestionsByOrder(props.form.questions);
    const list: Page[] = [{ kind: 'intro' }];
    questions.forEach((q, index) => {
      if (index === questions.length - 1) list.push({ kind: 'vasIntro' });
      list.push({ kind: 'question', questionId: q.id });
    });
    return props.device === 'MOBILE' ? list : list.filter((_, index) => index !== 0 && index !== 6);
  }, [props.form, props.device]);
  const [index, setIndex] = useState(0);
  const current = Math.min(index, pages.length - 1);
  const page = pages[current];
  const pageForm = useMemo(
    () =>
      page?.kind === 'question'
        ? { ...props.form, questions: props.form.questions.filter((q) => q.id === page.questionId) }
        : null,
    [page, props.form],
  );
  return (
    <Stack gap="md" data-eq5d-page={current}>
      {page?.kind === 'intro' && <Text>{t('QUESTIONNAIRE.EQ5D_INTRO')}</Text>}
      {page?.kind === 'vasIntro' && <Text>{t('QUESTIONNAIRE.EQ5D_VAS_INTRO')}</Text>}
      {pageForm && (
        <FormRenderer
          form={pageForm}
          answers={props.answers}
          onChange={props.onChange}
          mode="public"
          language={props.language}
          study={{ modules: EMPTY_MODULES }}
          isReadOnly={props.isReadOnly}
          isCheckHidden
        />
      )}
      <Group justify="space-between">
        <Button size="md" variant="default" disabled={current === 0} onClick={() => setIndex(current - 1)}>
          {t('RENDERER.SINGLE.PREVIOUS')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('RENDERER.SINGLE.PROGRESS', { current: current + 1, total: pages.length })}
        </Text>
        <Button size="md" disabled={current >= pages.length - 1} onClick={() => setIndex(current + 1)}>
          {t('RENDERER.SINGLE.NEXT')}
        </Button>
      </Group>
    </Stack>
  );
}
