import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { SiteOverview } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDate } from '../../app/format';
import { PageHeader } from '../../components/page-header';
import { useDeleteSite, useSiteOverview, useStudyName } from './api';
import { BookingsPanel } from './bookings-panel';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { siteCrumbs } from './crumbs';
import { SiteFormModal } from './site-form-modal';

function Detail({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>
        {value === null ? t('COMMON.DASH') : <bdi>{value}</bdi>}
      </Text>
    </Stack>
  );
}

function SiteDetails({ overview }: { overview: SiteOverview }) {
  const { t } = useTranslation();
  const { site } = overview;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
        <Detail label={t('SITES.FIELDS.NUMBER')} value={String(site.siteNumber)} />
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase">
            {t('SITES.FIELDS.PUBLIC')}
          </Text>
          <Badge variant="light" color={site.isPublic ? 'teal' : 'gray'} mt={2}>
            {t(site.isPublic ? 'SITES.YES' : 'SITES.NO')}
          </Badge>
        </Stack>
        <Detail label={t('SITES.FIELDS.ADDRESS')} value={site.address} />
        <Detail label={t('SITES.FIELDS.EMAIL')} value={site.contactEmail} />
        <Detail label={t('SITES.FIELDS.PHONE')} value={site.contactPhone} />
      </SimpleGrid>
    </Paper>
  );
}

function SubjectsCard({ overview }: { overview: SiteOverview }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h4" mb="sm">
        {t('SITES.SUBJECTS.HEADING', { count: overview.subjects.length })}
      </Title>
      {overview.subjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('SITES.SUBJECTS.NONE')}
        </Text>
      ) : (
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('SITES.SUBJECTS.ID')}</Table.Th>
              <Table.Th>{t('SITES.SUBJECTS.CREATED')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overview.subjects.map((subject) => (
              <Table.Tr key={subject.id}>
                <Table.Td>
                  <bdi>{subject.patientId}</bdi>
                </Table.Td>
                <Table.Td>
                  <span dir="ltr">{formatDate(subject.createdAt)}</span>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function StaffCard({ overview }: { overview: SiteOverview }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h4" mb="sm">
        {t('SITES.STAFF.HEADING')}
      </Title>
      {overview.staff.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('SITES.STAFF.NONE')}
        </Text>
      ) : (
        <Stack gap="xs">
          {overview.staff.map((member) => (
            <Group key={member.accessId} justify="space-between" wrap="wrap" gap={4}>
              <Stack gap={0} style={{ minInlineSize: 0 }}>
                <Text fw={500}>
                  {member.firstName ? (
                    `${member.firstName} ${member.lastName ?? ''}`
                  ) : (
                    <bdi>{member.email}</bdi>
                  )}
                </Text>
                {member.firstName && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    <bdi>{member.email}</bdi>
                  </Text>
                )}
              </Stack>
              <Group gap={4}>
                <Badge variant="light">
                  {t(`SITES.ROLES.${member.role}`, { defaultValue: member.role })}
                </Badge>
                {member.isStudyWide && (
                  <Badge variant="outline" color="gray">
                    {t('SITES.STAFF.STUDY_WIDE')}
                  </Badge>
                )}
                {member.status === 'INVITED' && (
                  <Badge variant="outline" color="yellow">
                    {t('SITES.STAFF.INVITED')}
                  </Badge>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** /study/:studyId/sites/:siteId: site overview with bookings, subjects and staff (spec 000 §2). */
export function SitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const studyId = params.studyId ?? '';
  const siteId = params.siteId ?? '';
  const studyName = useStudyName(studyId);
  const overview = useSiteOverview(studyId, siteId);
  const deleteSite = useDeleteSite(studyId);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const data = overview.data;

  return (
    <>
      <PageHeader
        crumbs={siteCrumbs(t, { studyId, studyName, siteName: data?.site.name ?? t('COMMON.LOADING') })}
        actions={
          data && (
            <Group gap="xs">
              {data.site.abilities.edit && (
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setDialog('edit')}
                >
                  {t('SITES.ACTIONS.EDIT')}
                </Button>
              )}
              {data.site.abilities.delete && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setDialog('delete')}
                >
                  {t('SITES.ACTIONS.DELETE')}
                </Button>
              )}
            </Group>
          )
        }
      />
      {data && (
        <Stack gap="md">
          <SiteDetails overview={data} />
          <BookingsPanel studyId={studyId} siteId={siteId} abilities={data.site.abilities} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <SubjectsCard overview={data} />
            <StaffCard overview={data} />
          </SimpleGrid>
        </Stack>
      )}
      {data && dialog === 'edit' && (
        <SiteFormModal studyId={studyId} site={data.site} onClose={() => setDialog(null)} />
      )}
      {data && dialog === 'delete' && (
        <ConfirmDeleteModal
          title={t('SITES.DELETE.TITLE')}
          message={t('SITES.DELETE.CONFIRM', { name: data.site.name })}
          onConfirm={() => deleteSite.mutateAsync(siteId)}
          onClose={() => setDialog(null)}
          onDeleted={() => void navigate(`/study/${studyId}/sites`)}
        />
      )}
    </>
  );
}
