import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import {
  type RandomizationConfig,
  SIMULATION_MAX_SUBJECTS,
  SIMULATION_MAX_TRIALS,
  SIMULATION_MAX_WORK,
  type SimulationResponse,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { useSimulate } from './api';
import { ImbalanceChart } from './imbalance-chart';

/** A stratification factor as the simulator shows it: its levels with their labels. */
export type SimulatorFactor = { id: string; label: string; levels: { key: string; label: string }[] };

type SimulatorProps = {
  studyId: string;
  processId: string;
  /** The editor's configuration, saved or not (the server simulates what is shown). */
  config: RandomizationConfig;
  /** The factors of the configuration in its order (site first), with their levels. */
  factors: readonly SimulatorFactor[];
};

const MEASURES = ['overall', 'worstMarginal', 'worstStratum'] as const;
type Measure = (typeof MEASURES)[number];
function randomSeed(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const SEED = /^[0-9a-f]{64}$/;

/**
 * Issue 22 item 6: simulate many trials of the target size with stratum values drawn from the given
 * proportions and compare the imbalance each method leaves (chart and table). The server runs the
 * domain simulator on the editor's configuration (`POST .../randomization/simulate`); the seed is
 * shown, so the same figures can be had again.
 */
export function SimulatorPanel({ studyId, processId, config, factors }: SimulatorProps) {
  const { t } = useTranslation(['common', 'randomization']);
  const simulate = useSimulate(studyId, processId);
  const target = Number(config.targetInclusion) || 100;
  const [trials, setTrials] = useState<number | string>(500);
  const [subjects, setSubjects] = useState<number | string>(Math.min(target, SIMULATION_MAX_SUBJECTS));
  const [seed, setSeed] = useState(randomSeed);
  const [proportions, setProportions] = useState<Record<string, (number | string)[]>>({});
  const [measure, setMeasure] = useState<Measure>('overall');
  const proportionOf = (factor: SimulatorFactor, i: number) => proportions[factor.id]?.[i] ?? 1;
  const work = Number(trials) * Number(subjects);
  const tooMuch = work > SIMULATION_MAX_WORK;
  const canRun =
    config.trialGroups.length >= 2 &&
    Number(trials) >= 1 &&
    Number(subjects) >= 1 &&
    !tooMuch &&
    SEED.test(seed);

  const run = () =>
    simulate.mutate({
      config,
      seed,
      trials: Math.floor(Number(trials)),
      subjects: Math.floor(Number(subjects)),
      factors: factors.map((f) => ({
        id: f.id,
        proportions: f.levels.map((_, i) => Math.max(0, Number(proportionOf(f, i)) || 0)),
      })),
    });
  const result = simulate.data;

  return (
    <Stack gap="md" data-testid="simulator">
      <Text size="sm" c="dimmed">
        {t('RANDOMIZATION.SIMULATOR.INTRO')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={t('RANDOMIZATION.SIMULATOR.TRIALS')}
          min={1}
          max={SIMULATION_MAX_TRIALS}
          allowDecimal={false}
          value={trials}
          onChange={setTrials}
          data-testid="simulator-trials"
        />
        <NumberInput
          label={t('RANDOMIZATION.SIMULATOR.SUBJECTS')}
          min={1}
          max={SIMULATION_MAX_SUBJECTS}
          allowDecimal={false}
          value={subjects}
          onChange={setSubjects}
          data-testid="simulator-subjects"
        />
        <TextInput
          label={t('RANDOMIZATION.SIMULATOR.SEED')}
          description={t('RANDOMIZATION.SIMULATOR.SEED_HINT')}
          value={seed}
          onChange={(e) => setSeed(e.currentTarget.value.trim().toLowerCase())}
          error={SEED.test(seed) ? undefined : t('RANDOMIZATION.SIMULATOR.SEED_INVALID')}
          dir="ltr"
          styles={{ input: { fontFamily: 'monospace', fontSize: 11 } }}
        />
      </SimpleGrid>
      {factors.length === 0 ? (
        <Text size="sm">{t('RANDOMIZATION.SIMULATOR.NO_FACTORS')}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('RANDOMIZATION.SIMULATOR.PROPORTIONS')}
          </Text>
          {factors.map((factor) => (
            <Paper key={factor.id} withBorder p="sm" data-testid="simulator-factor">
              <Text size="sm" fw={500} mb={6}>
                <bdi>{factor.label}</bdi>
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {factor.levels.map((level, i) => (
                  <NumberInput
                    key={level.key}
                    label={<bdi>{level.label}</bdi>}
                    min={0}
                    max={1000}
                    value={proportionOf(factor, i)}
                    onChange={(v) =>
                      setProportions((p) => {
                        const list = [...(p[factor.id] ?? factor.levels.map(() => 1))];
                        list[i] = v;
                        return { ...p, [factor.id]: list };
                      })
                    }
                  />
                ))}
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      )}
      <Group>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={run}
          loading={simulate.isPending}
          disabled={!canRun}
          data-testid="simulator-run"
        >
          {t('RANDOMIZATION.SIMULATOR.RUN')}
        </Button>
        {tooMuch && (
          <Text size="sm" c="red">
            {t('RANDOMIZATION.SIMULATOR.TOO_MUCH', { max: SIMULATION_MAX_WORK.toLocaleString() })}
          </Text>
        )}
      </Group>
      {simulate.isError && <Alert color="red">{serverErrorMessage(simulate.error)}</Alert>}
      {result && !simulate.isPending && (
        <SimulationResults result={result} measure={measure} onMeasure={setMeasure} />
      )}
    </Stack>
  );
}

const fmt = (n: number) => (Math.round(n * 10) / 10).toLocaleString();

function SimulationResults({
  result,
  measure,
  onMeasure,
}: {
  result: SimulationResponse;
  measure: Measure;
  onMeasure: (m: Measure) => void;
}) {
  const { t } = useTranslation(['common', 'randomization']);
  const label = t(`RANDOMIZATION.SIMULATOR.MEASURES.${measure}`);
  return (
    <Stack gap="sm" data-testid="simulator-result">
      <Text size="sm">
        {t('RANDOMIZATION.SIMULATOR.SUMMARY', {
          trials: result.trials,
          subjects: result.subjects,
          strata: result.strata,
        })}
      </Text>
      <SegmentedControl
        value={measure}
        onChange={(v) => onMeasure(v as Measure)}
        data={MEASURES.map((m) => ({ value: m, label: t(`RANDOMIZATION.SIMULATOR.MEASURES.${m}`) }))}
        fullWidth
        styles={{ label: { whiteSpace: 'normal' } }}
      />
      <ImbalanceChart
        title={label}
        series={result.methods.map((m) => ({ method: m.method, distribution: m[measure] }))}
      />
      <Table.ScrollContainer minWidth={480}>
        <Table fz="sm" striped data-testid="simulator-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('RANDOMIZATION.SIMULATOR.METHOD')}</Table.Th>
              {(['mean', 'sd', 'median', 'p95', 'max'] as const).map((k) => (
                <Table.Th key={k} ta="end">
                  {t(`RANDOMIZATION.SIMULATOR.STATS.${k}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.methods.map((m) => (
              <Table.Tr key={m.method} data-testid={`simulator-row-${m.method}`}>
                <Table.Td>{t(`RANDOMIZATION.METHODS.${m.method}`)}</Table.Td>
                {(['mean', 'sd', 'median', 'p95', 'max'] as const).map((k) => (
                  <Table.Td key={k} ta="end">
                    {fmt(m[measure][k])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('RANDOMIZATION.SIMULATOR.READING')}
      </Text>
    </Stack>
  );
}
