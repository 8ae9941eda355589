import { Card, Group, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import {
  STUDY_NAME_DISPLAY_LENGTH,
  STUDY_SEARCH_MAX_LENGTH,
  STUDY_STATUSES,
  type StudyStatus,
  type StudySummary,
  truncateStudyName,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/api';
import { useStudies } from './api';
import { CreateStudyModal } from './create-study-modal';
import classes from './studies.module.css';
import { StudyStatusBadge } from './study-status-badge';

function StudyTile({ study }: { study: StudySummary }) {
  const isTruncated = study.studyName.length > STUDY_NAME_DISPLAY_LENGTH;
  return (
    <Card
      component={Link}
      to={`/study/${study.id}/overview`}
      withBorder
      radius="md"
      padding="md"
      className={classes.tile}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text
            fw={600}
            className={classes.name}
            title={isTruncated ? study.studyName : undefined}
            data-testid="study-name"
          >
            {truncateStudyName(study.studyName)}
          </Text>
          <StudyStatusBadge status={study.status} />
        </Group>
        {study.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {study.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /study: the study list and home page (spec 001 §2): search, status filter, 3-column grid with a new-study tile. */
export function StudyListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StudyStatus | null>(null);
  const [debouncedQ] = useDebouncedValue(q, 250);
  const [createOpened, createModal] = useDisclosure(false);
  const studies = useStudies({ q: debouncedQ.trim() || undefined, status: status ?? undefined });
  const user = session.data?.user;
  const canCreate = Boolean(user?.isSystemAdmin);
  const list = studies.data ?? [];

  return (
    <>
      <PageHeader crumbs={[{ label: t('STUDY.TITLE') }]} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          className={classes.search}
          label={t('STUDY.SEARCH')}
          placeholder={t('STUDY.SEARCH_PLACEHOLDER')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          maxLength={STUDY_SEARCH_MAX_LENGTH}
          onChange={(event) => setQ(event.currentTarget.value)}
          type="search"
        />
        <Select
          className={classes.filter}
          label={t('STUDY.STATUS_FILTER')}
          placeholder={t('STUDY.ALL_STATUSES')}
          data={STUDY_STATUSES.map((value) => ({ value, label: t(`STUDY.STATUS.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as StudyStatus | null)}
          clearable
        />
      </Group>
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="md"
        component="ul"
        className={classes.grid}
        aria-label={t('STUDY.LIST_LABEL')}
      >
        {canCreate && (
          <li>
            <UnstyledButton
              onClick={createModal.open}
              className={classes.newTile}
              data-testid="new-study-tile"
            >
              <IconPlus size={28} aria-hidden />
              <Text fw={600}>{t('STUDY.NEW_STUDY')}</Text>
              <Text size="sm" c="dimmed">
                {t('STUDY.NEW_STUDY_TEXT')}
              </Text>
            </UnstyledButton>
          </li>
        )}
        {list.map((study) => (
          <li key={study.id}>
            <StudyTile study={study} />
          </li>
        ))}
      </SimpleGrid>
      {studies.isSuccess && list.length === 0 && (
        <Text c="dimmed" mt="lg" ta="center">
          {debouncedQ || status ? t('STUDY.NO_MATCH') : `${t('STUDY.EMPTY')}. ${t('STUDY.EMPTY_TEXT')}`}
        </Text>
      )}
      <CreateStudyModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
