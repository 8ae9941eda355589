/**
 * Build check of translations (issue 23 item 3): texts with a primary-language source and no
 * translation in a supported study language, one diagnostic per document and language.
 */
import {
  isTranslatable,
  listFormSlots,
  listProcessSlots,
  listRuleSlots,
  type TranslationSlot,
} from '../translations/units';
import type { BuildCheckInput } from './context';
import { nameOf } from './context';
import { type BuildCheckDiagnostic, buildDiagnostic } from './model';

function missingIn(slots: readonly TranslationSlot[], primary: string, language: string) {
  return slots.filter((s) => {
    if (!isTranslatable(s, primary)) return false;
    const value = (s.text as Record<string, string | undefined> | undefined)?.[language];
    return typeof value !== 'string' || value.trim() === '';
  });
}

function diagnostic(
  area: 'forms' | 'pathways' | 'rules',
  language: string,
  documentId: string,
  name: string,
  missing: readonly TranslationSlot[],
): BuildCheckDiagnostic[] {
  if (missing.length === 0) return [];
  return [
    buildDiagnostic(
      'TEXT_UNTRANSLATED',
      missing.some((s) => s.isRequired) ? 'ERROR' : 'WARNING',
      { screen: 'TRANSLATIONS', area, language },
      { language, name, count: missing.length },
      documentId,
    ),
  ];
}

/** Issue 18 slots, read only: forms, processes (in the languages they support) and rule messages. */
export function checkTranslations(input: BuildCheckInput): BuildCheckDiagnostic[] {
  const primary = input.study.primaryLanguage;
  const languages = input.study.languages.filter((l) => l !== primary);
  return languages.flatMap((language) => [
    ...input.forms.flatMap((form) =>
      diagnostic(
        'forms',
        language,
        form.id,
        nameOf(form.title, primary),
        missingIn(listFormSlots(form), primary, language),
      ),
    ),
    ...input.processes
      .filter((p) => p.supportedLanguages.length === 0 || p.supportedLanguages.includes(language))
      .flatMap((p) =>
        diagnostic(
          'pathways',
          language,
          p.id,
          p.pathwayName,
          missingIn(listProcessSlots(p, language), primary, language),
        ),
      ),
    ...input.validationRules.flatMap((rule) =>
      diagnostic(
        'rules',
        language,
        rule.id,
        rule.comment ?? '',
        missingIn(listRuleSlots(rule), primary, language),
      ),
    ),
  ]);
}
