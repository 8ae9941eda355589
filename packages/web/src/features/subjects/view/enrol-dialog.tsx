import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import type { SubjectDetail } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../../app/abilities';
import { ForbiddenInPlace } from '../../../app/forbidden-in-place';
import { isForbiddenError } from '../../../app/http-error-handler';
import { showSuccessToast } from '../../../app/notify';
import { useProcessList } from '../../processes/api';
import { useSites } from '../../sites/api';
import { useEnrollSubject } from '../api';
import { generalError } from '../display';

type EnrolDialogProps = { studyId: string; subject: SubjectDetail; opened: boolean; onClose: () => void };

/** Spec 001 §7 POST /studies/{studyId}/enrollments: enrol the subject in a process at a site. */
export function EnrolDialog({ studyId, subject, opened, onClose }: EnrolDialogProps) {
  const { t } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  // Asked for only while the dialog is open; the site choice falls back to the subject's site.
  const processes = useProcessList(studyId, {
    enabled: opened && abilities.can('PATHWAY_LIST'),
    secondary: true,
  });
  const sites = useSites(studyId, { enabled: opened && abilities.can('SITE_OVERVIEW'), secondary: true });
  const enrol = useEnrollSubject(studyId, subject.id);
  const [processId, setProcessId] = useState<string | null>(null);
  const [siteId, setSiteId] = useState<string | null>(subject.siteId);
  const processOptions = (processes.data ?? []).map((p) => ({ value: p.id, label: p.pathwayName }));
  const siteOptions = (sites.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }));
  const handleClose = () => {
    enrol.reset();
    setProcessId(null);
    onClose();
  };
  const handleSubmit = () => {
    if (!processId || !siteId) return;
    enrol.mutate(
      { subjectId: subject.id, siteId, processId },
      {
        onSuccess: () => {
          showSuccessToast(t('SUBJECTS.ENROL.DONE'));
          handleClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={handleClose} title={t('SUBJECTS.ENROL.TITLE')}>
      <Stack gap="sm">
        {isForbiddenError(processes.error) && <ForbiddenInPlace />}
        {processes.isSuccess && processOptions.length === 0 && (
          <Alert color="yellow">{t('SUBJECTS.ENROL.NO_PROCESSES')}</Alert>
        )}
        <Select
          label={t('SUBJECTS.ENROL.PROCESS')}
          placeholder={t('SUBJECTS.FORM.CHOOSE')}
          data={processOptions}
          value={processId}
          onChange={setProcessId}
          required
          data-testid="enrol-process"
        />
        <Select
          label={t('SUBJECTS.ENROL.SITE')}
          data={siteOptions.length > 0 ? siteOptions : [{ value: subject.siteId, label: subject.siteName }]}
          value={siteId}
          onChange={setSiteId}
          allowDeselect={false}
          required
          data-testid="enrol-site"
        />
        {enrol.isError && (
          <Alert color="red" data-testid="enrol-error">
            {generalError(t, enrol.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {t('SUBJECTS.ACTIONS.CANCEL')}
          </Button>
          <Button
            onClick={handleSubmit}
            disabled={!processId || !siteId}
            loading={enrol.isPending}
            data-testid="enrol-submit"
          >
            {t('SUBJECTS.ENROL.SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
