import { Alert, Anchor, Tabs } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { DATA_TAB_PERMISSIONS, DATA_TABS, type DataTab } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useStudyName } from '../sites/api';
import { AnswerTab } from './answer/answer-tab';
import { MonitorTab } from './monitor/monitor-tab';
import { PopulationTab } from './population/population-tab';
import { StatusTab } from './status/status-tab';

/**
 * /study/{studyId}/data (spec 001 §2, issue 25): the Population, Answer, Status and Monitor tabs,
 * each shown only to a caller who may view that kind of data (001 §6). The open tab is in the
 * address (?tab=), so a reload or a shared link keeps it; `exportNotification` says an export was
 * asked for from here.
 */
export function DataPage() {
  const { t } = useTranslation(['common', 'data-views']);
  const studyId = useParams().studyId ?? '';
  const abilities = useStudyAbilities(studyId);
  const studyName = useStudyName(studyId);
  const [search, setSearch] = useSearchParams();
  if (abilities.isPending) return <FullPageLoader />;
  const tabs = DATA_TABS.filter((tab) => abilities.can(DATA_TAB_PERMISSIONS[tab]));
  if (tabs.length === 0) return <Navigate to="/401" replace />;
  const asked = search.get('tab')?.toUpperCase() as DataTab | undefined;
  const active: DataTab = asked && tabs.includes(asked) ? asked : (tabs[0] as DataTab);
  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    { label: studyName ?? studyId, to: `/study/${studyId}/overview` },
    { label: t('DATA_VIEWS.TITLE') },
  ];
  const handleTab = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(search);
    next.set('tab', value.toLowerCase());
    setSearch(next, { replace: true });
  };
  return (
    <>
      <PageHeader crumbs={crumbs} />
      {search.has('exportNotification') && (
        <Alert
          color="blue"
          variant="light"
          mb="md"
          icon={<IconFileExport size={18} aria-hidden />}
          data-testid="export-notification"
        >
          {t('DATA_VIEWS.EXPORT_NOTIFICATION')}{' '}
          {abilities.can('REPORTING_EXPORT') && (
            <Anchor component={Link} to={`/study/${studyId}/exports`}>
              {t('DATA_VIEWS.EXPORT_LINK')}
            </Anchor>
          )}
        </Alert>
      )}
      <Tabs value={active} onChange={handleTab} keepMounted={false}>
        <Tabs.List mb="md" data-testid="data-tabs">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`data-tab-${tab.toLowerCase()}`}>
              {t(`DATA_VIEWS.TABS.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="POPULATION">
          <PopulationTab studyId={studyId} />
        </Tabs.Panel>
        <Tabs.Panel value="ANSWER">
          <AnswerTab studyId={studyId} />
        </Tabs.Panel>
        <Tabs.Panel value="STATUS">
          <StatusTab studyId={studyId} />
        </Tabs.Panel>
        <Tabs.Panel value="MONITOR">
          <MonitorTab studyId={studyId} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
