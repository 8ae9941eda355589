/**
 * Strata and factors: the site (when stratifyBySite) and each stratification question's answer are the
 * factors; one subject's levels (one per factor) name its stratum. Stratum keys are stable text so
 * that lists, allocations and uploaded CSVs can refer to them: `site=<id>;<questionId>=<value>`, each
 * part URI-encoded, factors in configuration order; `*` when nothing is stratified.
 */
import type { RandomizationConfig } from './config';

export const UNSTRATIFIED_KEY = '*';
export const SITE_FACTOR = 'site';
/** The level of a factor whose value is missing (an unanswered stratification question). */
export const MISSING_LEVEL = '';

export type RandomizationFactor = { id: string; weight: number };

/** The factors of a configuration, in order: the site first when stratified by site, then the questions. */
export function randomizationFactors(
  config: Pick<RandomizationConfig, 'stratifyBySite' | 'questionStratifications' | 'minimization'>,
): RandomizationFactor[] {
  const factors: RandomizationFactor[] = [];
  if (config.stratifyBySite) factors.push({ id: SITE_FACTOR, weight: config.minimization.siteWeight });
  for (const s of config.questionStratifications) {
    if (s.question) factors.push({ id: s.question, weight: s.weight });
  }
  return factors;
}

/** What is known of the subject at randomization: its site and the answers of the stratification questions. */
export type SubjectStratumValues = {
  siteId?: string | null;
  answers?: Record<string, string | number | null | undefined>;
};

/** The subject's level for each factor (MISSING_LEVEL where unknown). */
export function subjectFactorLevels(
  factors: readonly RandomizationFactor[],
  values: SubjectStratumValues,
): string[] {
  return factors.map((f) => {
    const v = f.id === SITE_FACTOR ? values.siteId : values.answers?.[f.id];
    return v == null ? MISSING_LEVEL : String(v);
  });
}

/** The stratum key of a subject's levels. */
export function stratumKey(factors: readonly RandomizationFactor[], levels: readonly string[]): string {
  if (factors.length === 0) return UNSTRATIFIED_KEY;
  return factors
    .map((f, i) => `${encodeURIComponent(f.id)}=${encodeURIComponent(levels[i] ?? MISSING_LEVEL)}`)
    .join(';');
}

/** The levels of a stratum key, in factor order (inverse of `stratumKey`). */
export function parseStratumKey(key: string): { factor: string; level: string }[] {
  if (key === UNSTRATIFIED_KEY || key === '') return [];
  return key.split(';').map((part) => {
    const at = part.indexOf('=');
    return {
      factor: decodeURIComponent(at < 0 ? part : part.slice(0, at)),
      level: at < 0 ? MISSING_LEVEL : decodeURIComponent(part.slice(at + 1)),
    };
  });
}

/** The subject's factor levels and stratum key under a configuration (what allocation and the balance report store). */
export function subjectStratum(
  config: Pick<RandomizationConfig, 'stratifyBySite' | 'questionStratifications' | 'minimization'>,
  values: SubjectStratumValues,
): { levels: string[]; stratum: string } {
  const factors = randomizationFactors(config);
  const levels = subjectFactorLevels(factors, values);
  return { levels, stratum: stratumKey(factors, levels) };
}
