import type { DataEvent, Process, ProcessLocks, StudyDetail } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import { isNewEvent } from './draft';
import type { ProcessDraft } from './use-process-draft';

export type FormOption = { value: string; label: string };

export type EditorContextValue = {
  editor: ProcessDraft;
  study: StudyDetail;
  /** The study language being edited; every per-language text edits this one. */
  language: string;
  locks: ProcessLocks;
  forms: FormOption[];
};

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditorContext(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditorContext outside the process editor');
  return value;
}

const UNSCHEDULED_USED: Partial<Record<keyof Process, keyof Process>> = {
  unexpected: 'hasUnexpected',
  discontinued: 'hasDiscontinued',
  externalDE: 'hasExternalEvent',
};
const RECRUITMENT_FIXED: readonly string[] = ['unexpected', 'discontinued', 'externalDE', 'public'];
const RANDOMIZATION_FIELDS: readonly string[] = [
  'randomization',
  'targetInclusion',
  'trialGroups',
  'stratifyBySite',
  'questionStratifications',
];

function statusReason(t: TFunction, study: StudyDetail): string {
  return study.status === 'AMENDMENT' ? t('PROCESSES.LOCKS.AMENDMENT') : t('PROCESSES.LOCKS.PRODUCTION');
}

/** Spec 001 §4: why a top-level process field is locked, or null when it may change. */
export function fieldLockReason(
  t: TFunction,
  context: EditorContextValue,
  field: keyof Process,
): string | null {
  const { locks, study, editor } = context;
  if (locks.isReadOnly) return t('PROCESSES.LOCKS.READ_ONLY');
  if (!locks.lockedFields.includes(field)) return null;
  const { draft } = editor;
  if (draft.recruitment && RECRUITMENT_FIXED.includes(field)) return t('PROCESSES.LOCKS.RECRUITMENT');
  const usedFlag = UNSCHEDULED_USED[field];
  if (usedFlag && draft[usedFlag] === true) return t('PROCESSES.LOCKS.USED');
  if (RANDOMIZATION_FIELDS.includes(field) && draft.didUploadCustomRandomizationList) {
    return t('PROCESSES.LOCKS.RANDOMIZATION_LIST');
  }
  return statusReason(t, study);
}

/** Spec 001 §4: why a field of a stored data event is locked (new events are always editable). */
export function eventLockReason(
  t: TFunction,
  context: EditorContextValue,
  event: DataEvent,
  field: keyof DataEvent,
): string | null {
  if (context.locks.isReadOnly) return t('PROCESSES.LOCKS.READ_ONLY');
  if (isNewEvent(event) || !context.locks.lockedEventFields.includes(field)) return null;
  return statusReason(t, context.study);
}
