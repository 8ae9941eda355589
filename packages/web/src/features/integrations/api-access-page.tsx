import { Alert, Loader, Stack } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isHttpError } from '../../app/http';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { PageHeader } from '../../components/page-header';
import { useApiAccess, useStudyInfo } from './api';
import { ApiKeyCard } from './api-key-card';
import { ApiUserCard } from './api-user-card';
import { StudyInfoCard } from './study-info-card';

/** /study/:studyId/api: spec 001 §2 "API access" (key, API user setting, study info; module-disabled info). */
export function ApiAccessPage() {
  const { t } = useTranslation();
  const studyId = useParams().studyId ?? '';
  const access = useApiAccess(studyId);
  const info = useStudyInfo(studyId, access.isSuccess);
  const isModuleDisabled = isHttpError(access.error) && access.error.body?.type === 'PRECONDITION';

  const crumbs = [
    { label: t('NAV.STUDIES'), to: '/study' },
    ...(info.data ? [{ label: info.data.name, to: `/study/${studyId}/overview` }] : []),
    { label: t('INTEGRATIONS.TITLE') },
  ];

  return (
    <>
      <PageHeader
        crumbs={crumbs}
        description={isModuleDisabled ? undefined : t('INTEGRATIONS.INTRO')}
        actions={access.isFetching ? <Loader size="sm" aria-label={t('COMMON.LOADING')} /> : null}
      />
      {isModuleDisabled && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconPlugConnectedX size={20} />}
          title={t('INTEGRATIONS.MODULE_DISABLED_TITLE')}
          maw={720}
        >
          {t('INTEGRATIONS.MODULE_DISABLED')}
        </Alert>
      )}
      {access.data && (
        <Stack gap="lg" maw={960}>
          <ApiKeyCard access={access.data} />
          <ApiUserCard
            key={`${access.data.viewIdentifiable}-${access.data.dataFeed}-${access.data.dataWrite}`}
            access={access.data}
          />
          {info.data && <StudyInfoCard info={info.data} />}
        </Stack>
      )}
      <ExtendedValidationDialog />
    </>
  );
}
