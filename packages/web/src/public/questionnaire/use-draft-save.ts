import type { Answer, FormTemplate } from '@trialbase/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isPublicHttpError } from '../app/api';
import { createDraftSaver, flushOnPageHide, type SaveState } from './draft-saver';
import { writeLocalDraft } from './draft-store';
import { answersToSend, newAttemptKey, submitForm } from './fill-api';

export { DRAFT_DEBOUNCE_MS, type SaveState } from './draft-saver';

/**
 * Spec 002 §2 Fill, issue 8 item 3: answers are kept locally and saved as a draft (isFinal false)
 * shortly after the participant stops typing, both once per burst of keystrokes and at once when the
 * page is hidden (issue 16 item 6); a failed save stays local and is retried with the next change or
 * before the final submit. A 401 calls `onUnauthorized`.
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
  const latest = useRef({ onUnauthorized, form, setState });
  latest.current = { onUnauthorized, form, setState };

  const saver = useMemo(
    () =>
      createDraftSaver({
        isServerEnabled: isEnabled,
        writeLocal: (answers) => writeLocalDraft(token, formId, answers),
        send: async (answers) => {
          await submitForm(studyId, {
            token,
            formId,
            answers: answersToSend(latest.current.form, answers),
            isFinal: false,
            idempotencyKey: newAttemptKey(),
          });
        },
        onState: (next) => latest.current.setState(next),
        onError: (error) => {
          if (isPublicHttpError(error) && error.status === 401) latest.current.onUnauthorized();
          // The server refuses these answers as they stand (e.g. a blocking rule): the form shows
          // why, the local copy keeps them, and the next change is sent again.
          return isPublicHttpError(error) && error.status === 400 ? 'drop' : 'keep';
        },
      }),
    [studyId, token, formId, isEnabled],
  );
  useEffect(() => {
    const stopListening = flushOnPageHide(saver);
    return () => {
      stopListening();
      saver.dispose();
    };
  }, [saver]);

  const record = useCallback((answers: Answer[]) => saver.record(answers), [saver]);
  /** Before a final submit: drops what is waiting (the submit carries the same answers) and lets a running save end. */
  const settle = useCallback(() => saver.settle(), [saver]);
  return { state: stateFor.current === formId ? state : 'idle', record, settle };
}
