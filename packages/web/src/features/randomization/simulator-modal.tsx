import { Loader } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { formEndpoints, type RandomizationConfig, SITE_FACTOR } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/http';
import { formKeys } from '../forms/api';
import { displayText } from '../processes/localized';
import { useSites } from '../sites/api';
import { type SimulatorFactor, SimulatorPanel } from './simulator-panel';

type Props = { studyId: string; processId: string; config: RandomizationConfig; language?: string };

const TWO_LEVELS = 2;

/**
 * The simulator for a configuration: its factors in the configuration's order (site first, as the
 * domain's `randomizationFactors`), each with its levels: the study's sites, a choice question's
 * possibilities, or two levels for any other question.
 */
export function SimulatorModal({ studyId, processId, config }: Props) {
  const { t, i18n } = useTranslation(['common', 'randomization']);
  const sites = useSites(studyId, { enabled: config.stratifyBySite === true, secondary: true });
  const questions = config.questionStratifications.filter((s) => s.form && s.question);
  const formIds = [...new Set(questions.map((s) => s.form as string))];
  const formsLoaded = useQueries({
    queries: formIds.map((formId) => ({
      queryKey: formKeys.detail(studyId, formId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(formEndpoints.get, { params: { studyId, formId }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  if ((config.stratifyBySite && sites.isPending) || formsLoaded.some((q) => q.isPending)) {
    return <Loader size="sm" />;
  }
  const language = i18n.language;
  const factors: SimulatorFactor[] = [];
  if (config.stratifyBySite) {
    const list = sites.data?.sites ?? [];
    factors.push({
      id: SITE_FACTOR,
      label: t('RANDOMIZATION.FACTORS.SITE'),
      levels:
        list.length > 0
          ? list.map((s) => ({ key: s.id, label: s.name }))
          : Array.from({ length: TWO_LEVELS }, (_, i) => ({
              key: String(i),
              label: t('RANDOMIZATION.FACTORS.LEVEL_N', { n: i + 1 }),
            })),
    });
  }
  for (const s of questions) {
    const form = formsLoaded[formIds.indexOf(s.form as string)]?.data;
    const question = form?.questions.find((q) => q.id === s.question);
    const primary = form ? (Object.keys(form.title)[0] ?? 'en') : 'en';
    const label = question
      ? displayText(question.question, language, primary).replace(/<[^>]*>/g, '')
      : (s.question ?? '');
    const possibilities = question?.possibilities ?? [];
    factors.push({
      id: s.question as string,
      label,
      levels:
        possibilities.length > 0
          ? possibilities.map((p) => ({
              key: p.id ?? String(p.order),
              label: displayText(p.possibility, language, primary) || String(p.order),
            }))
          : Array.from({ length: TWO_LEVELS }, (_, i) => ({
              key: String(i),
              label: t('RANDOMIZATION.FACTORS.LEVEL_N', { n: i + 1 }),
            })),
    });
  }
  return <SimulatorPanel studyId={studyId} processId={processId} config={config} factors={factors} />;
}
