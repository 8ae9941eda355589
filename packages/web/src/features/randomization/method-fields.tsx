import {
  Alert,
  Button,
  Chip,
  FileButton,
  Group,
  List,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  type FieldIssue,
  IMBALANCE_MEASURES,
  type ImbalanceMeasure,
  MAX_BLOCK_MULTIPLIER,
  parseAllocationListCsv,
  RANDOMIZATION_METHODS,
  type RandomizationConfig,
  type RandomizationMethod,
  ratioSum,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage, serverIssues } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { Locked } from '../processes/editor/locked';
import { useUploadList } from './api';
import { issueAt } from './editor-parts';

type MethodProps = {
  config: RandomizationConfig;
  issues: readonly FieldIssue[];
  lock: string | null;
  onChange: (patch: Partial<RandomizationConfig>) => void;
};

/** The method (issue 22 item 2) and its settings: block multipliers, or minimization's measure, p and bound. */
export function MethodFields({ config, issues, lock, onChange }: MethodProps) {
  const { t } = useTranslation(['common', 'randomization']);
  const isDisabled = lock !== null;
  const sum = ratioSum(config.trialGroups);
  const m = config.minimization;
  return (
    <Stack gap="sm">
      <Locked reason={lock}>
        <Radio.Group
          label={t('RANDOMIZATION.EDITOR.METHOD')}
          value={config.method}
          onChange={(v) => onChange({ method: v as RandomizationMethod })}
        >
          <Stack gap={6} mt={6}>
            {RANDOMIZATION_METHODS.map((method) => (
              <Radio
                key={method}
                value={method}
                disabled={isDisabled}
                label={t(`RANDOMIZATION.METHODS.${method}`)}
                description={t(`RANDOMIZATION.METHOD_HINTS.${method}`)}
                data-testid={`method-${method}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Locked>
      {config.method === 'PERMUTED_BLOCKS' && (
        <Stack gap={6} ps={{ base: 0, sm: 'xl' }}>
          <Text size="sm" fw={500}>
            {t('RANDOMIZATION.EDITOR.BLOCK_MULTIPLIERS')}
          </Text>
          <Chip.Group
            multiple
            value={config.blocks.blockMultipliers.map(String)}
            onChange={(v) => onChange({ blocks: { blockMultipliers: v.map(Number).sort((a, b) => a - b) } })}
          >
            <Group gap={6}>
              {Array.from({ length: MAX_BLOCK_MULTIPLIER }, (_, i) => i + 1).map((k) => (
                <Chip key={k} value={String(k)} size="sm" disabled={isDisabled}>
                  {`×${k} = ${k * sum}`}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text size="xs" c={issueAt(t, issues, ['blocks']) ? 'red' : 'dimmed'}>
            {issueAt(t, issues, ['blocks']) ?? t('RANDOMIZATION.EDITOR.BLOCK_HINT', { sum })}
          </Text>
        </Stack>
      )}
      {config.method === 'MINIMIZATION' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} ps={{ base: 0, sm: 'xl' }}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('RANDOMIZATION.EDITOR.IMBALANCE')}
            </Text>
            <SegmentedControl
              value={m.imbalance}
              disabled={isDisabled}
              onChange={(v) => onChange({ minimization: { ...m, imbalance: v as ImbalanceMeasure } })}
              data={IMBALANCE_MEASURES.map((v) => ({ value: v, label: t(`RANDOMIZATION.IMBALANCE.${v}`) }))}
            />
          </Stack>
          <NumberInput
            label={t('RANDOMIZATION.EDITOR.PROBABILITY')}
            description={t('RANDOMIZATION.EDITOR.PROBABILITY_HINT')}
            min={0.5}
            max={1}
            step={0.05}
            decimalScale={2}
            value={m.probability}
            disabled={isDisabled}
            onChange={(v) => onChange({ minimization: { ...m, probability: Number(v) } })}
            error={issueAt(t, issues, ['minimization', 'probability'])}
            data-testid="minimization-probability"
          />
          <NumberInput
            label={t('RANDOMIZATION.EDITOR.MAX_IMBALANCE')}
            description={t('RANDOMIZATION.EDITOR.MAX_IMBALANCE_HINT')}
            min={1}
            max={100}
            allowDecimal={false}
            value={m.maxImbalance ?? ''}
            disabled={isDisabled}
            onChange={(v) =>
              onChange({ minimization: { ...m, maxImbalance: v === '' ? null : Math.floor(Number(v)) } })
            }
            error={issueAt(t, issues, ['minimization', 'maxImbalance'])}
          />
          {config.stratifyBySite && (
            <NumberInput
              label={t('RANDOMIZATION.EDITOR.SITE_WEIGHT')}
              min={0.1}
              max={100}
              step={0.5}
              value={m.siteWeight}
              disabled={isDisabled}
              onChange={(v) => onChange({ minimization: { ...m, siteWeight: Number(v) || 1 } })}
              error={issueAt(t, issues, ['minimization', 'siteWeight'])}
            />
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A row's problem in words: "Row 3, group: unknown group X". */
function listIssueText(t: TFunction, issue: FieldIssue): string {
  const [row, column] = issue.path;
  return t('RANDOMIZATION.LIST.ROW_ISSUE', {
    row,
    column: t(`RANDOMIZATION.LIST.COLUMNS.${String(column)}`, { defaultValue: String(column ?? '') }),
    problem: t(`RANDOMIZATION.LIST.ISSUES.${issue.message}`, {
      ...(issue.params ?? {}),
      defaultValue: t('RANDOMIZATION.LIST.ISSUES.INVALID'),
    }),
  });
}

type UploadProps = {
  studyId: string;
  processId: string;
  config: RandomizationConfig;
  /** Why an upload is not possible now (unsaved changes, locks), or null. */
  lock: string | null;
};

/**
 * Issue 22 item 2c: a custom allocation list (CSV: sequence, stratum, group). The file is checked in
 * the browser with the domain parser first, then sent; the server checks it again and locks the
 * configuration (spec 001 §4).
 */
export function ListUpload({ studyId, processId, config, lock }: UploadProps) {
  const { t } = useTranslation(['common', 'randomization']);
  const upload = useUploadList(studyId, processId);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const handleFile = async (file: File | null) => {
    setIssues([]);
    setFileError(null);
    if (!file) return;
    const csv = await file.text();
    const parsed = parseAllocationListCsv(csv, config.trialGroups);
    if (parsed.issues.length > 0) {
      setIssues(parsed.issues);
      return;
    }
    upload.mutate(csv, {
      onSuccess: (view) => showSuccessToast(t('RANDOMIZATION.LIST.UPLOADED', { n: view.status.listEntries })),
      onError: (error) => {
        const found = serverIssues(error).filter((i) => typeof i.path[0] === 'number');
        if (found.length > 0) setIssues(found);
        else setFileError(serverErrorMessage(error));
      },
    });
  };
  return (
    <Stack gap={6} ps={{ base: 0, sm: 'xl' }} data-testid="list-upload">
      <Text size="sm">{t('RANDOMIZATION.LIST.HINT')}</Text>
      <Text size="xs" c="dimmed" dir="ltr" ff="monospace">
        {'sequence,stratum,group'}
      </Text>
      <Locked reason={lock}>
        <FileButton onChange={(f) => void handleFile(f)} accept=".csv,text/csv" disabled={lock !== null}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={upload.isPending}
              disabled={lock !== null}
              w="fit-content"
              data-testid="upload-list"
            >
              {t('RANDOMIZATION.LIST.UPLOAD')}
            </Button>
          )}
        </FileButton>
      </Locked>
      {(issues.length > 0 || fileError) && (
        <Alert color="red" title={t('RANDOMIZATION.LIST.REFUSED')} data-testid="list-issues">
          {fileError}
          <List size="sm">
            {issues.slice(0, 10).map((issue) => (
              <List.Item key={`${issue.path.join('/')}-${issue.message}`}>
                {listIssueText(t, issue)}
              </List.Item>
            ))}
          </List>
          {issues.length > 10 && (
            <Text size="sm">{t('RANDOMIZATION.LIST.MORE', { n: issues.length - 10 })}</Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
