import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import {
  formEndpoints,
  isModuleEnabled,
  type RandomizationBalance,
  type RandomizationView,
  SITE_FACTOR,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage } from '../../app/form-errors';
import { call } from '../../app/http';
import { showErrorToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { formKeys } from '../forms/api';
import { useProcessList } from '../processes/api';
import { displayText } from '../processes/localized';
import { useSites } from '../sites/api';
import { useStudy } from '../studies/api';
import { downloadAllocationList, useBalance, useRandomization } from './api';
import { BalanceTable } from './balance-table';

/** Names of groups, factors and levels for the balance table, from the study's sites and forms. */
function useNaming(studyId: string, view: RandomizationView, balance: RandomizationBalance | undefined) {
  const { t, i18n } = useTranslation(['common', 'randomization']);
  const sites = useSites(studyId, { enabled: view.config.stratifyBySite === true, secondary: true });
  const formIds = [...new Set(view.config.questionStratifications.flatMap((s) => (s.form ? [s.form] : [])))];
  const forms = useQueries({
    queries: formIds.map((formId) => ({
      queryKey: formKeys.detail(studyId, formId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(formEndpoints.get, { params: { studyId, formId }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      meta: { secondary: true },
    })),
  });
  const language = i18n.language;
  const questions = forms.flatMap((f) => f.data?.questions ?? []);
  const primary = (title: Record<string, unknown> | undefined) => Object.keys(title ?? {})[0] ?? 'en';
  return {
    group: (id: string) => {
      const g = balance?.groups.find((x) => x.id === id);
      return (g && displayText(g.title, language, primary(g.title))) || id;
    },
    factor: (id: string) => {
      if (id === SITE_FACTOR) return t('RANDOMIZATION.FACTORS.SITE');
      const q = questions.find((x) => x.id === id);
      return q ? displayText(q.question, language, primary(q.question)).replace(/<[^>]*>/g, '') : id;
    },
    level: (factor: string, level: string) => {
      if (level === '') return t('RANDOMIZATION.FACTORS.MISSING');
      if (factor === SITE_FACTOR) return sites.data?.sites.find((s) => s.id === level)?.name ?? level;
      const q = questions.find((x) => x.id === factor);
      const p = q?.possibilities?.find((x) => x.id === level);
      return p ? displayText(p.possibility, language, primary(p.possibility)) || level : level;
    },
  };
}

function BalanceSection({ studyId, view }: { studyId: string; view: RandomizationView }) {
  const { t } = useTranslation(['common', 'randomization']);
  const balance = useBalance(studyId, view.processId, { secondary: true });
  const naming = useNaming(studyId, view, balance.data);
  if (balance.isPending) return <Loader size="sm" />;
  if (balance.isError) return <Alert color="red">{serverErrorMessage(balance.error)}</Alert>;
  if (balance.data.allocations === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('RANDOMIZATION.BALANCE.EMPTY')}
      </Text>
    );
  return <BalanceTable report={balance.data.report} naming={naming} />;
}

function ProcessCard({ studyId, processId, name }: { studyId: string; processId: string; name: string }) {
  const { t } = useTranslation(['common', 'randomization']);
  const abilities = useStudyAbilities(studyId);
  const view = useRandomization(studyId, processId, { secondary: true });
  const [isExporting, setExporting] = useState(false);
  if (view.isPending || view.isError || !view.data.config.randomization) return null;
  const { status, config } = view.data;
  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadAllocationList(studyId, processId);
    } catch (error) {
      showErrorToast(serverErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card withBorder padding="md" data-testid="randomization-process">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              <bdi>{name}</bdi>
            </Title>
            <Group gap={6}>
              <Badge variant="light">{t(`RANDOMIZATION.METHODS.${config.method}`)}</Badge>
              <Badge variant="light" color="gray" data-testid="randomization-allocated">
                {t('RANDOMIZATION.STATUS.OF_TARGET', {
                  n: status.allocations,
                  target: config.targetInclusion ?? '—',
                })}
              </Badge>
              {status.listEntries > 0 && (
                <Badge variant="light" color="grape">
                  {t('RANDOMIZATION.STATUS.FREE', { free: status.freeEntries, total: status.listEntries })}
                </Badge>
              )}
            </Group>
          </Stack>
          <Group gap="xs">
            <Button
              component={Link}
              variant="default"
              to={`/study/${studyId}/pathway/${processId}/edit`}
              size="xs"
            >
              {t('RANDOMIZATION.PAGE.OPEN_EDITOR')}
            </Button>
            {abilities.can('RANDOMIZATION_LIST_EXPORT') && (
              <Button
                size="xs"
                leftSection={<IconDownload size={14} />}
                onClick={() => void handleExport()}
                loading={isExporting}
                disabled={!status.isSealed && status.allocations === 0}
                title={
                  !status.isSealed && status.allocations === 0
                    ? t('RANDOMIZATION.PAGE.NOTHING_SEALED')
                    : undefined
                }
                data-testid="export-allocation-list"
              >
                {t('RANDOMIZATION.PAGE.EXPORT')}
              </Button>
            )}
          </Group>
        </Group>
        {abilities.can('RANDOMIZATION_LIST_EXPORT') && (
          <Text size="xs" c="dimmed">
            {t('RANDOMIZATION.PAGE.EXPORT_AUDITED')}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('RANDOMIZATION.BALANCE.TITLE')}
        </Text>
        {abilities.can('TRIAL_GROUP_VIEW') ? (
          <BalanceSection studyId={studyId} view={view.data} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('RANDOMIZATION.BALANCE.BLINDED')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /study/:studyId/randomization (issue 22 item 5): per randomized process, the balance and the list export. */
export function RandomizationPage() {
  const { t } = useTranslation(['common', 'randomization']);
  const studyId = useParams().studyId ?? '';
  const study = useStudy(studyId);
  const processes = useProcessList(studyId);
  const hasModule = study.data ? isModuleEnabled(study.data, 'RANDOMIZATION') : false;
  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    ...(study.data ? [{ label: study.data.studyName, to: `/study/${studyId}/overview` }] : []),
    { label: t('RANDOMIZATION.PAGE.TITLE') },
  ];
  return (
    <>
      <PageHeader crumbs={crumbs} description={t('RANDOMIZATION.PAGE.INTRO')} />
      {study.isPending || processes.isPending ? (
        <Loader size="sm" />
      ) : !hasModule ? (
        <Alert color="gray" maw={720} data-testid="randomization-no-module">
          {t('RANDOMIZATION.EDITOR.NO_MODULE')}
        </Alert>
      ) : (
        <Stack gap="md">
          {(processes.data ?? [])
            .filter((p) => !p.recruitment)
            .map((p) => (
              <ProcessCard key={p.id} studyId={studyId} processId={p.id} name={p.pathwayName} />
            ))}
          <Text size="sm" c="dimmed">
            {t('RANDOMIZATION.PAGE.ONLY_RANDOMIZED')}
          </Text>
        </Stack>
      )}
    </>
  );
}
