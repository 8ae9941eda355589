import { Alert, Anchor, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Population, PopulationFilter } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverErrorMessage } from '../../../app/form-errors';
import { useDataFilterOptions, usePopulation } from '../api';
import { ChartCard, type ChartDatum } from '../charts/chart-card';
import { ColumnChart } from '../charts/column-chart';
import { PieChart } from '../charts/pie-chart';
import { DataFilterForm, SetupNotice } from '../filters/data-filter-form';
import { EMPTY_DRAFT, type FilterDraft, toFilter } from '../filters/filter-model';
import { isolated, useNumberFormat, useStudyDates } from '../format';
import { FIRST_PAGE, Pager, type PageState } from '../pager';
import { StatCard } from '../stat-card';

const GENDER_COLORS = {
  MALE: 'var(--mantine-color-blue-6)',
  FEMALE: 'var(--mantine-color-pink-6)',
  UNKNOWN: 'var(--mantine-color-gray-5)',
} as const;

/**
 * Spec 001 §2 population tab, §3 population statistics: the counts and ages, the gender pie and the
 * age bars (each with its data-not-available note and table), the filter by site, by answer or by
 * independent answer, and the page of patients behind the figures.
 */
export function PopulationTab({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'data-views']);
  const options = useDataFilterOptions(studyId, 'POPULATION');
  const [applied, setApplied] = useState<FilterDraft>(EMPTY_DRAFT);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const population = usePopulation(studyId, {
    filter: toFilter(applied) as PopulationFilter,
    page,
  });
  const data = population.data;
  return (
    <Stack gap="md" data-testid="population-tab">
      {options.data && <SetupNotice {...options.data} />}
      {options.data && (
        <DataFilterForm
          options={options.data}
          kinds={['SITE', 'ANSWER', 'INDEPENDENT_ANSWER']}
          applied={applied}
          onApply={(next) => {
            setApplied(next);
            setPage((current) => ({ ...current, page: 1 }));
          }}
          testId="population-filter"
        />
      )}
      {population.isPending && <Loader size="sm" />}
      {population.isError && (
        <Alert color="red" variant="light">
          {serverErrorMessage(population.error, { fallback: 'DATA_VIEWS.LOAD_FAILED' })}
        </Alert>
      )}
      {data && (
        <>
          <PopulationFigures studyId={studyId} data={data} />
          <PopulationCharts data={data} />
          <PatientTable studyId={studyId} data={data} page={page} onPage={setPage} />
        </>
      )}
      {!data && !population.isPending && !population.isError && (
        <Text c="dimmed">{t('DATA_VIEWS.CHART.NO_DATA')}</Text>
      )}
    </Stack>
  );
}

function PopulationFigures({ studyId, data }: { studyId: string; data: Population }) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const dates = useStudyDates(studyId);
  const s = data.statistics;
  const age = (value: number | null, digits = 0) => (value === null ? '–' : format.number(value, digits));
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 2, xs: 4, lg: 7 }} spacing="sm" data-testid="population-figures">
        <StatCard
          label={t('DATA_VIEWS.POPULATION.TOTAL')}
          value={format.number(s.total)}
          testId="stat-total"
        />
        <StatCard label={t('DATA_VIEWS.POPULATION.MALE')} value={format.number(s.male)} testId="stat-male" />
        <StatCard
          label={t('DATA_VIEWS.POPULATION.FEMALE')}
          value={format.number(s.female)}
          testId="stat-female"
        />
        <StatCard
          label={t('DATA_VIEWS.POPULATION.UNKNOWN')}
          value={format.number(s.unknown)}
          testId="stat-unknown"
        />
        <StatCard
          label={t('DATA_VIEWS.POPULATION.MEAN_AGE')}
          value={age(s.meanAge, 1)}
          testId="stat-mean-age"
        />
        <StatCard
          label={t('DATA_VIEWS.POPULATION.MIN_AGE')}
          value={age(s.minimumAge)}
          testId="stat-min-age"
        />
        <StatCard
          label={t('DATA_VIEWS.POPULATION.MAX_AGE')}
          value={age(s.maximumAge)}
          testId="stat-max-age"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="population-reference-date">
        {t('DATA_VIEWS.POPULATION.AGES_ON', { date: isolated(dates.date(data.referenceDate)) })}
      </Text>
    </Stack>
  );
}

