import type { FieldIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';

const VALIDATION_PREFIX = 'PUBLIC.VALIDATION.';

export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000
    ? `${(bytes / 1_024_000).toFixed(2).replace(/\.?0+$/, '')} MB`
    : `${Math.round(bytes / 1024)} kB`;
}

/** A domain issue (spec 002 §5 message template key with params) as the reader's sentence. */
export function issueText(t: TFunction, issue: FieldIssue): string {
  const key = issue.message.startsWith(VALIDATION_PREFIX)
    ? issue.message.slice(VALIDATION_PREFIX.length)
    : issue.message;
  const params: Record<string, string | number> = { ...issue.params };
  if (typeof params.field === 'string') {
    params.field = t(`RENDERER.FIELDS.${params.field}` as 'RENDERER.FIELDS.answer', {
      defaultValue: params.field,
    });
  }
  if (typeof params.max === 'number' && key === 'FILE_TOO_LARGE') params.size = formatBytes(params.max);
  // MIN_MAX_MESSAGE carries only the bounds the question has; one bound reads as min or max.
  let resolved = key;
  if (key === 'MIN_MAX_MESSAGE' && params.min === undefined) resolved = 'MAX_VALUE';
  if (key === 'MIN_MAX_MESSAGE' && params.max === undefined) resolved = 'MIN_VALUE';
  return t(`RENDERER.VALIDATION.${resolved}` as 'RENDERER.VALIDATION.FALLBACK', {
    ...params,
    defaultValue: t('RENDERER.VALIDATION.FALLBACK'),
  });
}
