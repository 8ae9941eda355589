/**
 * Issue 13 item 7: `AbortSignal.timeout` and `AbortSignal.any` are missing in the spec's minimum
 * browsers (000 §1: Chrome 84, Firefox 78, Safari 14, Edge 84), so the participant client builds
 * the same signal from an AbortController, a timer and the caller's signal.
 */
export type TimedSignal = {
  signal: AbortSignal;
  /** Stops the timer and forgets the caller's signal once the call has settled. */
  done: () => void;
};

/** A signal that aborts after `ms` milliseconds or when `outer` aborts, whichever comes first. */
export function timedSignal(ms: number, outer?: AbortSignal): TimedSignal {
  const controller = new AbortController();
  const abortFromOuter = () => controller.abort();
  const timer = setTimeout(() => controller.abort(), ms);
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', abortFromOuter, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abortFromOuter);
    },
  };
}
