import {
  ActionIcon,
  Button,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { canRemoveTrialGroup, type Process } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../issues';
import { fieldLockReason, useEditorContext } from './context';
import { LocalizedField } from './localized-field';
import { Locked } from './locked';
import { StratificationRow } from './stratification-row';

/** Spec 001 §3/§5 randomization: target inclusion, trial groups, site and question stratification. */
export function RandomizationSection() {
  const { t } = useTranslation();
  const context = useEditorContext();
  const { editor, locks } = context;
  const { draft, issues } = editor;
  const set = <K extends keyof Process>(key: K, value: Process[K]) =>
    editor.update((p) => ({ ...p, [key]: value }));
  const reason = (field: keyof Process) => fieldLockReason(t, context, field);
  const err = (...path: (string | number)[]) => fieldError(t, issues, path);
  const groupsReason =
    reason('trialGroups') ?? (locks.canChangeTrialGroups ? null : t('PROCESSES.LOCKS.TRIAL_GROUPS'));
  const stratifyValue = draft.stratifyBySite == null ? null : String(draft.stratifyBySite);
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t('PROCESSES.RANDOMIZATION.TITLE')}
      </Title>
      <Locked reason={reason('randomization')}>
        <Switch
          label={t('PROCESSES.RANDOMIZATION.ENABLED')}
          checked={draft.randomization}
          disabled={reason('randomization') !== null}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            editor.update((p) => ({
              ...p,
              randomization: on,
              // Spec 001 §5: at least two groups; start with two empty ones.
              trialGroups: on && p.trialGroups.length === 0 ? [{ title: {} }, { title: {} }] : p.trialGroups,
            }));
          }}
          data-testid="switch-randomization"
        />
      </Locked>
      {draft.randomization && (
        <Stack gap="sm" ps={{ base: 0, sm: 'xl' }}>
          <Locked reason={reason('targetInclusion')}>
            <TextInput
              label={t('PROCESSES.RANDOMIZATION.TARGET')}
              withAsterisk
              inputMode="numeric"
              maw={240}
              value={draft.targetInclusion ?? ''}
              disabled={reason('targetInclusion') !== null}
              onChange={(e) => set('targetInclusion', e.currentTarget.value)}
              error={err('targetInclusion')}
              data-testid="target-inclusion"
            />
          </Locked>
          <Text size="sm" fw={500}>
            {t('PROCESSES.RANDOMIZATION.GROUPS')}
          </Text>
          {err('trialGroups') && !issues.some((i) => i.path[0] === 'trialGroups' && i.path.length > 1) && (
            <Text size="sm" c="red">
              {err('trialGroups')}
            </Text>
          )}
          {draft.trialGroups.map((group, i) => (
            <Group key={group.id ?? `group-${i}`} align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ flex: 1 }}>
                <LocalizedField
                  label={t('PROCESSES.RANDOMIZATION.GROUP_N', { n: i + 1 })}
                  isRequired
                  value={group.title}
                  isDisabled={reason('trialGroups') !== null}
                  onChange={(title) =>
                    set(
                      'trialGroups',
                      draft.trialGroups.map((g, j) => (j === i ? { ...g, title } : g)),
                    )
                  }
                  error={err('trialGroups', i, 'title')}
                />
              </div>
              {canRemoveTrialGroup(i) && (
                <Locked reason={groupsReason}>
                  <ActionIcon
                    mt={26}
                    size="lg"
                    variant="subtle"
                    color="red"
                    aria-label={t('PROCESSES.RANDOMIZATION.REMOVE_GROUP', { n: i + 1 })}
                    disabled={groupsReason !== null}
                    onClick={() =>
                      set(
                        'trialGroups',
                        draft.trialGroups.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Locked>
              )}
            </Group>
          ))}
          <Locked reason={groupsReason}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={groupsReason !== null}
              onClick={() => set('trialGroups', [...draft.trialGroups, { title: {} }])}
              w="fit-content"
            >
              {t('PROCESSES.RANDOMIZATION.ADD_GROUP')}
            </Button>
          </Locked>
          <Locked reason={reason('stratifyBySite')}>
            <Radio.Group
              label={t('PROCESSES.RANDOMIZATION.BY_SITE')}
              withAsterisk
              value={stratifyValue}
              onChange={(v) => set('stratifyBySite', v === 'true')}
              error={err('stratifyBySite')}
            >
              <Group mt={6}>
                <Radio
                  value="true"
                  label={t('PROCESSES.COMMON.YES')}
                  disabled={reason('stratifyBySite') !== null}
                />
                <Radio
                  value="false"
                  label={t('PROCESSES.COMMON.NO')}
                  disabled={reason('stratifyBySite') !== null}
                />
              </Group>
            </Radio.Group>
          </Locked>
          <Text size="sm" fw={500}>
            {t('PROCESSES.RANDOMIZATION.STRATIFICATIONS')}
          </Text>
          <SimpleGrid cols={1} spacing="xs">
            {draft.questionStratifications.map((s, i) => (
              <StratificationRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                key={i}
                index={i}
                value={s}
                isDisabled={reason('questionStratifications') !== null}
              />
            ))}
          </SimpleGrid>
          <Locked reason={reason('questionStratifications')}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={reason('questionStratifications') !== null}
              onClick={() =>
                set('questionStratifications', [
                  ...draft.questionStratifications,
                  { dataEvent: null, form: null, question: null },
                ])
              }
              w="fit-content"
            >
              {t('PROCESSES.RANDOMIZATION.ADD_STRATIFICATION')}
            </Button>
          </Locked>
        </Stack>
      )}
    </Stack>
  );
}
