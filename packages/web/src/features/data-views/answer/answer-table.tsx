import { Anchor, Table, Text, Title } from '@mantine/core';
import type { AnswerRow, AnswerTab, DataFilterOptions, QuestionSummary } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormStatusIcon } from '../../questionnaires/status-icons';
import { tokenPagePath } from '../../questionnaires/token-links';
import { useAuthoredText } from '../filters/data-filter-form';
import { useStudyDates } from '../format';
import { Pager, type PageState } from '../pager';
import { formatDateValue } from './question-summary';

type AnswerTableProps = {
  studyId: string;
  data: AnswerTab;
  options: DataFilterOptions;
  page: PageState;
  onPage: (page: PageState) => void;
};

/** Spec 001 §2 answer tab: a page of filled forms, one column per question, each row opening its form. */
export function AnswerTable({ studyId, data, options, page, onPage }: AnswerTableProps) {
  const { t } = useTranslation(['common', 'data-views']);
  const text = useAuthoredText();
  const dates = useStudyDates(studyId);
  const eventName = (id: string) => {
    for (const process of options.processes) {
      const event = process.dataEvents.find((e) => e.id === id);
      if (event) return text(event.name) || id;
    }
    return id;
  };
  const cell = (row: AnswerRow, question: QuestionSummary): string => {
    const answer = row.answers[question.questionId];
    if (!answer) return '';
    if (answer.marker) return t(`DATA_VIEWS.ANSWER.MARKERS.${answer.marker}`);
    const d = question.distribution;
    return answer.values
      .map((value) => {
        if (d.kind === 'CHOICE') {
          const choice = d.choices.find((c) => c.possibilityId === value);
          return choice ? text(choice.text) || value : value;
        }
        if (d.kind === 'DATE') return formatDateValue(value, dates.format);
        if (d.kind === 'CHECKBOX') {
          return value === 'true' ? t('DATA_VIEWS.ANSWER.CHECKED') : t('DATA_VIEWS.ANSWER.UNCHECKED');
        }
        return value;
      })
      .join(', ');
  };
  if (data.rows.total === 0) {
    return (
      <Text c="dimmed" data-testid="answer-rows-empty">
        {t('DATA_VIEWS.ANSWER.NO_ROWS')}
      </Text>
    );
  }
  return (
    <section aria-labelledby="answer-rows-title">
      <Title order={3} fz="md" mb="xs" id="answer-rows-title">
        {t('DATA_VIEWS.ANSWER.ROWS_TITLE')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder withColumnBorders fz="sm" data-testid="answer-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('DATA_VIEWS.COLUMNS.SUBJECT')}</Table.Th>
              <Table.Th>{t('DATA_VIEWS.COLUMNS.DATA_EVENT')}</Table.Th>
              <Table.Th>{t('DATA_VIEWS.COLUMNS.STATUS')}</Table.Th>
              <Table.Th>{t('DATA_VIEWS.COLUMNS.UPDATED')}</Table.Th>
              {data.questions.map((q) => (
                <Table.Th key={q.questionId} miw={120}>
                  <bdi>{`${q.order}. ${text(q.text) || q.questionId}`}</bdi>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.items.map((row) => (
              <Table.Tr key={row.questionnaireId} data-testid="answer-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    component={Link}
                    to={tokenPagePath(
                      'review',
                      {
                        studyId,
                        enrollmentId: row.enrollmentId,
                        tokenId: row.tokenId,
                        dataEventId: row.dataEventId,
                      },
                      { questionnaireTemplateId: data.form.id },
                    )}
                  >
                    {row.patientId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{eventName(row.dataEventId)}</Table.Td>
                <Table.Td>
                  <FormStatusIcon status={row.status} size={16} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.dateTime(row.updatedTime)}</Table.Td>
                {data.questions.map((q) => (
                  <Table.Td key={q.questionId}>
                    <bdi>{cell(row, q)}</bdi>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager total={data.rows.total} value={page} onChange={onPage} testId="answer-pager" />
    </section>
  );
}