function PopulationCharts({ data }: { data: Population }) {
  const { t } = useTranslation(['common', 'data-views']);
  const s = data.statistics;
  const genders: ChartDatum[] = (['MALE', 'FEMALE', 'UNKNOWN'] as const).map((gender) => ({
    key: gender,
    label: t(`DATA_VIEWS.POPULATION.${gender}`),
    value: gender === 'MALE' ? s.male : gender === 'FEMALE' ? s.female : s.unknown,
    color: GENDER_COLORS[gender],
  }));
  const ages: ChartDatum[] = data.ageDistribution.map((bucket) => ({
    key: String(bucket.from),
    label: bucket.to === null ? `${bucket.from}+` : `${bucket.from}–${bucket.to}`,
    value: bucket.count,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        title={t('DATA_VIEWS.POPULATION.GENDER_CHART')}
        data={s.total === 0 ? [] : genders}
        labelHeader={t('DATA_VIEWS.POPULATION.GENDER')}
        testId="gender-chart"
      >
        <PieChart
          title={t('DATA_VIEWS.POPULATION.GENDER_CHART')}
          description={t('DATA_VIEWS.POPULATION.GENDER_DESC', {
            male: s.male,
            female: s.female,
            unknown: s.unknown,
          })}
          data={genders}
          testId="gender-pie"
        />
      </ChartCard>
      <ChartCard
        title={t('DATA_VIEWS.POPULATION.AGE_CHART')}
        data={s.withAge === 0 ? [] : ages}
        labelHeader={t('DATA_VIEWS.POPULATION.AGE_GROUP')}
        testId="age-chart"
      >
        <ColumnChart
          title={t('DATA_VIEWS.POPULATION.AGE_CHART')}
          description={t('DATA_VIEWS.POPULATION.AGE_DESC', { count: s.withAge })}
          data={ages}
          axisLabel={t('DATA_VIEWS.POPULATION.AGE_AXIS')}
          color="var(--mantine-color-teal-6)"
          testId="age-bars"
        />
      </ChartCard>
    </SimpleGrid>
  );
}

type PatientTableProps = {
  studyId: string;
  data: Population;
  page: PageState;
  onPage: (p: PageState) => void;
};

function PatientTable({ studyId, data, page, onPage }: PatientTableProps) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const patients = data.patients;
  if (patients.total === 0) return null;
  return (
    <section aria-labelledby="population-patients">
      <Title order={3} fz="md" mb="xs" id="population-patients">
        {t('DATA_VIEWS.POPULATION.PATIENTS')}
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table striped highlightOnHover withTableBorder data-testid="population-patients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('DATA_VIEWS.COLUMNS.SUBJECT')}</Table.Th>
              <Table.Th>{t('DATA_VIEWS.COLUMNS.SITE')}</Table.Th>
              <Table.Th>{t('DATA_VIEWS.POPULATION.GENDER')}</Table.Th>
              <Table.Th ta="end">{t('DATA_VIEWS.POPULATION.AGE')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {patients.items.map((p) => (
              <Table.Tr key={p.subjectId} data-testid="population-patient">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={Link} to={`/study/${studyId}/patient/${p.subjectId}`}>
                    {p.patientId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.siteName}</Table.Td>
                <Table.Td>{t(`DATA_VIEWS.GENDER.${p.gender}`)}</Table.Td>
                <Table.Td ta="end">
                  {p.age === null
                    ? '–'
                    : p.age === 'REDACTED'
                      ? t('DATA_VIEWS.GENDER.REDACTED')
                      : format.number(p.age)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager total={patients.total} value={page} onChange={onPage} testId="population-pager" />
    </section>
  );
}
