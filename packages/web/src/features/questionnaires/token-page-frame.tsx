import { Alert, Box, Loader, Stack } from '@mantine/core';
import { truncateStudyName } from '@trialbase/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useStudy } from '../studies/api';
import classes from './token-page-frame.module.css';

type TokenPageFrameProps = {
  studyId: string;
  title: string;
  isPending: boolean;
  isError: boolean;
  children: ReactNode;
};

/** The frame both staff pages share: breadcrumbs (document title), loading and load failure. */
export function TokenPageFrame({ studyId, title, isPending, isError, children }: TokenPageFrameProps) {
  const { t } = useTranslation(['common', 'studies']);
  const study = useStudy(studyId);
  return (
    <Box maw={1200} mx="auto" w="100%" miw={0} className={classes.frame}>
      <PageHeader
        crumbs={[
          { label: t('STUDY.TITLE'), to: '/study' },
          ...(study.data
            ? [{ label: truncateStudyName(study.data.studyName), to: `/study/${studyId}` }]
            : []),
          { label: t('QUESTIONNAIRES.SUBJECTS'), to: `/study/${studyId}/patient` },
          { label: title },
        ]}
      />
      <Stack gap="md">
        {isError && <Alert color="red">{t('QUESTIONNAIRES.LOADING_FAILED')}</Alert>}
        {isPending && !isError && <Loader mx="auto" aria-label={t('COMMON.LOADING')} />}
        {children}
      </Stack>
    </Box>
  );
}
