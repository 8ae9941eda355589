import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';

/** The route of the impact preview (issue 23 item 2). */
export function amendmentImpactPath(studyId: string): string {
  return `/study/${studyId}/amendment/impact`;
}

/**
 * Issue 23 item 2: the overview's way to the impact preview while an amendment is open (the caller
 * renders it only then); shown to those who may finish the amendment, as the page's call requires.
 */
export function AmendmentImpactLink({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['amendments']);
  const canFinish = useStudyAbilities(studyId).can('STUDY_AMENDMENT_FINISH');
  if (!canFinish) return null;
  return (
    <Button
      component={Link}
      to={amendmentImpactPath(studyId)}
      variant="light"
      data-testid="amendment-impact-link"
    >
      {t('AMENDMENTS.IMPACT.OPEN')}
    </Button>
  );
}
