import { type DataEvent, type FieldIssue, type Process, validateProcess } from '@trialbase/domain';
import { useCallback, useMemo, useState } from 'react';
import { serverErrorMessage } from '../../../app/form-errors';
import { isHttpError } from '../../../app/http';
import { fetchProcess, type ProcessDetail, useSaveProcess } from '../api';
import { toDraft, toWriteBody } from './draft';

/** The process fields the randomization section owns (spec 001 §3 and its settings, issue 22). */
const RANDOMIZATION_KEYS = [
  'randomization',
  'targetInclusion',
  'trialGroups',
  'stratifyBySite',
  'questionStratifications',
  'hasRandomizationOnProcess',
  'didUploadCustomRandomizationList',
  'randomizationSettings',
] as const;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';
/** Issue 13 item 8: the stored revision when a save was refused as stale (409 VERSION_MISMATCH). */
export type SaveConflict = { storedRevision: number };

function conflictOf(error: unknown): SaveConflict | null {
  if (!isHttpError(error) || error.status !== 409) return null;
  const context = error.body?.context as { reason?: unknown; expected?: unknown } | undefined;
  if (context?.reason !== 'VERSION_MISMATCH' || typeof context.expected !== 'number') return null;
  return { storedRevision: context.expected };
}
export type ProcessDraft = ReturnType<typeof useProcessDraft>;

/**
 * Draft state of the process editor (spec 001 §2, §5): checked by the domain `validateProcess`
 * before saving; the server's field issues are shown on their fields until the next change.
 */
export function useProcessDraft(
  studyId: string,
  detail: ProcessDetail | undefined,
  isRecruitment: boolean,
  onSaved: (saved: ProcessDetail, wasNew: boolean) => void,
) {
  const [draft, setDraftState] = useState<Process>(() => toDraft(detail, isRecruitment));
  const [processId, setProcessId] = useState(detail?.id);
  const [isDirty, setDirty] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  // The revision this draft started from; a save names it, so a save over someone else's is a 409.
  const [revision, setRevision] = useState(detail?.revision ?? 0);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const { mutateAsync } = useSaveProcess(studyId);
  const clientIssues = useMemo(() => validateProcess(draft), [draft]);
  // Problems show once the author tried to save, so a new process does not open full of red.
  const issues = useMemo(
    () => [...(isSubmitted ? clientIssues : []), ...serverIssues],
    [isSubmitted, clientIssues, serverIssues],
  );

  const update = useCallback((change: (p: Process) => Process) => {
    setDraftState((p) => change(p));
    setDirty(true);
    setServerIssues((s) => (s.length === 0 ? s : []));
    setSaveState((s) => (s === 'saved' || s === 'error' ? 'idle' : s));
  }, []);

  const updateEvent = useCallback(
    (id: string, change: (e: DataEvent) => DataEvent) =>
      update((p) => ({ ...p, dataEvents: p.dataEvents.map((e) => (e.id === id ? change(e) : e)) })),
    [update],
  );

  const moveEvent = useCallback(
    (from: number, to: number) =>
      update((p) => {
        const list = [...p.dataEvents];
        const [moved] = list.splice(from, 1);
        if (!moved) return p;
        list.splice(to, 0, moved);
        return { ...p, dataEvents: list };
      }),
    [update],
  );

  const applySaved = useCallback((saved: ProcessDetail) => {
    setServerError(null);
    setServerIssues([]);
    setDirty(false);
    setSubmitted(false);
    setDraftState(toDraft(saved, saved.recruitment));
    setProcessId(saved.id);
    setRevision(saved.revision);
  }, []);

  const saveAt = useCallback(
    async (startedFrom: number) => {
      setSubmitted(true);
      if (validateProcess(draft).length > 0) return;
      setSaveState('saving');
      setConflict(null);
      try {
        const body = { ...toWriteBody(draft), ...(processId ? { revision: startedFrom } : {}) };
        const saved = await mutateAsync({ id: processId, body });
        applySaved(saved);
        setSaveState('saved');
        onSaved(saved, processId === undefined);
      } catch (error) {
        const stale = conflictOf(error);
        if (stale) {
          // Nothing is lost: the draft stays as it is until the author chooses.
          setSaveState('idle');
          setConflict(stale);
          return;
        }
        setSaveState('error');
        const body = isHttpError(error) ? error.body : null;
        setServerError(serverErrorMessage(error));
        const found = body?.context?.issues ?? [];
        setServerIssues(
          body?.id === 'DUPLICATE_NAME' && found.length === 0
            ? [{ path: ['pathwayName'], message: 'DUPLICATE' }]
            : found,
        );
      }
    },
    [applySaved, draft, mutateAsync, onSaved, processId],
  );

  const save = useCallback(() => saveAt(revision), [saveAt, revision]);

  /**
   * Issue 22: the randomization section saves through its own call (PUT .../randomization), which
   * moves the process's revision; this takes the stored randomization fields and revision over
   * without touching the rest of the draft, so a later process save neither conflicts nor undoes it.
   */
  const adoptRandomization = useCallback((stored: ProcessDetail) => {
    const fresh = toDraft(stored, stored.recruitment) as unknown as Record<string, unknown>;
    const fields = Object.fromEntries(
      RANDOMIZATION_KEYS.filter((key) => key in fresh).map((key) => [key, fresh[key]]),
    ) as Partial<Process>;
    setDraftState((p) => ({ ...p, ...fields }));
    setRevision(stored.revision);
  }, []);

  /**
   * Issue 13 item 8 conflict prompt: `mine` saves this draft over the stored revision, `theirs`
   * loads the stored process (dropping this draft), `cancel` keeps editing with the draft intact.
   */
  const resolveConflict = useCallback(
    async (choice: 'mine' | 'theirs' | 'cancel') => {
      const stale = conflict;
      if (!stale) return;
      if (choice === 'cancel') {
        setConflict(null);
        return;
      }
      if (choice === 'mine') {
        await saveAt(stale.storedRevision);
        return;
      }
      if (!processId) return;
      setConflict(null);
      const stored = await fetchProcess(studyId, processId);
      applySaved(stored);
      setSaveState('idle');
      onSaved(stored, false);
    },
    [applySaved, conflict, onSaved, processId, saveAt, studyId],
  );

  return {
    draft,
    processId,
    issues,
    clientIssueCount: clientIssues.length,
    isSubmitted,
    isDirty,
    saveState,
    serverError,
    conflict,
    resolveConflict,
    revision,
    adoptRandomization,
    update,
    updateEvent,
    moveEvent,
    save,
  };
}
