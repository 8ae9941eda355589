import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconLanguage, IconPlus } from '@tabler/icons-react';
import { TRANSLATION_PAGE_SIZES, type TranslationOverviewRow } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useStudy } from '../studies/api';
import { AddLanguageModal } from './add-language-modal';
import { useTranslationOverview } from './api';
import { translationCrumbs } from './crumbs';
import { languageLabel, languageNames } from './model';
import { XliffActions } from './xliff-actions';

const PAGE_CONTROLS = {
  previous: 'TRANSLATIONS.TABLE.PREVIOUS_PAGE',
  next: 'TRANSLATIONS.TABLE.NEXT_PAGE',
  first: 'TRANSLATIONS.TABLE.FIRST_PAGE',
  last: 'TRANSLATIONS.TABLE.LAST_PAGE',
} as const;

const AREA_PATHS = { FORMS: 'forms', PATHWAYS: 'pathways', RULES: 'rules' } as const;

const editorPath = (studyId: string, row: TranslationOverviewRow, area: keyof typeof AREA_PATHS) =>
  `/study/${studyId}/translate/${AREA_PATHS[area]}?language=${row.language}`;

function LanguageName({ studyId, row }: { studyId: string; row: TranslationOverviewRow }) {
  const names = languageNames(row.language);
  return (
    <div>
      <Anchor
        component={Link}
        to={editorPath(studyId, row, 'FORMS')}
        fw={500}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="translation-language-link"
      >
        {/* The own name isolated in its direction, so "العربية (Arabic)" keeps its order on any page. */}
        <bdi lang={row.language}>{names.native}</bdi>
        {names.english && ` (${names.english})`}
      </Anchor>
      <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
        {row.language}
      </Text>
    </div>
  );
}

function ProgressCell({ row }: { row: TranslationOverviewRow }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={row.progress}
        color={row.progress === 100 ? 'teal' : 'blue'}
        style={{ flex: 1 }}
        aria-label={t('TRANSLATIONS.TABLE.PROGRESS_OF', { language: languageLabel(row.language) })}
      />
      <Text size="sm" fw={500} data-testid="translation-progress" style={{ whiteSpace: 'nowrap' }}>
        {t('TRANSLATIONS.TABLE.PERCENT', { percent: row.progress })}
      </Text>
    </Group>
  );
}

/** The three editors of a language, each with its own progress (none where there is nothing to translate). */
function AreaLinks({ studyId, row }: { studyId: string; row: TranslationOverviewRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      {(['FORMS', 'PATHWAYS', 'RULES'] as const).map((area) => (
        <Button
          key={area}
          component={Link}
          to={editorPath(studyId, row, area)}
          size="compact-sm"
          variant="light"
          data-testid={`translate-${area.toLowerCase()}-${row.language}`}
          rightSection={
            row.areas[area].total > 0 ? (
              <Text span size="xs">
                {t('TRANSLATIONS.TABLE.PERCENT', { percent: row.areas[area].progress })}
              </Text>
            ) : undefined
          }
        >
          {t(`TRANSLATIONS.AREAS.${area}`)}
        </Button>
      ))}
    </Group>
  );
}

type RowProps = { studyId: string; row: TranslationOverviewRow; isEditable: boolean };

function LanguageRow({ studyId, row, isEditable }: RowProps) {
  return (
    <Table.Tr data-testid={`translation-row-${row.language}`}>
      <Table.Td>
        <LanguageName studyId={studyId} row={row} />
      </Table.Td>
      <Table.Td data-testid="translation-total">{row.total}</Table.Td>
      <Table.Td data-testid="translation-completed">{row.completed}</Table.Td>
      <Table.Td data-testid="translation-untranslated">{row.untranslated}</Table.Td>
      <Table.Td miw={140}>
        <ProgressCell row={row} />
      </Table.Td>
      <Table.Td>
        <AreaLinks studyId={studyId} row={row} />
      </Table.Td>
      <Table.Td>
        <XliffActions studyId={studyId} language={row.language} canImport={isEditable} compact />
      </Table.Td>
    </Table.Tr>
  );
}

