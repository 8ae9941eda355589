import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartHistogram, IconDeviceFloppy } from '@tabler/icons-react';
import {
  type FieldIssue,
  isModuleEnabled,
  MAX_STRATIFICATIONS,
  type RandomizationConfig,
  type RandomizationView,
  validateRandomizationConfig,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage, serverIssues } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { fetchProcess } from '../processes/api';
import { useEditorContext } from '../processes/editor/context';
import { isNewEvent } from '../processes/editor/draft';
import { Locked } from '../processes/editor/locked';
import { useRandomization, useSaveRandomization } from './api';
import { issueAt, type StratificationContext, StratificationFields, TrialGroupFields } from './editor-parts';
import { groupChangeLock, type LockState, randomizationFieldLock } from './locks';
import { ListUpload, MethodFields } from './method-fields';
import { SimulatorModal } from './simulator-modal';

/**
 * Issue 22 item 1: the randomization section of the process editor. A saved process only (the
 * configuration is saved on the process through PUT .../randomization with its revision); new
 * processes are asked to save first. Needs the study's RANDOMIZATION module (spec 001 §6).
 */
export function RandomizationEditor() {
  const { t } = useTranslation(['common', 'randomization']);
  const { editor, study } = useEditorContext();
  const hasModule = isModuleEnabled(study, 'RANDOMIZATION');
  const view = useRandomization(study.id, editor.processId, { enabled: hasModule, secondary: true });
  const header = (
    <Title order={3} fz="h5">
      {t('RANDOMIZATION.EDITOR.TITLE')}
    </Title>
  );
  if (!hasModule)
    return (
      <Stack gap="xs" data-testid="randomization-section">
        {header}
        <Text size="sm" c="dimmed">
          {t('RANDOMIZATION.EDITOR.NO_MODULE')}
        </Text>
      </Stack>
    );
  if (!editor.processId)
    return (
      <Stack gap="xs" data-testid="randomization-section">
        {header}
        <Text size="sm" c="dimmed">
          {t('RANDOMIZATION.EDITOR.SAVE_PROCESS_FIRST')}
        </Text>
      </Stack>
    );
  if (view.isPending) return <Loader size="sm" />;
  if (view.isError) return <Alert color="red">{serverErrorMessage(view.error)}</Alert>;
  return <RandomizationForm key={view.data.revision} view={view.data} processId={editor.processId} />;
}

/** Server issues sit at `config.…`; the fields know them without the prefix. */
function withoutConfigPrefix(issues: FieldIssue[]): FieldIssue[] {
  return issues.map((i) => (i.path[0] === 'config' ? { ...i, path: i.path.slice(1) } : i));
}

