import { Button, Group, Stack, Text } from '@mantine/core';
import { type Answer, type DeviceClass, type FormTemplate, sortQuestionsByOrder } from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
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
  /** Marks every unanswered question, as the form's 'Check answers' asks. */
  isShowingAllIssues: boolean;
  /** 'Check answers' asks for the page of this question (seq makes a repeat request count). */
  jumpTo: { questionId: string; seq: number } | null;
  /** Tells whether the last page is on screen. */
  onPageChange: (isLastPage: boolean) => void;
  dateFormat?: string;
  dateTimeFormat?: string;
}) {
  const { t } = usePublicTranslation();
  // Issue 18 item 7: each page shows one question, numbered as in the whole form (1 to 6).
  const numbers = useMemo(() => {
    const map = new Map<string, number>();
    let n = 0;
    for (const q of sortQuestionsByOrder(props.form.questions))
      if (q.type !== 'INFORMATION') map.set(q.id, ++n);
    return map;
  }, [props.form]);
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
  const { jumpTo } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows each request only, not page list changes.
  useEffect(() => {
    if (!jumpTo) return;
    const at = pages.findIndex((p) => p.kind === 'question' && p.questionId === jumpTo.questionId);
    if (at >= 0) setIndex(at);
  }, [jumpTo]);
  const current = Math.min(index, pages.length - 1);
  const page = pages[current];
  const { onPageChange } = props;
  useEffect(() => onPageChange(current === pages.length - 1), [onPageChange, current, pages.length]);
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
          isShowingAllIssues={props.isShowingAllIssues}
          isCheckHidden
          firstNumber={page?.kind === 'question' ? (numbers.get(page.questionId) ?? 1) : 1}
          dateFormat={props.dateFormat}
          dateTimeFormat={props.dateTimeFormat}
        />
      )}
      <Group justify="space-between">
        <Button size="md" variant="default" disabled={current === 0} onClick={() => setIndex(current - 1)}>
          {t('RENDERER.SINGLE.PREVIOUS')}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('QUESTIONNAIRE.EQ5D_PAGE', { current: current + 1, total: pages.length })}
        </Text>
        <Button size="md" disabled={current >= pages.length - 1} onClick={() => setIndex(current + 1)}>
          {t('RENDERER.SINGLE.NEXT')}
        </Button>
      </Group>
    </Stack>
  );
}
