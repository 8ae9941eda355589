import type { FieldIssue, FormLocks, LocalizedText, StudyDetail } from '@trialbase/domain';
import { createContext, useContext } from 'react';
import type { Builder } from './use-builder';

export type BuilderContextValue = {
  builder: Builder;
  study: StudyDetail;
  /** The study language being edited; every per-language text edits this one. */
  language: string;
  /** Spec 001 §4: structure (types, tables) may change; false in production and for locked forms. */
  canChangeStructure: boolean;
  /** Spec 001 §4 locks computed by the server for this form. */
  locks: FormLocks;
};

export const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilderContext(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilderContext outside the form builder');
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
