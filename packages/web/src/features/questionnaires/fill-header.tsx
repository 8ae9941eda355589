import { Group, Paper, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type AnswerSetView, type FormVersion, STUDY_LANGUAGES } from '@trialbase/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { FormStatusIcon, VerificationIcon, type VerificationLevel } from './status-icons';

type FillHeaderProps = {
  patientId: string;
  dataEventName: string;
  answerSet: AnswerSetView | null;
  /** The version the enrollment fills (saved answers keep theirs) and the form's current one. */
  taggedVersion: FormVersion;
  currentVersion: FormVersion;
  languages: readonly string[];
  language: string;
  onLanguageChange: (language: string) => void;
  verificationLevels: readonly VerificationLevel[];
  actions?: ReactNode;
};

const versionText = (v: FormVersion) => `${v.major}.${v.minor}`;

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Spec 001 §2 form fill header: patient identifier, data event, filled-out-by, update time, saved and
 * current form version, the language selector and the page's actions (edit, update, change log, verify).
 */
export function FillHeader(props: FillHeaderProps) {
  const { t } = useTranslation();
  const { answerSet } = props;
  const saved = answerSet?.formVersion ?? props.taggedVersion;
  const isVersionDifferent = versionText(saved) !== versionText(props.currentVersion);
  const filledOutBy = answerSet
    ? (answerSet.filledOutBy ??
      (answerSet.filledOutByType === 'SUBJECT_TOKEN' ? t('QUESTIONNAIRES.HEADER.SUBJECT') : '—'))
    : t('QUESTIONNAIRES.HEADER.NOT_YET');
  const languageOptions = props.languages.map((code) => ({
    value: code,
    label: STUDY_LANGUAGES.find((l) => l.code === code)?.nativeName ?? code,
  }));
  const verified = props.verificationLevels.filter((level) =>
    level === 'primary' ? answerSet?.verified : answerSet?.secondaryVerified,
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="fill-header">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="xs">
          <Fact label={t('QUESTIONNAIRES.HEADER.SUBJECT')} value={props.patientId} testId="header-subject" />
          <Fact
            label={t('QUESTIONNAIRES.HEADER.DATA_EVENT')}
            value={props.dataEventName}
            testId="header-data-event"
          />
          <Fact
            label={t('QUESTIONNAIRES.HEADER.FILLED_OUT_BY')}
            value={filledOutBy}
            testId="header-filled-by"
          />
          <Fact
            label={t('QUESTIONNAIRES.HEADER.UPDATED')}
            value={
              answerSet ? (
                <bdi>{formatDateTime(answerSet.updatedTime)}</bdi>
              ) : (
                t('QUESTIONNAIRES.HEADER.NOT_YET')
              )
            }
            testId="header-updated"
          />
          <Fact
            label={t('QUESTIONNAIRES.HEADER.SAVED_VERSION')}
            value={
              <Group gap={4} component="span" wrap="nowrap">
                {answerSet ? versionText(saved) : '—'}
                {answerSet && isVersionDifferent && (
                  <Tooltip label={t('QUESTIONNAIRES.HEADER.VERSION_DIFFERS')}>
                    <IconInfoCircle size={16} aria-label={t('QUESTIONNAIRES.HEADER.VERSION_DIFFERS')} />
                  </Tooltip>
                )}
              </Group>
            }
            testId="header-saved-version"
          />
          <Fact
            label={t('QUESTIONNAIRES.HEADER.CURRENT_VERSION')}
            value={versionText(props.currentVersion)}
            testId="header-current-version"
          />
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            {answerSet && <FormStatusIcon status={answerSet.status} />}
            {verified.map((level) => (
              <VerificationIcon key={level} level={level} />
            ))}
            {languageOptions.length > 1 && (
              <Select
                label={t('QUESTIONNAIRES.HEADER.LANGUAGE')}
                data={languageOptions}
                value={props.language}
                onChange={(value) => value && props.onLanguageChange(value)}
                allowDeselect={false}
                w={180}
                size="xs"
                data-testid="form-language"
              />
            )}
          </Group>
          {props.actions && (
            <Group gap="xs" wrap="wrap">
              {props.actions}
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
