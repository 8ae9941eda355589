import { Alert, Button, Card, Checkbox, Loader, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useStudyAbilities } from '../../../app/abilities';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../../app/extended-validation';
import { serverErrorMessage } from '../../../app/form-errors';
import { showErrorToast } from '../../../app/notify';
import { ExtendedValidationDialog } from '../../../components/extended-validation-dialog';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { pickText } from '../../forms/renderer/text';
import { useStudy } from '../../studies/api';
import { useAeReports, useCreateAeReport } from './api';
import { aeReportReviewPath } from './routes';

/**
 * Route /study/{studyId}/pathwayRecord/{pathwayRecordId}/ae-report/create (spec 001 §2): picks the AE
 * form (the study's default first) and whether the event is serious, then starts the report.
 */
export function AeReportCreatePage() {
  const { t, i18n } = useTranslation();
  const { studyId = '', pathwayRecordId = '' } = useParams();
  const navigate = useNavigate();
  const abilities = useStudyAbilities(studyId);
  const canCreate = abilities.can('AE_CREATE');
  const list = useAeReports(studyId, { enabled: abilities.can('AE_LIST') });
  const study = useStudy(studyId, { enabled: abilities.can('STUDY_VIEW'), secondary: true });
  const create = useCreateAeReport(studyId, pathwayRecordId);
  const [formId, setFormId] = useState<string | null>(null);
  const [sae, setSae] = useState(false);
  if (abilities.isPending) return <FullPageLoader />;
  if (!canCreate) return <Navigate to="/401" replace />;
  const forms = list.data?.forms ?? [];
  const chosen = formId ?? forms[0]?.id ?? null;

  const handleStart = async () => {
    try {
      const view = await withExtendedValidation(
        study.data?.extendedValidation ?? false,
        t('AE_REPORTS.CREATE.MEANING'),
        (password) => create.mutateAsync({ formId: chosen ?? undefined, sae, password }),
      );
      void navigate(aeReportReviewPath(view));
    } catch (error) {
      if (!isExtendedValidationCancelled(error)) showErrorToast(serverErrorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('NAV.STUDIES'), to: '/study' },
          { label: abilities.studyName ?? studyId, to: `/study/${studyId}/overview` },
          { label: t('AE_REPORTS.TITLE'), to: `/study/${studyId}/ae2` },
          { label: t('AE_REPORTS.CREATE.TITLE') },
        ]}
      />
      <ExtendedValidationDialog />
      {list.isPending && <Loader />}
      {list.isSuccess && forms.length === 0 && (
        <Alert color="yellow">{t('AE_REPORTS.CREATE.NO_FORMS')}</Alert>
      )}
      {forms.length > 0 && (
        <Card withBorder maw={560}>
          <Stack>
            <Select
              label={t('AE_REPORTS.CREATE.FORM')}
              data={forms.map((f) => ({
                value: f.id,
                label: f.isDefault
                  ? t('AE_REPORTS.CREATE.DEFAULT', { title: pickText(f.title, i18n.language) })
                  : pickText(f.title, i18n.language),
              }))}
              value={chosen}
              onChange={setFormId}
              allowDeselect={false}
              data-testid="ae-report-form"
            />
            <Checkbox
              label={t('AE_REPORTS.CREATE.SERIOUS')}
              description={t('AE_REPORTS.CREATE.SERIOUS_HINT')}
              checked={sae}
              onChange={(e) => setSae(e.currentTarget.checked)}
            />
            <Button onClick={handleStart} loading={create.isPending} disabled={!chosen}>
              {t('AE_REPORTS.CREATE.START')}
            </Button>
          </Stack>
        </Card>
      )}
    </>
  );
}