function RandomizationForm({ view, processId }: { view: RandomizationView; processId: string }) {
  const { t } = useTranslation(['common', 'randomization']);
  const { editor, study, locks, forms, language } = useEditorContext();
  const abilities = useStudyAbilities(study.id);
  const save = useSaveRandomization(study.id, processId);
  const [draft, setDraft] = useState<RandomizationConfig>(view.config);
  const [isDirty, setDirty] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldIssue[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSimulating, setSimulating] = useState(false);
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  // Events as saved (stratification needs their stored ids), before the randomization event.
  const savedEvents = editor.draft.dataEvents.filter((e) => !isNewEvent(e));
  const randomizationEventId = savedEvents.find((e) => e.type === 'TYPE_RANDOMIZATION')?.id ?? null;
  const at = randomizationEventId ? savedEvents.findIndex((e) => e.id === randomizationEventId) : -1;
  const eventsBefore = at >= 0 ? savedEvents.slice(0, at) : savedEvents;
  const ruleContext = {
    maxStratifications: MAX_STRATIFICATIONS,
    dataEventIds: savedEvents.map((e) => e.id),
    randomizationEventId,
  };
  const clientIssues = validateRandomizationConfig(draft, ruleContext);
  const issues = [...(isSubmitted ? clientIssues : []), ...serverProblems];
  const lockState: LockState = { isReadOnly: locks.isReadOnly, studyStatus: study.status, view };
  const lock = (field: keyof RandomizationConfig) => randomizationFieldLock(t, lockState, field);
  const change = (patch: Partial<RandomizationConfig>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
    setServerProblems([]);
    setFormError(null);
  };
  const stratContext: StratificationContext = {
    studyId: study.id,
    primaryLanguage: study.primaryLanguage,
    language,
    events: eventsBefore,
    forms,
    showWeight: draft.method === 'MINIMIZATION',
  };

  const handleSave = () => {
    setSubmitted(true);
    if (validateRandomizationConfig(draft, ruleContext).length > 0) return;
    save.mutate(
      { revision: editor.revision, config: draft },
      {
        onSuccess: async () => {
          editor.adoptRandomization(await fetchProcess(study.id, processId));
          showSuccessToast(t('RANDOMIZATION.EDITOR.SAVED'));
        },
        onError: (error) => {
          const context = isHttpError(error) ? error.body?.context : undefined;
          if (isHttpError(error) && error.status === 409 && context?.reason === 'VERSION_MISMATCH') {
            setFormError(t('RANDOMIZATION.EDITOR.CONFLICT'));
            return;
          }
          setServerProblems(withoutConfigPrefix(serverIssues(error)));
          setFormError(serverErrorMessage(error));
        },
      },
    );
  };

  const uploadLock =
    lock('method') ??
    (isDirty ? t('RANDOMIZATION.LIST.SAVE_FIRST') : null) ??
    (view.status.allocations > 0 ? t('RANDOMIZATION.LOCKS.ALLOCATED') : null);

  return (
    <Stack gap="sm" data-testid="randomization-section">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="h5">
          {t('RANDOMIZATION.EDITOR.TITLE')}
        </Title>
        <Group gap={6}>
          {view.status.isSealed && (
            <Badge variant="light" color="grape" data-testid="randomization-sealed">
              {t('RANDOMIZATION.STATUS.SEALED')}
            </Badge>
          )}
          {view.config.didUploadCustomRandomizationList && (
            <Badge variant="light" color="orange">
              {t('RANDOMIZATION.STATUS.LIST_UPLOADED', { n: view.status.listEntries })}
            </Badge>
          )}
          {view.status.allocations > 0 && (
            <Badge variant="light" data-testid="randomization-allocations">
              {t('RANDOMIZATION.STATUS.ALLOCATIONS', { n: view.status.allocations })}
            </Badge>
          )}
        </Group>
      </Group>
      <Locked reason={lock('randomization')}>
        <Switch
          label={t('RANDOMIZATION.EDITOR.ENABLED')}
          checked={draft.randomization}
          disabled={lock('randomization') !== null}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            change({
              randomization: on,
              // Spec 001 §5: at least two groups; start with two empty ones.
              trialGroups:
                on && draft.trialGroups.length === 0
                  ? [
                      { id: 'A', title: {}, ratio: 1 },
                      { id: 'B', title: {}, ratio: 1 },
                    ]
                  : draft.trialGroups,
            });
          }}
          data-testid="switch-randomization"
        />
      </Locked>
      {draft.randomization && (
        <Stack gap="md" ps={{ base: 0, sm: 'xl' }}>
          {!randomizationEventId && (
            <Alert color="yellow" data-testid="no-randomization-event">
              {t('RANDOMIZATION.EDITOR.NO_EVENT')}
            </Alert>
          )}
          <Locked reason={lock('targetInclusion')}>
            <TextInput
              label={t('RANDOMIZATION.EDITOR.TARGET')}
              description={t('RANDOMIZATION.EDITOR.TARGET_HINT')}
              withAsterisk
              inputMode="numeric"
              maw={260}
              value={draft.targetInclusion ?? ''}
              disabled={lock('targetInclusion') !== null}
              onChange={(e) => change({ targetInclusion: e.currentTarget.value })}
              error={issueAt(t, issues, ['targetInclusion'])}
              data-testid="target-inclusion"
            />
          </Locked>
          <TrialGroupFields
            groups={draft.trialGroups}
            onChange={(trialGroups) => change({ trialGroups })}
            issues={issues}
            editLock={lock('trialGroups')}
            addRemoveLock={groupChangeLock(t, lockState)}
          />
          <MethodFields config={draft} issues={issues} lock={lock('method')} onChange={change} />
          {draft.method === 'UPLOADED_LIST' && abilities.can('RANDOMIZATION_LIST_EXPORT') && (
            <ListUpload studyId={study.id} processId={processId} config={draft} lock={uploadLock} />
          )}
          <Locked reason={lock('stratifyBySite')}>
            <Radio.Group
              label={t('RANDOMIZATION.EDITOR.BY_SITE')}
              withAsterisk
              value={draft.stratifyBySite == null ? null : String(draft.stratifyBySite)}
              onChange={(v) => change({ stratifyBySite: v === 'true' })}
              error={issueAt(t, issues, ['stratifyBySite'])}
            >
              <Group mt={6}>
                <Radio
                  value="true"
                  label={t('RANDOMIZATION.EDITOR.YES')}
                  disabled={lock('stratifyBySite') !== null}
                  data-testid="by-site-yes"
                />
                <Radio
                  value="false"
                  label={t('RANDOMIZATION.EDITOR.NO')}
                  disabled={lock('stratifyBySite') !== null}
                  data-testid="by-site-no"
                />
              </Group>
            </Radio.Group>
          </Locked>
          <StratificationFields
            config={draft}
            max={MAX_STRATIFICATIONS}
            context={stratContext}
            issues={issues}
            lock={lock('questionStratifications')}
            onChange={(questionStratifications) => change({ questionStratifications })}
          />
        </Stack>
      )}
      {formError && (
        <Text size="sm" c="red" role="alert" data-testid="randomization-error">
          {formError}
        </Text>
      )}
      {isSubmitted && clientIssues.length > 0 && (
        <Text size="sm" c="red" data-testid="randomization-issue-count">
          {t('RANDOMIZATION.EDITOR.FIX_ERRORS', { n: clientIssues.length })}
        </Text>
      )}
      <Group gap="xs">
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={handleSave}
          loading={save.isPending}
          disabled={locks.isReadOnly || !isDirty}
          data-testid="save-randomization"
        >
          {t('RANDOMIZATION.EDITOR.SAVE')}
        </Button>
        {draft.randomization && draft.trialGroups.length >= 2 && (
          <Button
            variant="default"
            leftSection={<IconChartHistogram size={16} />}
            onClick={() => setSimulating(true)}
            data-testid="open-simulator"
          >
            {t('RANDOMIZATION.SIMULATOR.OPEN')}
          </Button>
        )}
        {isDirty && (
          <Text size="sm" c="dimmed">
            {t('RANDOMIZATION.EDITOR.UNSAVED')}
          </Text>
        )}
      </Group>
      <Modal
        opened={isSimulating}
        onClose={() => setSimulating(false)}
        title={t('RANDOMIZATION.SIMULATOR.TITLE')}
        size="xl"
        fullScreen={isPhone}
      >
        {isSimulating && <SimulatorModal studyId={study.id} processId={processId} config={draft} />}
      </Modal>
    </Stack>
  );
}
