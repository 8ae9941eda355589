/**
 * Rule messages (spec 001 §3 action: message per language with a placeholder for
 * the limit value). The placeholder is `{limit}`; `{{limit}}` is accepted too.
 */
import { DEFAULT_LANGUAGE } from '../common/language-codes';
import type { LocalizedText } from '../common/languages';
import type { Question } from '../forms/model';
import { formatRuleValue, type RuleValue } from './values';

const PLACEHOLDER = /\{\{?\s*limit\s*\}\}?/g;

function possibilityText(question: Question, id: string, language: string): string {
  const text = question.possibilities.find((p) => p.id === id)?.possibility as Record<
    string,
    string | undefined
  >;
  return text?.[language] || text?.[DEFAULT_LANGUAGE] || Object.values(text ?? {}).find((t) => t) || '';
}

/** Spec 001 §3: fills the limit placeholder in every language; choice limits use that language's texts. */
export function fillRuleMessage(
  message: LocalizedText,
  limit: RuleValue | null,
  choices: { ids: readonly string[]; question: Question } | null,
): { message: LocalizedText; limit: string | null } {
  const limitIn = (language: string): string | null => {
    if (limit) return formatRuleValue(limit);
    if (choices) return choices.ids.map((id) => possibilityText(choices.question, id, language)).join(', ');
    return null;
  };
  const filled: Record<string, string> = {};
  for (const [language, text] of Object.entries(message)) {
    if (typeof text !== 'string') continue;
    filled[language] = text.replace(PLACEHOLDER, () => limitIn(language) ?? '');
  }
  return { message: filled as LocalizedText, limit: limitIn(DEFAULT_LANGUAGE) };
}
