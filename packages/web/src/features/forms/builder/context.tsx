import type { FieldIssue, FormLocks, LocalizedText, StudyDetail } from '@trialbase/domain';
import { createContext, useContext } from 'react';
import type { Builder } from './use-builder';

export type BuilderContextValue = {
  builder: Builder;
  study: StudyDetail;
  /** The study language being edited; every per-language text edits this one. */
  language: string;
  /** Spec 001 §4 locks computed by the server for this form. */
  locks: FormLocks;
};

/** The builder settings that stay put while the author types (everything but the draft). */
export type BuilderSettings = Omit<BuilderContextValue, 'builder'>;

export const BuilderContext = createContext<BuilderContextValue | null>(null);

/**
 * Split from `BuilderContext` so components that only need the language, study or locks (question
 * list rows, text inputs) do not re-render on every change of the draft.
 */
export const BuilderSettingsContext = createContext<BuilderSettings | null>(null);

export function useBuilderContext(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilderContext outside the form builder');
  return value;
}

export function useBuilderSettings(): BuilderSettings {
  const value = useContext(BuilderSettingsContext);
  if (!value) throw new Error('useBuilderSettings outside the form builder');
  return value;
}

/** The text of the edited language (empty when not yet translated). */
export function textIn(text: LocalizedText | null | undefined, language: string): string {
  return (text as Record<string, string | undefined> | undefined)?.[language] ?? '';
}

export function withText(
  text: LocalizedText | null | undefined,
  language: string,
  value: string,
): LocalizedText {
  return { ...(text ?? {}), [language]: value };
}

export type IssueList = readonly FieldIssue[];
