import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { formatDateTime } from '../../../app/format';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { type ProcessSummary, useProcessList } from '../api';
import { ProcessActions } from './process-actions';

/** Route /study/:studyId/pathway (spec 001 §2 process list). */
export function ProcessListPage() {
  const { t } = useTranslation();
  const { studyId = '' } = useParams();
  const abilities = useStudyAbilities(studyId);
  const list = useProcessList(studyId);
  const canView = abilities.can('PATHWAY_VIEW');
  const create = `/study/${studyId}/pathway/create`;
  const header = (
    <PageHeader
      crumbs={[
        { label: t('NAV.STUDIES'), to: '/study' },
        { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
        { label: t('PROCESSES.TITLE') },
      ]}
      actions={
        abilities.can('PATHWAY_CREATE') && (
          <Group gap="xs">
            <Button
              component={Link}
              to={`${create}?isRecruitment=true`}
              variant="default"
              leftSection={<IconUserPlus size={16} />}
              data-testid="create-recruitment-process"
            >
              {t('PROCESSES.LIST.CREATE_RECRUITMENT')}
            </Button>
            <Button
              component={Link}
              to={create}
              leftSection={<IconPlus size={16} />}
              data-testid="create-process"
            >
              {t('PROCESSES.LIST.CREATE')}
            </Button>
          </Group>
        )
      }
    />
  );
  if (list.isPending) return <FullPageLoader />;
  if (list.isError)
    return (
      <>
        {header}
        <Alert color="red">{t('PROCESSES.LIST.LOAD_FAILED')}</Alert>
      </>
    );
  const processes = list.data;
  const name = (p: ProcessSummary) =>
    canView ? (
      <Anchor component={Link} to={`/study/${studyId}/pathway/${p.id}`} fw={500}>
        {p.pathwayName}
      </Anchor>
    ) : (
      <Text fw={500}>{p.pathwayName}</Text>
    );
  const typeBadge = (p: ProcessSummary) => (
    <Badge variant="light" color={p.recruitment ? 'grape' : 'blue'}>
      {t(`PROCESSES.TYPES.${p.type}`)}
    </Badge>
  );
  const yesNo = (value: boolean) => (value ? t('PROCESSES.COMMON.YES') : t('PROCESSES.COMMON.NO'));
  if (processes.length === 0)
    return (
      <>
        {header}
        <Card withBorder padding="xl" data-testid="no-processes">
          <Text c="dimmed" ta="center">
            {t('PROCESSES.LIST.EMPTY')}
          </Text>
        </Card>
      </>
    );
  return (
    <>
      {header}
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table striped highlightOnHover data-testid="process-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('PROCESSES.LIST.NAME')}</Table.Th>
              <Table.Th>{t('PROCESSES.LIST.TYPE')}</Table.Th>
              <Table.Th>{t('PROCESSES.LIST.EVENTS')}</Table.Th>
              <Table.Th>{t('PROCESSES.LIST.PUBLIC')}</Table.Th>
              <Table.Th>{t('PROCESSES.LIST.ENROLLMENTS')}</Table.Th>
              <Table.Th>{t('PROCESSES.LIST.UPDATED')}</Table.Th>
              <Table.Th>
                <span className="tb-visually-hidden">{t('PROCESSES.LIST.ACTIONS')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {processes.map((p) => (
              <Table.Tr key={p.id} data-testid="process-row">
                <Table.Td>{name(p)}</Table.Td>
                <Table.Td>{typeBadge(p)}</Table.Td>
                <Table.Td>{p.dataEventCount}</Table.Td>
                <Table.Td>{yesNo(p.public)}</Table.Td>
                <Table.Td>{p.enrollmentCount}</Table.Td>
                <Table.Td>
                  <bdi>{formatDateTime(p.updatedTime)}</bdi>
                </Table.Td>
                <Table.Td>
                  <ProcessActions studyId={studyId} process={p} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {processes.map((p) => (
          <Card key={p.id} withBorder padding="sm" data-testid="process-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                {name(p)}
                <Group gap="xs">{typeBadge(p)}</Group>
                <Text size="sm" c="dimmed">
                  {t('PROCESSES.LIST.CARD_LINE', {
                    events: p.dataEventCount,
                    enrollments: p.enrollmentCount,
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('PROCESSES.LIST.UPDATED')}: <bdi>{formatDateTime(p.updatedTime)}</bdi>
                </Text>
              </Stack>
              <ProcessActions studyId={studyId} process={p} />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
