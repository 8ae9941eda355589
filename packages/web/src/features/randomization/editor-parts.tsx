import { ActionIcon, Badge, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  canRemoveRandomizationGroup,
  type DataEvent,
  type FieldIssue,
  MAX_ALLOCATION_RATIO,
  type RandomizationConfig,
  type RandomizationGroup,
  type RandomizationStratification,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormTemplate } from '../forms/api';
import { LocalizedField } from '../processes/editor/localized-field';
import { Locked } from '../processes/editor/locked';
import { issueText } from '../processes/issues';
import { displayText } from '../processes/localized';

type Path = readonly (string | number)[];

/** The message of the first issue at or below `path` (server `LOCKED` has its own text). */
export function issueAt(t: TFunction, issues: readonly FieldIssue[], path: Path): string | undefined {
  const issue = issues.find((i) => path.every((part, k) => i.path[k] === part));
  if (!issue) return undefined;
  return issue.message === 'LOCKED' ? t('RANDOMIZATION.ISSUES.LOCKED') : issueText(t, issue);
}

/** The next free group id: A, B, C … (ids are what an uploaded list may name). */
export function nextGroupId(groups: readonly Pick<RandomizationGroup, 'id'>[]): string {
  const used = new Set(groups.map((g) => g.id));
  for (let i = 0; i < 26; i++) {
    const id = String.fromCharCode(65 + i);
    if (!used.has(id)) return id;
  }
  let n = groups.length + 1;
  while (used.has(`G${n}`)) n++;
  return `G${n}`;
}

type GroupsProps = {
  groups: RandomizationGroup[];
  onChange: (groups: RandomizationGroup[]) => void;
  issues: readonly FieldIssue[];
  editLock: string | null;
  addRemoveLock: string | null;
};

