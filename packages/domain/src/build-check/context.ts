import type { LocalizedText } from '../common/languages';
import type { FormTemplate, Question } from '../forms/model';
import type { DataEvent, Process } from '../processes/model';
import type { ValidationRule } from '../rules/model';
import type { ShowRuleInput } from '../rules/schemas';

/** Everything the build check reads, loaded by the caller (the server in a few statements). */
export type BuildCheckInput = {
  study: { primaryLanguage: string; languages: readonly string[] };
  /** Contact fields a subject must have (spec 002 §3 participant settings). */
  participantSettings: {
    subjectRequiredFields: readonly string[];
    publicSignUpRequiredFields: readonly string[];
  };
  /** Current drafts of the live forms. */
  forms: readonly FormTemplate[];
  /** Live processes. */
  processes: readonly Process[];
  validationRules: readonly (ValidationRule & { id: string })[];
  showRules: readonly (ShowRuleInput & { id: string })[];
};

/** A localized text in the primary language, else the first one given, else ''. */
export function nameOf(text: LocalizedText | undefined, primaryLanguage: string): string {
  const record = (text ?? {}) as Record<string, string | undefined>;
  const primary = record[primaryLanguage];
  if (primary && primary.trim() !== '') return primary;
  return Object.values(record).find((v) => typeof v === 'string' && v.trim() !== '') ?? '';
}

export function formParams(form: FormTemplate, primaryLanguage: string, question?: Question) {
  return {
    form: nameOf(form.title, primaryLanguage),
    ...(question ? { question: `Q${question.order}` } : {}),
  };
}

export function eventParams(process: Process, event: DataEvent | undefined, primaryLanguage: string) {
  return {
    process: process.pathwayName,
    ...(event ? { event: nameOf(event.name, primaryLanguage) || event.id } : {}),
  };
}
