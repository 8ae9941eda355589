import { Alert, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AnswerTabRequest } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../../app/form-errors';
import { useAnswerTab, useDataFilterOptions } from '../api';
import { FilterCard, SetupNotice } from '../filters/data-filter-form';
import { useNumberFormat } from '../format';
import { FIRST_PAGE, type PageState } from '../pager';
import { AnswerTable } from './answer-table';
import { QuestionSummaryCard } from './question-summary';

type Choice = { siteId: string; formId: string };
const NO_CHOICE: Choice = { siteId: '', formId: '' };

/**
 * Spec 001 §2 answer tab: filtered by site only (all the caller's sites when none is chosen), for
 * a chosen form: each question's distribution and the paged table of the filled forms.
 */
export function AnswerTab({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const options = useDataFilterOptions(studyId, 'ANSWER');
  const [draft, setDraft] = useState<Choice>(NO_CHOICE);
  const [applied, setApplied] = useState<Choice>(NO_CHOICE);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const request: AnswerTabRequest | null = applied.formId
    ? { formId: applied.formId, ...(applied.siteId ? { siteId: applied.siteId } : {}), page }
    : null;
  const answers = useAnswerTab(studyId, request);
  const data = request ? answers.data : undefined;
  return (
    <Stack gap="md" data-testid="answer-tab">
      {options.data && <SetupNotice {...options.data} />}
      <FilterCard
        testId="answer-filter"
        canApply={draft.formId !== ''}
        onApply={() => {
          setApplied(draft);
          setPage((current) => ({ ...current, page: 1 }));
        }}
        onReset={() => {
          setDraft(NO_CHOICE);
          setApplied(NO_CHOICE);
        }}
      >
        <Select
          label={t('DATA_VIEWS.FILTER.FIELDS.SITE')}
          placeholder={t('DATA_VIEWS.FILTER.ALL_SITES')}
          data={(options.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={draft.siteId || null}
          onChange={(value) => setDraft({ ...draft, siteId: value ?? '' })}
          clearable
          data-testid="answer-filter-siteId"
        />
        <Select
          label={t('DATA_VIEWS.FILTER.FIELDS.FORM')}
          placeholder={t('DATA_VIEWS.FILTER.CHOOSE')}
          data={(options.data?.forms ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={draft.formId || null}
          onChange={(value) => setDraft({ ...draft, formId: value ?? '' })}
          searchable
          required
          nothingFoundMessage={t('DATA_VIEWS.FILTER.NOTHING')}
          data-testid="answer-filter-formId"
        />
      </FilterCard>
      {!request && (
        <Text c="dimmed" data-testid="answer-choose-form">
          {t('DATA_VIEWS.ANSWER.CHOOSE_FORM')}
        </Text>
      )}
      {request && answers.isPending && <Loader size="sm" />}
      {request && answers.isError && (
        <Alert color="red" variant="light">
          {serverErrorMessage(answers.error, { fallback: 'DATA_VIEWS.LOAD_FAILED' })}
        </Alert>
      )}
      {data && options.data && (
        <>
          <Text fw={600} data-testid="answer-form-count">
            {t('DATA_VIEWS.ANSWER.FILLED', {
              count: data.forms,
              formatted: format.number(data.forms),
              // First-strong isolate: the form's name keeps its own direction in the sentence.
              form: `\u2068${data.form.name}\u2069`,
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {data.questions.map((question) => (
              <QuestionSummaryCard key={question.questionId} studyId={studyId} question={question} />
            ))}
          </SimpleGrid>
          <AnswerTable studyId={studyId} data={data} options={options.data} page={page} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
