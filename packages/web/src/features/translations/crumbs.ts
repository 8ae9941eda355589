import type { TFunction } from 'i18next';
import type { Crumb } from '../../components/document-title';

/** Studies › <study> › Translations [› <page>]; the study id stands in until its name is known. */
export function translationCrumbs(
  t: TFunction,
  input: { studyId: string; studyName: string | null; page?: string },
): Crumb[] {
  const crumbs: Crumb[] = [
    { label: t('NAV.STUDIES'), to: '/study' },
    { label: input.studyName ?? input.studyId, to: `/study/${input.studyId}/overview` },
    {
      label: t('TRANSLATIONS.TITLE'),
      to: input.page ? `/study/${input.studyId}/translations` : undefined,
    },
  ];
  if (input.page) crumbs.push({ label: input.page });
  return crumbs;
}