/** Trial groups (spec 001 §3/§5): at least two, a title per language, the allocation ratio. */
export function TrialGroupFields({ groups, onChange, issues, editLock, addRemoveLock }: GroupsProps) {
  const { t } = useTranslation(['common', 'randomization']);
  const err = (...path: (string | number)[]) => issueAt(t, issues, path);
  const listError = issues.find((i) => i.path[0] === 'trialGroups' && i.path.length === 1);
  const change = (i: number, patch: Partial<RandomizationGroup>) =>
    onChange(groups.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  return (
    <Stack gap="xs" data-testid="trial-groups">
      <Text size="sm" fw={500}>
        {t('RANDOMIZATION.EDITOR.GROUPS')}
      </Text>
      {listError && (
        <Text size="sm" c="red">
          {issueAt(t, [listError], ['trialGroups'])}
        </Text>
      )}
      {groups.map((group, i) => (
        <Group key={group.id} align="flex-start" wrap="wrap" gap="xs" data-testid="trial-group">
          <Badge variant="outline" mt={30} title={t('RANDOMIZATION.EDITOR.GROUP_ID')}>
            {group.id}
          </Badge>
          <div style={{ flex: '1 1 14rem' }}>
            <LocalizedField
              label={t('RANDOMIZATION.EDITOR.GROUP_N', { n: i + 1 })}
              isRequired
              value={group.title}
              isDisabled={editLock !== null}
              onChange={(title) => change(i, { title })}
              error={err('trialGroups', i, 'title')}
              testId={`group-title-${i}`}
            />
          </div>
          <Locked reason={editLock}>
            <NumberInput
              label={t('RANDOMIZATION.EDITOR.RATIO')}
              min={1}
              max={MAX_ALLOCATION_RATIO}
              allowDecimal={false}
              w={96}
              value={group.ratio}
              disabled={editLock !== null}
              onChange={(v) => change(i, { ratio: typeof v === 'number' ? v : Number(v) || 1 })}
              error={err('trialGroups', i, 'ratio')}
              data-testid={`group-ratio-${i}`}
            />
          </Locked>
          {canRemoveRandomizationGroup(i) && (
            <Locked reason={addRemoveLock}>
              <ActionIcon
                mt={26}
                size="lg"
                variant="subtle"
                color="red"
                aria-label={t('RANDOMIZATION.EDITOR.REMOVE_GROUP', { n: i + 1 })}
                disabled={addRemoveLock !== null}
                onClick={() => onChange(groups.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Locked>
          )}
        </Group>
      ))}
      <Locked reason={addRemoveLock}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={addRemoveLock !== null}
          onClick={() => onChange([...groups, { id: nextGroupId(groups), title: {}, ratio: 1 }])}
          w="fit-content"
          data-testid="add-trial-group"
        >
          {t('RANDOMIZATION.EDITOR.ADD_GROUP')}
        </Button>
      </Locked>
    </Stack>
  );
}

export type StratificationContext = {
  studyId: string;
  primaryLanguage: string;
  language: string;
  /** Saved events before the randomization event (the only ones whose answers are known in time). */
  events: DataEvent[];
  forms: { value: string; label: string }[];
  showWeight: boolean;
};

type RowProps = {
  index: number;
  value: RandomizationStratification;
  taken: readonly string[];
  context: StratificationContext;
  issues: readonly FieldIssue[];
  lock: string | null;
  onChange: (value: RandomizationStratification | null) => void;
};

/** One question stratification: a saved event before randomization, one of its forms, one question, its weight. */
function StratificationRow({ index, value, taken, context, issues, lock, onChange }: RowProps) {
  const { t } = useTranslation(['common', 'randomization']);
  const form = useFormTemplate(context.studyId, value.form ?? undefined);
  const path = ['questionStratifications', index];
  const err = (field: string) => issueAt(t, issues, [...path, field]);
  const event = context.events.find((e) => e.id === value.dataEvent);
  const eventForms = event ? [...event.forms, ...event.optionalForms] : [];
  const isDisabled = lock !== null;
  return (
    <Group align="flex-start" gap="xs" wrap="wrap" data-testid="stratification">
      <Select
        label={t('RANDOMIZATION.EDITOR.DATA_EVENT')}
        data={context.events.map((e) => ({
          value: e.id,
          label: displayText(e.name, context.language, context.primaryLanguage) || e.id,
        }))}
        value={value.dataEvent ?? null}
        disabled={isDisabled}
        onChange={(v) => onChange({ ...value, dataEvent: v, form: null, question: null })}
        error={err('dataEvent')}
        style={{ flex: '1 1 11rem' }}
        data-testid="stratification-event"
      />
      <Select
        label={t('RANDOMIZATION.EDITOR.FORM')}
        data={context.forms.filter((f) => eventForms.includes(f.value))}
        value={value.form ?? null}
        disabled={isDisabled || !event}
        onChange={(v) => onChange({ ...value, form: v, question: null })}
        error={err('form')}
        style={{ flex: '1 1 11rem' }}
        data-testid="stratification-form"
      />
      <Select
        label={t('RANDOMIZATION.EDITOR.QUESTION')}
        data={(form.data?.questions ?? [])
          .filter((q) => q.id === value.question || !taken.includes(q.id))
          .map((q) => ({
            value: q.id,
            label: `${q.order}. ${displayText(q.question, context.language, context.primaryLanguage).replace(/<[^>]*>/g, '')}`,
          }))}
        value={value.question ?? null}
        disabled={isDisabled || !value.form}
        onChange={(v) => onChange({ ...value, question: v })}
        error={err('question')}
        style={{ flex: '1 1 11rem' }}
        data-testid="stratification-question"
      />
      {context.showWeight && (
        <NumberInput
          label={t('RANDOMIZATION.EDITOR.WEIGHT')}
          min={0.1}
          max={100}
          step={0.5}
          w={96}
          value={value.weight}
          disabled={isDisabled}
          onChange={(v) => onChange({ ...value, weight: Number(v) || 1 })}
          error={err('weight')}
        />
      )}
      <ActionIcon
        mt={26}
        size="lg"
        variant="subtle"
        color="red"
        aria-label={t('RANDOMIZATION.EDITOR.REMOVE_STRATIFICATION', { n: index + 1 })}
        disabled={isDisabled}
        onClick={() => onChange(null)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

type StratificationsProps = {
  config: RandomizationConfig;
  max: number;
  context: StratificationContext;
  issues: readonly FieldIssue[];
  lock: string | null;
  onChange: (list: RandomizationStratification[]) => void;
};

/** Question stratifications (spec 001 §5): each question once, up to the configured maximum. */
export function StratificationFields({ config, max, context, issues, lock, onChange }: StratificationsProps) {
  const { t } = useTranslation(['common', 'randomization']);
  const list = config.questionStratifications;
  const listError = issues.find((i) => i.path[0] === 'questionStratifications' && i.path.length === 1);
  const taken = list.flatMap((s) => (s.question ? [s.question] : []));
  return (
    <Stack gap="xs" data-testid="stratifications">
      <Text size="sm" fw={500}>
        {t('RANDOMIZATION.EDITOR.STRATIFICATIONS', { max })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('RANDOMIZATION.EDITOR.STRATIFICATIONS_HINT')}
      </Text>
      {listError && (
        <Text size="sm" c="red">
          {issueAt(t, [listError], ['questionStratifications'])}
        </Text>
      )}
      {list.map((s, i) => (
        <StratificationRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
          key={i}
          index={i}
          value={s}
          taken={taken}
          context={context}
          issues={issues}
          lock={lock}
          onChange={(next) =>
            onChange(next ? list.map((x, j) => (j === i ? next : x)) : list.filter((_, j) => j !== i))
          }
        />
      ))}
      <Locked reason={lock ?? (list.length >= max ? t('RANDOMIZATION.EDITOR.MAX_REACHED', { max }) : null)}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={lock !== null || list.length >= max}
          onClick={() => onChange([...list, { dataEvent: null, form: null, question: null, weight: 1 }])}
          w="fit-content"
          data-testid="add-stratification"
        >
          {t('RANDOMIZATION.EDITOR.ADD_STRATIFICATION')}
        </Button>
      </Locked>
    </Stack>
  );
}
