import type { TFunction } from 'i18next';
import type { Crumb } from '../../components/document-title';

/** Studies › <study> › Sites [› <site>]; the study id stands in until its name is known. */
export function siteCrumbs(
  t: TFunction,
  input: { studyId: string; studyName: string | null; siteName?: string },
): Crumb[] {
  const crumbs: Crumb[] = [
    { label: t('NAV.STUDIES'), to: '/study' },
    { label: input.studyName ?? input.studyId, to: `/study/${input.studyId}/overview` },
    { label: t('SITES.TITLE'), to: input.siteName ? `/study/${input.studyId}/sites` : undefined },
  ];
  if (input.siteName) crumbs.push({ label: input.siteName });
  return crumbs;
}
