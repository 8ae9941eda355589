import {
  isRightToLeft,
  STUDY_LANGUAGES,
  type TranslationResource,
  type TranslationUnit,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';

/**
 * One translatable text as the side-by-side editor shows it: the primary language's text (read
 * only) beside the target language's text. The pages turn each call's answer into these units
 * and the edited targets back into the call's body.
 */
export type EditorUnit = {
  /** Stable within one page: the key the page maps back to its call's body. */
  id: string;
  /** The i18n key of what this text is (question, help text, …). */
  kindLabel: string;
  /** Extra words after the kind ("3" for question 3, the option's text…); shown as is. */
  detail?: string;
  source: string;
  target: string;
  maxLength: number;
  isRichText: boolean;
  isRequired: boolean;
  /** `{name}` markers of the source the target must keep. */
  placeholders: string[];
};

/** Units of one form, process or rule, shown as one card. */
export type EditorGroup = {
  id: string;
  /** The form's title or process's name (author content, in the primary language). */
  title: string;
  /** Where a rule sits ("Question 3"), in the UI language. */
  subtitle?: string;
  units: EditorUnit[];
};

/** Spec 000 §1: the three right-to-left languages get dir="rtl"; every other one ltr. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return isRightToLeft(language) ? 'rtl' : 'ltr';
}

/** The language's own name, and its English name when that differs (for "Dansk (Danish)"). */
export function languageNames(code: string): { native: string; english: string | null } {
  const language = STUDY_LANGUAGES.find((l) => l.code === code);
  if (!language) return { native: code, english: null };
  return {
    native: language.nativeName,
    english: language.nativeName === language.englishName ? null : language.englishName,
  };
}

/** "Dansk (Danish)", or the code when it is not a study language. */
export function languageLabel(code: string): string {
  const language = STUDY_LANGUAGES.find((l) => l.code === code);
  if (!language) return code;
  return language.nativeName === language.englishName
    ? language.nativeName
    : `${language.nativeName} (${language.englishName})`;
}

/** A unit counts as translated once its target holds more than white space or empty markup. */
export function isTranslated(text: string): boolean {
  return text.replace(/<[^>]*>/g, '').trim() !== '';
}

/** Progress in whole percent (0 when there is nothing to translate). */
export function percentOf(completed: number, total: number): number {
  if (total <= 0) return 100;
  return Math.floor((completed / total) * 100);
}

/** Where a unit sits, in words: "Q3 · 2" for the second possibility of question 3. */
function detailOf(unit: TranslationUnit, t: TFunction): string | undefined {
  const parts: string[] = [];
  if (unit.questionOrder !== null) parts.push(t('TRANSLATIONS.EDITOR.QUESTION_N', { n: unit.questionOrder }));
  if (unit.position !== null) parts.push(t('TRANSLATIONS.EDITOR.POSITION_N', { n: unit.position }));
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The editor's view of an area's answer: one card per form, process or rule. */
export function editorGroupsOf(resource: TranslationResource, t: TFunction): EditorGroup[] {
  return resource.groups.map((group) => ({
    id: `${group.type}.${group.id}`,
    title: group.name,
    subtitle:
      group.type === 'VALIDATION_RULE' && group.questionOrder !== null
        ? t('TRANSLATIONS.EDITOR.QUESTION_N', { n: group.questionOrder })
        : undefined,
    units: group.units.map((unit) => ({
      id: unit.id,
      kindLabel: `TRANSLATIONS.KINDS.${unit.kind}`,
      detail: detailOf(unit, t),
      source: unit.source,
      target: unit.target,
      maxLength: unit.maxLength,
      isRichText: unit.format === 'RICH',
      isRequired: unit.isRequired,
      placeholders: unit.placeholders,
    })),
  }));
}
