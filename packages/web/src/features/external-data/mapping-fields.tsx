import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ExternalDataChoices, ExternalDataMapping } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { pickText } from '../forms/renderer/text';

type Question = ExternalDataChoices['events'][number]['forms'][number]['questions'][number];

type Props = {
  header: readonly string[];
  questions: readonly Question[];
  mapping: ExternalDataMapping;
  onChange: (mapping: ExternalDataMapping) => void;
};

/**
 * Issue 28 item 4: which column of the file holds the subject id, the event date and the answer
 * of each question the form lets a file fill (other question types are listed, not mapped).
 */
export function MappingFields({ header, questions, mapping, onChange }: Props) {
  const { t, i18n } = useTranslation(['external-data']);
  const columns = header.map((h) => ({ value: h, label: h }));
  const setQuestion = (questionId: string, column: string | null) => {
    const next = { ...mapping.questions };
    if (column) next[questionId] = column;
    else delete next[questionId];
    onChange({ ...mapping, questions: next });
  };
  const importable = questions.filter((q) => q.isImportable);
  const others = questions.filter((q) => !q.isImportable);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('EXTERNAL_DATA.MAPPING.SUBJECT_COLUMN')}
          data={columns}
          value={mapping.subjectIdColumn || null}
          onChange={(value) => onChange({ ...mapping, subjectIdColumn: value ?? '' })}
          required
        />
        <Select
          label={t('EXTERNAL_DATA.MAPPING.DATE_COLUMN')}
          data={columns}
          value={mapping.eventDateColumn || null}
          onChange={(value) => onChange({ ...mapping, eventDateColumn: value ?? '' })}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {importable.map((question) => (
          <Select
            key={question.id}
            label={<bdi>{pickText(question.question, i18n.language) || question.id}</bdi>}
            placeholder={t('EXTERNAL_DATA.MAPPING.NOT_MAPPED')}
            data={columns}
            value={mapping.questions[question.id] ?? null}
            onChange={(value) => setQuestion(question.id, value)}
            required={question.required}
            clearable
          />
        ))}
      </SimpleGrid>
      {others.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('EXTERNAL_DATA.MAPPING.NOT_IMPORTABLE', {
            questions: others.map((q) => pickText(q.question, i18n.language) || q.id).join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
}
