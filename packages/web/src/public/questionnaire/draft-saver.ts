import type { Answer } from '@trialbase/domain';

export type SaveState = 'idle' | 'saving' | 'saved' | 'pending';

/** Issue 8 item 3: a draft goes to the server this long after the last change. */
export const DRAFT_DEBOUNCE_MS = 1200;
/** Issue 16 item 6: the local copy is written this long after the last keystroke, not on each one. */
export const LOCAL_DRAFT_DEBOUNCE_MS = 300;

export type DraftSaverOptions = {
  /** Writes the local copy (local storage); called once per burst of changes and on page hide. */
  writeLocal: (answers: readonly Answer[]) => void;
  /** Sends the answers as a server draft; rejects when the save failed. */
  send: (answers: Answer[]) => Promise<void>;
  onState: (state: SaveState) => void;
  /** A failed send: 'drop' forgets these answers until the next change, 'keep' retries them later. */
  onError: (error: unknown) => 'drop' | 'keep';
  /** Completed forms are not saved as drafts on the server (the local copy still is). */
  isServerEnabled: boolean;
  localDelayMs?: number;
  serverDelayMs?: number;
};

export type DraftSaver = {
  /** One change of the answers: both saves wait for the end of the burst. */
  record: (answers: Answer[]) => void;
  /** Writes a waiting local copy now (page hide, leaving the form). */
  flushLocal: () => void;
  /** Sends a waiting server draft now and waits for it. */
  flush: () => Promise<void>;
  /** Before a final submit: the local copy is written, a waiting draft dropped, a running one awaited. */
  settle: () => Promise<void>;
  /** Leaving the form: what waits is written and sent now. */
  dispose: () => void;
};

/**
 * Spec 002 §2 Fill, issue 8 item 3 and issue 16 item 6: answers are kept locally and saved as a
 * server draft (isFinal false) after the participant stops typing, each once per burst of
 * keystrokes; a failed server save is kept and retried with the next change or the final submit.
 */
export function createDraftSaver(options: DraftSaverOptions): DraftSaver {
  const localDelay = options.localDelayMs ?? LOCAL_DRAFT_DEBOUNCE_MS;
  const serverDelay = options.serverDelayMs ?? DRAFT_DEBOUNCE_MS;
  let localTimer: ReturnType<typeof setTimeout> | undefined;
  let serverTimer: ReturnType<typeof setTimeout> | undefined;
  let localPending: Answer[] | null = null;
  let pending: Answer[] | null = null;
  let running: Promise<void> | null = null;

  const flushLocal = () => {
    clearTimeout(localTimer);
    const answers = localPending;
    localPending = null;
    if (answers) options.writeLocal(answers);
  };

  const send = async () => {
    const answers = pending;
    if (!answers) return;
    pending = null;
    options.onState('saving');
    try {
      await options.send(answers);
      options.onState(pending ? 'saving' : 'saved');
    } catch (error) {
      if (options.onError(error) === 'drop') {
        options.onState('idle');
        return;
      }
      // Kept locally; the next change or the final submit sends it again.
      pending = pending ?? answers;
      options.onState('pending');
    }
  };

  const flush = async () => {
    clearTimeout(serverTimer);
    if (running) await running;
    if (!pending) return;
    running = send();
    await running;
    running = null;
  };

  return {
    record(answers) {
      localPending = answers;
      clearTimeout(localTimer);
      localTimer = setTimeout(flushLocal, localDelay);
      if (!options.isServerEnabled) return;
      pending = answers;
      clearTimeout(serverTimer);
      serverTimer = setTimeout(() => void flush(), serverDelay);
    },
    flushLocal,
    flush,
    async settle() {
      flushLocal();
      clearTimeout(serverTimer);
      pending = null;
      if (running) await running;
      pending = null;
    },
    dispose() {
      flushLocal();
      void flush();
    },
  };
}

/**
 * Nothing typed is lost when the tab is closed or hidden (issue 16 item 6): on `pagehide` and when
 * the page becomes hidden, the local copy is written at once and a waiting server draft is sent.
 */
export function flushOnPageHide(saver: Pick<DraftSaver, 'flushLocal' | 'flush'>, target: Window = window) {
  const handleHide = () => {
    saver.flushLocal();
    void saver.flush();
  };
  const handleVisibility = () => {
    if (target.document.visibilityState === 'hidden') handleHide();
  };
  target.addEventListener('pagehide', handleHide);
  target.document.addEventListener('visibilitychange', handleVisibility);
  return () => {
    target.removeEventListener('pagehide', handleHide);
    target.document.removeEventListener('visibilitychange', handleVisibility);
  };
}
