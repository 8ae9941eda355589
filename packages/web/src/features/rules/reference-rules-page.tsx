import { Alert, Button, EmptyState, Group, Loader, Select, Tabs } from '@mantine/core';
import { IconPlus, IconRulerMeasure } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { PageHeader } from '../../components/page-header';
import {
  useDeleteShowRule,
  useDeleteValidationRule,
  useRuleForms,
  useRuleProcessDetails,
  useRuleProcesses,
  useShowRules,
  useStudyBasics,
  useValidationRules,
} from './api';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ruleCrumbs } from './crumbs';
import { type ProcessLookup, ShowRuleTable, ValidationRuleTable } from './rule-tables';

type Tab = 'validation' | 'show';
const ALL = '__all__';
type Deleting = { kind: Tab; id: string; name: string } | null;

/** /study/:studyId/referenceRules?tab&processId: validation rules and show rules tabs (spec 001 §2). */
export function ReferenceRulesPage() {
  const { t } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'show' ? 'show' : 'validation';
  const processId = search.get('processId') ?? undefined;
  const filter = processId ? { processId } : {};
  const study = useStudyBasics(studyId);
  const abilities = useStudyAbilities(studyId);
  const canEdit = abilities.can('QUESTIONNAIRE_TEMPLATE_UPDATE');
  const forms = useRuleForms(studyId);
  const validation = useValidationRules(studyId, filter);
  const show = useShowRules(studyId, filter);
  const deleteValidation = useDeleteValidationRule(studyId);
  const deleteShow = useDeleteShowRule(studyId);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const processes = useRuleProcesses(studyId, abilities.can('PATHWAY_LIST'));
  const formList = forms.data?.forms ?? [];
  const query = processId ? `?processId=${encodeURIComponent(processId)}` : '';
  const ruleProcessIds = useMemo(() => {
    const ids = [
      ...(validation.data?.validationRules ?? []).map((r) => r.processId),
      ...(show.data?.showRules ?? []).map((r) => r.processId),
      processId ?? null,
    ];
    return [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  }, [validation.data, show.data, processId]);
  const details = useRuleProcessDetails(studyId, ruleProcessIds);
  const lookup: ProcessLookup = new Map(ruleProcessIds.map((id, i) => [id, details[i]?.data]));
  const processOptions = (processes.data ?? []).map((p) => ({ value: p.id, label: p.pathwayName || p.id }));
  if (processId && !processOptions.some((o) => o.value === processId)) {
    processOptions.push({ value: processId, label: lookup.get(processId)?.pathwayName || processId });
  }

  const handleProcess = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value && value !== ALL) next.set('processId', value);
    else next.delete('processId');
    setSearch(next, { replace: true });
  };

  const handleTab = (value: string | null) => {
    const next = new URLSearchParams(search);
    next.set('tab', value === 'show' ? 'show' : 'validation');
    setSearch(next, { replace: true });
  };
  const newTo =
    tab === 'show'
      ? `/study/${studyId}/showRule/create${query}`
      : `/study/${studyId}/validationRule/create${query}`;
  const isFetching = validation.isFetching || show.isFetching || forms.isFetching;

  return (
    <>
      <PageHeader
        crumbs={ruleCrumbs(t, { studyId, studyName: study.name })}
        description={t('RULES.INTRO')}
        actions={
          <Group gap="sm">
            {isFetching && <Loader size="sm" aria-label={t('COMMON.LOADING')} />}
            {((processes.data?.length ?? 0) > 0 || processId) && (
              <Select
                aria-label={t('RULES.PROCESS_FILTER')}
                data={[{ value: ALL, label: t('RULES.PROCESS_FILTER_ALL') }, ...processOptions]}
                value={processId ?? ALL}
                onChange={handleProcess}
                data-testid="rule-process-filter"
                allowDeselect={false}
                searchable
                w={240}
              />
            )}
            {canEdit && formList.length > 0 && (
              <Button component={Link} to={newTo} leftSection={<IconPlus size={18} />}>
                {t(tab === 'show' ? 'RULES.NEW_SHOW' : 'RULES.NEW_VALIDATION')}
              </Button>
            )}
          </Group>
        }
      />
      {forms.isSuccess && formList.length === 0 && (
        <Alert color="blue" mb="md">
          {t('RULES.NO_FORMS')}
        </Alert>
      )}
      <Tabs value={tab} onChange={handleTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="validation">
            {t('RULES.TABS.VALIDATION')} ({validation.data?.validationRules.length ?? 0})
          </Tabs.Tab>
          <Tabs.Tab value="show">
            {t('RULES.TABS.SHOW')} ({show.data?.showRules.length ?? 0})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="validation">
          {validation.data && validation.data.validationRules.length > 0 ? (
            <ValidationRuleTable
              studyId={studyId}
              rules={validation.data.validationRules}
              forms={formList}
              processes={lookup}
              canEdit={canEdit}
              onDelete={(rule, name) => setDeleting({ kind: 'validation', id: rule.id, name })}
            />
          ) : (
            validation.isSuccess && (
              <EmptyState
                icon={<IconRulerMeasure size={32} />}
                withIndicatorBackground
                title={t('RULES.EMPTY_VALIDATION')}
              />
            )
          )}
        </Tabs.Panel>
        <Tabs.Panel value="show">
          {show.data && show.data.showRules.length > 0 ? (
            <ShowRuleTable
              studyId={studyId}
              rules={show.data.showRules}
              forms={formList}
              processes={lookup}
              canEdit={canEdit}
              onDelete={(rule, name) => setDeleting({ kind: 'show', id: rule.id, name })}
            />
          ) : (
            show.isSuccess && (
              <EmptyState
                icon={<IconRulerMeasure size={32} />}
                withIndicatorBackground
                title={t('RULES.EMPTY_SHOW')}
              />
            )
          )}
        </Tabs.Panel>
      </Tabs>
      {deleting && (
        <ConfirmDeleteModal
          name={deleting.name}
          onConfirm={() =>
            deleting.kind === 'show'
              ? deleteShow.mutateAsync(deleting.id)
              : deleteValidation.mutateAsync(deleting.id)
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
