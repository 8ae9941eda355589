import type { Answer, FormTemplate } from '@trialbase/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPublicHttpError } from '../app/api';
import { writeLocalDraft } from './draft-store';
import { answersToSend, newAttemptKey, submitForm } from './fill-api';

/** Issue 8 item 3: a draft goes to the server this long after the last change. */
export const DRAFT_DEBOUNCE_MS = 1200;

export type SaveState = 'idle' | 'saving' | 'saved' | 'pending';

/**
 * Spec 002 §2 Fill, issue 8 item 3: answers are kept locally at once and saved as a draft
 * (isFinal false) shortly after the participant stops typing; a failed save stays local and
 * is retried with the next change or before the final submit. A 401 calls `onUnauthorized`.
 */
export function useDraftSave(input: {
  studyId: string;
  token: string;
  formId: string;
  form: FormTemplate;
  isEnabled: boolean;
  onUnauthorized: () => void;
}) {
  const { studyId, token, formId, form, isEnabled, onUnauthorized } = input;
  const [state, setFormState] = useState<SaveState>('idle');
  // The state belongs to the form it was reached on; another form starts idle.
  const stateFor = useRef(formId);
  const setState = useCallback(
    (next: SaveState) => {
      stateFor.current = formId;
      setFormState(next);
    },
    [formId],
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Answer[] | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const latest = useRef({ onUnauthorized, form });
  latest.current = { onUnauthorized, form };

  const send = useCallback(async () => {
    const answers = pending.current;
    if (!answers) return;
    pending.current = null;
    setState('saving');
    try {
      await submitForm(studyId, {
        token,
        formId,
        answers: answersToSend(latest.current.form, answers),
        isFinal: false,
        idempotencyKey: newAttemptKey(),
      });
      setState(pending.current ? 'saving' : 'saved');
    } catch (error) {
      if (isPublicHttpError(error) && error.status === 401) latest.current.onUnauthorized();
      if (isPublicHttpError(error) && error.status === 400) {
        // The server refuses these answers as they stand (e.g. a blocking rule): the form shows why,
        // the local copy keeps them, and the next change is sent again.
        setState('idle');
        return;
      }
      // Kept locally; the next change or the final submit sends it again.
      pending.current = pending.current ?? answers;
      setState('pending');
    }
  }, [studyId, token, formId, setState]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (running.current) await running.current;
    if (!pending.current) return;
    running.current = send();
    await running.current;
    running.current = null;
  }, [send]);

  const record = useCallback(
    (answers: Answer[]) => {
      writeLocalDraft(token, formId, answers);
      if (!isEnabled) return;
      pending.current = answers;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_DEBOUNCE_MS);
    },
    [token, formId, isEnabled, flush],
  );

  /** Before a final submit: drops what is waiting (the submit carries the same answers) and lets a running save end. */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    if (running.current) await running.current;
    pending.current = null;
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { state: stateFor.current === formId ? state : 'idle', record, settle };
}
