import { type DataEvent, type FieldIssue, type Process, validateProcess } from '@trialbase/domain';
import { useCallback, useMemo, useState } from 'react';
import { isHttpError } from '../../../app/http';
import { type ProcessDetail, useSaveProcess } from '../api';
import { toDraft, toWriteBody } from './draft';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';
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

  const save = useCallback(async () => {
    setSubmitted(true);
    if (validateProcess(draft).length > 0) return;
    setSaveState('saving');
    try {
      const saved = await mutateAsync({ id: processId, body: toWriteBody(draft) });
      setServerError(null);
      setServerIssues([]);
      setSaveState('saved');
      setDirty(false);
      setSubmitted(false);
      setDraftState(toDraft(saved, saved.recruitment));
      setProcessId(saved.id);
      onSaved(saved, processId === undefined);
    } catch (error) {
      setSaveState('error');
      const body = isHttpError(error) ? error.body : null;
      setServerError(body?.message ?? (error instanceof Error ? error.message : String(error)));
      const found = body?.context?.issues ?? [];
      setServerIssues(
        body?.id === 'DUPLICATE_NAME' && found.length === 0
          ? [{ path: ['pathwayName'], message: 'DUPLICATE' }]
          : found,
      );
    }
  }, [draft, mutateAsync, onSaved, processId]);

  return {
    draft,
    processId,
    issues,
    clientIssueCount: clientIssues.length,
    isSubmitted,
    isDirty,
    saveState,
    serverError,
    update,
    updateEvent,
    moveEvent,
    save,
  };
}
