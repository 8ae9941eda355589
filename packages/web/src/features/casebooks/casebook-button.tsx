import { Alert, Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import {
  type CasebookJob,
  casebookLanguages,
  casebookPermissions,
  type PlanModuleCode,
} from '@trialbase/domain';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { showErrorToast } from '../../app/notify';
import { nativeLanguageName } from '../../i18n/languages';
import { useStudy } from '../studies/api';
import { downloadCasebook, useCasebooks, useStartCasebook } from './api';

type Props = { studyId: string; subjectId: string };

function JobLine({ studyId, job }: { studyId: string; job: CasebookJob }) {
  const { t } = useTranslation(['common', 'casebooks']);
  const [saving, setSaving] = useState(false);
  const handleDownload = async () => {
    setSaving(true);
    try {
      await downloadCasebook(studyId, job);
    } catch (error) {
      showErrorToast(serverErrorMessage(error, { fallback: 'CASEBOOKS.FAILED' }));
    } finally {
      setSaving(false);
    }
  };
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  return (
    <Stack gap={4} data-testid="casebook-job" data-status={job.status}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          <bdi>{nativeLanguageName(job.language)}</bdi> · <bdi>{formatDateTime(job.createdAt)}</bdi>
        </Text>
        {job.status === 'COMPLETED' && job.fileSize !== null && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={saving}
            onClick={() => void handleDownload()}
            data-testid="casebook-download"
          >
            {t('CASEBOOKS.DOWNLOAD')}
          </Button>
        )}
      </Group>
      {running && (
        <>
          <Progress
            value={job.progress.total > 0 ? (100 * job.progress.done) / job.progress.total : 5}
            animated
            aria-label={t('CASEBOOKS.PROGRESS', { done: job.progress.done, total: job.progress.total })}
          />
          <Text size="xs" c="dimmed">
            {job.status === 'QUEUED'
              ? t('CASEBOOKS.QUEUED')
              : t('CASEBOOKS.PROGRESS', { done: job.progress.done, total: job.progress.total })}
          </Text>
        </>
      )}
      {job.status === 'COMPLETED' && (
        <Text size="xs" c="dimmed">
          {job.fileSize === null
            ? t('CASEBOOKS.EXPIRED')
            : t('CASEBOOKS.READY', { count: job.pageCount ?? 0 })}
        </Text>
      )}
      {job.status === 'FAILED' && (
        <Text size="xs" c="red">
          {t('CASEBOOKS.FAILED')}
        </Text>
      )}
    </Stack>
  );
}

function CasebookDialog({ studyId, subjectId, onClose }: Props & { onClose: () => void }) {
  const { t, i18n } = useTranslation(['common', 'casebooks']);
  const study = useStudy(studyId, { secondary: true });
  const languages = study.data ? casebookLanguages(study.data) : [];
  const preferred = languages.find((l) => l === i18n.language) ?? languages[0] ?? 'en';
  const [language, setLanguage] = useState<string | null>(null);
  const chosen = language ?? preferred;
  const jobs = useCasebooks(studyId, subjectId, true);
  const start = useStartCasebook(studyId, subjectId);
  const handlePrint = () =>
    start.mutate(chosen, {
      onError: (error) => showErrorToast(serverErrorMessage(error, { fallback: 'CASEBOOKS.FAILED' })),
    });
  return (
    <Stack gap="md">
      <Text size="sm">{t('CASEBOOKS.TEXT')}</Text>
      <Select
        label={t('CASEBOOKS.LANGUAGE')}
        data={languages.map((code) => ({ value: code, label: nativeLanguageName(code) }))}
        value={chosen}
        onChange={setLanguage}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="casebook-language"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('CASEBOOKS.CLOSE')}
        </Button>
        <Button
          leftSection={<IconFileTypePdf size={16} />}
          loading={start.isPending}
          onClick={handlePrint}
          disabled={languages.length === 0}
          data-testid="casebook-print"
        >
          {t('CASEBOOKS.PRINT')}
        </Button>
      </Group>
      {(jobs.data?.items.length ?? 0) > 0 && (
        <Stack gap="sm">
          <Text fw={500} size="sm">
            {t('CASEBOOKS.YOURS')}
          </Text>
          {jobs.data?.items.slice(0, 5).map((job) => (
            <JobLine key={job.id} studyId={studyId} job={job} />
          ))}
        </Stack>
      )}
      {jobs.isError && <Alert color="red">{t('CASEBOOKS.FAILED')}</Alert>}
    </Stack>
  );
}

function CasebookButtonInner({ studyId, subjectId }: Props) {
  const { t } = useTranslation(['common', 'casebooks']);
  const abilities = useStudyAbilities(studyId);
  const study = useStudy(studyId, { secondary: true });
  const [opened, setOpened] = useState(false);
  const modules: readonly PlanModuleCode[] = study.data?.modules ?? [];
  const needed = casebookPermissions({
    medication: modules.includes('MEDICATION'),
    accounting: modules.includes('MEDICATION_ACCOUNTING'),
  });
  if (!study.data || !needed.every((permission) => abilities.can(permission))) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        onClick={() => setOpened(true)}
        data-testid="casebook-button"
      >
        {t('CASEBOOKS.BUTTON')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('CASEBOOKS.TITLE')} size="md">
        {opened && (
          <CasebookDialog studyId={studyId} subjectId={subjectId} onClose={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}

/**
 * Issue 27 item 4: "Casebook PDF" on the subject view, for whoever may view all of the record
 * (domain casebookPermissions; the server checks them at the subject's site): the language, the
 * progress of the job and the download. Its strings load with it.
 */
export function CasebookButton(props: Props) {
  return (
    <Suspense fallback={null}>
      <CasebookButtonInner {...props} />
    </Suspense>
  );
}
