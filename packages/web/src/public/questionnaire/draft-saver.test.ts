import { type Answer, AnswerSchema } from '@trialbase/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../features/forms/renderer/test-dom';
import { createDraftSaver, DRAFT_DEBOUNCE_MS, flushOnPageHide, LOCAL_DRAFT_DEBOUNCE_MS } from './draft-saver';
import { readLocalDraft, writeLocalDraft } from './draft-store';

installDom();

function typed(text: string): Answer[] {
  return [AnswerSchema.parse({ question: 'q1', answerStrings: [text] })];
}

/** A saver over the real local store; server drafts are collected as the fill page would send them. */
function saverWithLog(isServerEnabled = true) {
  const localWrites: string[] = [];
  const sent: string[] = [];
  const states: string[] = [];
  const saver = createDraftSaver({
    isServerEnabled,
    writeLocal: (answers) => {
      localWrites.push(answers[0]?.answerStrings[0] ?? '');
      writeLocalDraft('tok', 'form1', answers);
    },
    send: async (answers) => {
      sent.push(answers[0]?.answerStrings[0] ?? '');
    },
    onState: (state) => states.push(state),
    onError: () => 'keep',
  });
  return { saver, localWrites, sent, states };
}

// Issue 16 item 6: every keystroke wrote all answers to local storage; now once per burst.
describe('Spec 002 §2 fill drafts: debounced, and flushed when the page is hidden', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('saves once, locally and on the server, after a burst of keystrokes', async () => {
    const { saver, localWrites, sent, states } = saverWithLog();
    let text = '';
    for (const key of 'Headache since Monday') {
      text += key;
      saver.record(typed(text));
      await vi.advanceTimersByTimeAsync(40);
    }
    expect(localWrites).toEqual([]);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(LOCAL_DRAFT_DEBOUNCE_MS);
    expect(localWrites).toEqual(['Headache since Monday']);
    expect(readLocalDraft('tok', 'form1')?.[0]?.answerStrings).toEqual(['Headache since Monday']);
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(sent).toEqual(['Headache since Monday']);
    expect(localWrites).toHaveLength(1);
    expect(states).toEqual(['saving', 'saved']);
  });

  it('writes the local copy and sends the draft at once on pagehide', async () => {
    const { saver, localWrites, sent } = saverWithLog();
    const stop = flushOnPageHide(saver);
    saver.record(typed('Knee'));
    saver.record(typed('Knee pain'));
    window.dispatchEvent(new window.Event('pagehide'));
    expect(localWrites).toEqual(['Knee pain']);
    expect(readLocalDraft('tok', 'form1')?.[0]?.answerStrings).toEqual(['Knee pain']);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['Knee pain']);
    // Nothing is left waiting: the timers find nothing more to save.
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS * 2);
    expect(localWrites).toEqual(['Knee pain']);
    expect(sent).toEqual(['Knee pain']);
    stop();
  });

  it('writes the local copy when the page becomes hidden; a completed form is not sent', async () => {
    const { saver, localWrites, sent } = saverWithLog(false);
    const stop = flushOnPageHide(saver);
    saver.record(typed('7'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new window.Event('visibilitychange'));
    expect(localWrites).toEqual(['7']);
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS * 2);
    expect(sent).toEqual([]);
    stop();
  });

  it('before a final submit the local copy is written and the waiting draft is dropped', async () => {
    const { saver, localWrites, sent } = saverWithLog();
    saver.record(typed('Done'));
    await saver.settle();
    expect(localWrites).toEqual(['Done']);
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS * 2);
    expect(sent).toEqual([]);
  });

  it('keeps a failed server draft and sends it with the next change', async () => {
    const sent: string[] = [];
    let isOnline = false;
    const states: string[] = [];
    const saver = createDraftSaver({
      isServerEnabled: true,
      writeLocal: () => undefined,
      send: async (answers) => {
        if (!isOnline) throw new Error('offline');
        sent.push(answers[0]?.answerStrings[0] ?? '');
      },
      onState: (state) => states.push(state),
      onError: () => 'keep',
    });
    saver.record(typed('a'));
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(states).toEqual(['saving', 'pending']);
    isOnline = true;
    saver.record(typed('ab'));
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(sent).toEqual(['ab']);
    expect(states.at(-1)).toBe('saved');
  });
});
