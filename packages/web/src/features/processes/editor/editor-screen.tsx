import { Alert, Box, Button, Grid, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import { type DataEventType, type ProcessLocks, STUDY_LANGUAGES, type StudyDetail } from '@trialbase/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import type { ProcessDetail } from '../api';
import { AddEventButtons } from './add-event-buttons';
import { EditorContext, type EditorContextValue, type FormOption } from './context';
import { newDataEvent } from './draft';
import { EventEditor } from './event-editor';
import { EventList } from './event-list';
import { GeneralInfoCard } from './general-info-card';
import { useProcessDraft } from './use-process-draft';

type EditorScreenProps = {
  study: StudyDetail;
  detail: ProcessDetail | undefined;
  isRecruitment: boolean;
  locks: ProcessLocks;
  forms: FormOption[];
  onCreated: (id: string) => void;
};

/** Spec 001 §2 process create/edit: Leave, general info, event list, event editor, add-event buttons. */
export function EditorScreen({
  study,
  detail,
  isRecruitment,
  locks: initialLocks,
  forms,
  onCreated,
}: EditorScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [locks, setLocks] = useState(initialLocks);
  const [selectedId, setSelectedId] = useState<string | null>(detail?.dataEvents[0]?.id ?? null);
  // The selected event's place: after a save the server gives new events their ids.
  const selectedIndex = useRef(0);
  const handleSaved = useCallback(
    (saved: ProcessDetail, wasNew: boolean) => {
      setLocks(saved.locks);
      setSelectedId(saved.dataEvents[selectedIndex.current]?.id ?? null);
      if (wasNew) onCreated(saved.id);
    },
    [onCreated],
  );
  const editor = useProcessDraft(study.id, detail, isRecruitment, handleSaved);
  const { draft } = editor;
  const [language, setLanguage] = useState<string>(study.primaryLanguage);
  const listPath = `/study/${study.id}/pathway`;
  const selected = draft.dataEvents.find((e) => e.id === selectedId)?.id ?? draft.dataEvents[0]?.id ?? null;
  selectedIndex.current = Math.max(
    0,
    draft.dataEvents.findIndex((e) => e.id === selected),
  );

  // Staying in this process's editor (the address switching from create to edit) is not leaving.
  const blocker = useBlocker(
    ({ nextLocation }) =>
      editor.isDirty &&
      !(editor.processId
        ? nextLocation.pathname.startsWith(`${listPath}/${editor.processId}/edit`)
        : new RegExp(`^${listPath}/[0-9a-f]{24}/edit$`).test(nextLocation.pathname)),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modals.openConfirmModal({
      title: t('PROCESSES.EDITOR.UNSAVED_TITLE'),
      children: <Text size="sm">{t('PROCESSES.EDITOR.UNSAVED_TEXT')}</Text>,
      labels: { confirm: t('PROCESSES.EDITOR.LEAVE_ANYWAY'), cancel: t('PROCESSES.EDITOR.STAY') },
      confirmProps: { color: 'red', 'data-testid': 'leave-anyway' } as Record<string, string>,
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, t]);

  const handleAdd = (type: DataEventType) => {
    const event = newDataEvent(type, t(`PROCESSES.EVENT_TYPES.${type}`), language);
    editor.update((p) => ({ ...p, dataEvents: [...p.dataEvents, event] }));
    setSelectedId(event.id);
  };
  const context = useMemo<EditorContextValue>(
    () => ({ editor, study, language, locks, forms }),
    [editor, study, language, locks, forms],
  );
  const title =
    draft.pathwayName.trim() ||
    t(isRecruitment ? 'PROCESSES.EDITOR.NEW_RECRUITMENT' : 'PROCESSES.EDITOR.NEW');
  const issueCount = editor.isSubmitted ? editor.clientIssueCount : 0;

  return (
    <EditorContext.Provider value={context}>
      <PageHeader
        crumbs={[{ label: t('PROCESSES.TITLE'), to: listPath }, { label: title }]}
        actions={
          <Group gap="xs">
            {editor.processId && (
              <Button
                component={Link}
                to={`${listPath}/${editor.processId}`}
                variant="default"
                leftSection={<IconEye size={16} />}
                data-testid="view-process"
              >
                {t('PROCESSES.ACTIONS.VIEW')}
              </Button>
            )}
            {study.languages.length > 1 && (
              <Select
                aria-label={t('PROCESSES.EDITOR.LANGUAGE')}
                data={study.languages.map((code) => ({
                  value: code,
                  label: STUDY_LANGUAGES.find((l) => l.code === code)?.nativeName ?? code,
                }))}
                value={language}
                allowDeselect={false}
                onChange={(v) => v && setLanguage(v)}
                w={150}
              />
            )}
          </Group>
        }
      />
      <Stack gap="md" pb={96}>
        {locks.isReadOnly && <Alert color="yellow">{t('PROCESSES.EDITOR.READ_ONLY')}</Alert>}
        <GeneralInfoCard />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm">
              <AddEventButtons onAdd={handleAdd} />
              <Text size="sm" fw={600}>
                {t('PROCESSES.EDITOR.EVENTS')}
              </Text>
              <EventList selectedId={selected} onSelect={setSelectedId} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected && (
              <EventEditor key={selected} eventId={selected} onRemoved={() => setSelectedId(null)} />
            )}
          </Grid.Col>
        </Grid>
      </Stack>
      <Box
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)', zIndex: 5 }}
      >
        {editor.serverError && (
          <Text c="red" size="sm" mb={6} role="alert" data-testid="backend-error">
            {editor.serverError}
          </Text>
        )}
        <Group justify="space-between">
          <Group gap="xs" data-testid="save-status" aria-live="polite">
            {editor.saveState === 'saving' && <Loader size="xs" />}
            {editor.saveState === 'saving' && <Text size="sm">{t('PROCESSES.EDITOR.SAVING')}</Text>}
            {editor.saveState === 'saved' && !editor.isDirty && (
              <>
                <IconCheck size={16} color="var(--mantine-color-green-7)" />
                <Text size="sm">{t('PROCESSES.EDITOR.SAVED')}</Text>
              </>
            )}
            {issueCount > 0 && (
              <Text size="sm" c="red" data-testid="issue-count">
                {t('PROCESSES.EDITOR.FIX_ERRORS', { count: issueCount })}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={() => void navigate(listPath)} data-testid="leave">
              {t('PROCESSES.EDITOR.LEAVE')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={locks.isReadOnly || (!editor.isDirty && editor.processId !== undefined)}
              loading={editor.saveState === 'saving'}
              onClick={() => void editor.save()}
              data-testid="save-process"
            >
              {t('PROCESSES.ACTIONS.SAVE')}
            </Button>
          </Group>
        </Group>
      </Box>
      <Modal
        opened={editor.conflict !== null}
        onClose={() => void editor.resolveConflict('cancel')}
        title={t('PROCESSES.EDITOR.CONFLICT_TITLE')}
        data-testid="process-conflict"
      >
        <Stack gap="md">
          <Text size="sm">{t('PROCESSES.EDITOR.CONFLICT_TEXT')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => void editor.resolveConflict('cancel')}>
              {t('PROCESSES.EDITOR.CONFLICT_CANCEL')}
            </Button>
            <Button
              variant="default"
              onClick={() => void editor.resolveConflict('theirs')}
              data-testid="conflict-load-theirs"
            >
              {t('PROCESSES.EDITOR.CONFLICT_LOAD_THEIRS')}
            </Button>
            <Button onClick={() => void editor.resolveConflict('mine')} data-testid="conflict-keep-mine">
              {t('PROCESSES.EDITOR.CONFLICT_KEEP_MINE')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </EditorContext.Provider>
  );
}
