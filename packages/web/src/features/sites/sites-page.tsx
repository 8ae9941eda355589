import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBuildingHospital, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { SiteView } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useDeleteSite, useSites, useStudyName } from './api';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { siteCrumbs } from './crumbs';
import { SiteFormModal } from './site-form-modal';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; site: SiteView }
  | { kind: 'delete'; site: SiteView }
  | null;

function SiteCard({
  studyId,
  site,
  onDialog,
}: {
  studyId: string;
  site: SiteView;
  onDialog: (d: Dialog) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" data-testid="site-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minInlineSize: 0 }}>
          <Anchor component={Link} to={`/study/${studyId}/sites/${site.id}`} fw={600} lineClamp={2}>
            {site.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('SITES.NUMBER_LABEL', { number: site.siteNumber })}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {site.abilities.edit && (
            <Tooltip label={t('SITES.ACTIONS.EDIT')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('SITES.ACTIONS.EDIT_NAMED', { name: site.name })}
                onClick={() => onDialog({ kind: 'edit', site })}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {site.abilities.delete && (
            <Tooltip label={t('SITES.ACTIONS.DELETE')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('SITES.ACTIONS.DELETE_NAMED', { name: site.name })}
                onClick={() => onDialog({ kind: 'delete', site })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Group gap="xs" mt="sm" wrap="wrap">
        <Badge variant="light" color={site.isPublic ? 'teal' : 'gray'}>
          {t(site.isPublic ? 'SITES.PUBLIC' : 'SITES.NOT_PUBLIC')}
        </Badge>
        <Badge variant="outline" color="blue">
          {t('SITES.SUBJECT_COUNT', { count: site.subjectCount })}
        </Badge>
        {site.enrolmentTarget !== null && (
          <Badge variant="outline" color="grape" data-testid="site-target">
            {t('SITES.TARGET_LABEL', { count: site.enrolmentTarget })}
          </Badge>
        )}
      </Group>
    </Card>
  );
}

/** /study/:studyId/sites: the sites overview (spec 000 §2 sites-overview). */
export function SitesPage() {
  const { t } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const studyName = useStudyName(studyId);
  const sites = useSites(studyId);
  const deleteSite = useDeleteSite(studyId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = sites.data?.sites ?? [];

  return (
    <>
      <PageHeader
        crumbs={siteCrumbs(t, { studyId, studyName })}
        description={t('SITES.INTRO')}
        actions={
          <Group gap="sm">
            {sites.isFetching && <Loader size="sm" aria-label={t('COMMON.LOADING')} />}
            {sites.data?.canCreate && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
                {t('SITES.ACTIONS.NEW')}
              </Button>
            )}
          </Group>
        }
      />
      {sites.isPending ? null : list.length === 0 ? (
        <EmptyState
          icon={<IconBuildingHospital size={32} />}
          withIndicatorBackground
          title={t('SITES.EMPTY')}
          mt="xl"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((site) => (
            <SiteCard key={site.id} studyId={studyId} site={site} onDialog={setDialog} />
          ))}
        </SimpleGrid>
      )}
      {dialog?.kind === 'create' && (
        <SiteFormModal
          studyId={studyId}
          suggestedNumber={sites.data?.nextSiteNumber}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <SiteFormModal studyId={studyId} site={dialog.site} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteModal
          title={t('SITES.DELETE.TITLE')}
          message={t('SITES.DELETE.CONFIRM', { name: dialog.site.name })}
          onConfirm={() => deleteSite.mutateAsync(dialog.site.id)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
