import { EmptyState } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';

/** /study: the study list (spec 001 §2). Studies arrive with the studies issue. */
export function StudyListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader crumbs={[{ label: t('STUDIES.TITLE') }]} />
      <EmptyState
        icon={<IconFlask size={32} />}
        withIndicatorBackground
        title={t('STUDIES.EMPTY')}
        description={t('STUDIES.EMPTY_TEXT')}
        mt="xl"
      />
    </>
  );
}