/** A phone shows each language as a card: the same figures, no sideways scrolling. */
function LanguageCard({ studyId, row, isEditable }: RowProps) {
  const { t } = useTranslation();
  const figures = [
    ['TRANSLATIONS.TABLE.TOTAL', row.total],
    ['TRANSLATIONS.TABLE.COMPLETED', row.completed],
    ['TRANSLATIONS.TABLE.UNTRANSLATED', row.untranslated],
  ] as const;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`translation-card-${row.language}`}>
      <Stack gap="xs">
        <LanguageName studyId={studyId} row={row} />
        <ProgressCell row={row} />
        <Group gap="md" wrap="wrap">
          {figures.map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed" size="sm">
                {t(label)}:
              </Text>{' '}
              {value}
            </Text>
          ))}
        </Group>
        <AreaLinks studyId={studyId} row={row} />
        <XliffActions studyId={studyId} language={row.language} canImport={isEditable} compact />
      </Stack>
    </Paper>
  );
}

/** /study/:studyId/translations: per study language total, completed, untranslated and progress (spec 001 §2). */
export function TranslationsOverviewPage() {
  const { t } = useTranslation();
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TRANSLATION_PAGE_SIZES[0]);
  const canTranslate = abilities.can('STUDY_TRANSLATIONS');
  const overview = useTranslationOverview(studyId, { page, pageSize });
  const study = useStudy(studyId, { enabled: abilities.can('STUDY_VIEW'), secondary: true });
  const [isAdding, setAdding] = useState(false);

  if (abilities.isPending) return <FullPageLoader />;
  if (!canTranslate) return <Navigate to="/401" replace />;

  const data = overview.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const canAddLanguage =
    study.data?.abilities.STUDY_UPDATE === true && study.data.editScope.structure === 'ALL';

  return (
    <>
      <PageHeader
        crumbs={translationCrumbs(t, { studyId, studyName: abilities.studyName })}
        description={
          data ? t('TRANSLATIONS.INTRO', { language: languageLabel(data.primaryLanguage) }) : undefined
        }
        actions={
          <Group gap="sm">
            {overview.isFetching && <Loader size="sm" aria-label={t('COMMON.LOADING')} />}
            {canAddLanguage && (
              <Button
                leftSection={<IconPlus size={18} />}
                onClick={() => setAdding(true)}
                data-testid="add-language"
              >
                {t('TRANSLATIONS.ADD.BUTTON')}
              </Button>
            )}
          </Group>
        }
      />
      {data && !data.isEditable && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="translations-locked">
          {t('TRANSLATIONS.EDITOR.LOCKED')}
        </Text>
      )}
      {!data ? null : data.total === 0 ? (
        <EmptyState
          icon={<IconLanguage size={32} />}
          withIndicatorBackground
          title={t('TRANSLATIONS.EMPTY')}
          mt="xl"
          data-testid="translations-empty"
        />
      ) : (
        <Paper withBorder radius="md">
          <Stack gap="sm" p="sm" hiddenFrom="md">
            {data.items.map((row) => (
              <LanguageCard key={row.language} studyId={studyId} row={row} isEditable={data.isEditable} />
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={860} visibleFrom="md">
            <Table verticalSpacing="sm" highlightOnHover data-testid="translations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('TRANSLATIONS.TABLE.LANGUAGE')}</Table.Th>
                  <Table.Th>{t('TRANSLATIONS.TABLE.TOTAL')}</Table.Th>
                  <Table.Th>{t('TRANSLATIONS.TABLE.COMPLETED')}</Table.Th>
                  <Table.Th>{t('TRANSLATIONS.TABLE.UNTRANSLATED')}</Table.Th>
                  <Table.Th>{t('TRANSLATIONS.TABLE.PROGRESS')}</Table.Th>
                  <Table.Th>{t('TRANSLATIONS.TABLE.TRANSLATE')}</Table.Th>
                  <Table.Th>{t('TRANSLATIONS.TABLE.XLIFF')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <LanguageRow key={row.language} studyId={studyId} row={row} isEditable={data.isEditable} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('TRANSLATIONS.TABLE.PAGE_SIZE')}
              </Text>
              <Select
                data={TRANSLATION_PAGE_SIZES.map(String)}
                value={String(pageSize)}
                onChange={(value) => {
                  setPageSize(Number(value ?? TRANSLATION_PAGE_SIZES[0]));
                  setPage(1);
                }}
                allowDeselect={false}
                w={90}
                size="xs"
                aria-label={t('TRANSLATIONS.TABLE.PAGE_SIZE')}
              />
              <Badge variant="light" color="gray">
                {t('TRANSLATIONS.TABLE.COUNT', { count: data.total })}
              </Badge>
            </Group>
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(PAGE_CONTROLS[control]) })}
            />
          </Group>
        </Paper>
      )}
      {isAdding && study.data && <AddLanguageModal study={study.data} onClose={() => setAdding(false)} />}
    </>
  );
}
