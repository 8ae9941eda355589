import { useSyncExternalStore } from 'react';

/**
 * Spec 000 §8: when a session expires while the page is open, the user re-enters the
 * password instead of losing their place. Every request that got a 401 meanwhile waits
 * on the same promise and is retried once the dialog succeeds.
 */
type Waiter = { resolve: () => void; reject: (reason: unknown) => void };
type ReauthSnapshot = { isOpen: boolean; email: string | null };

let snapshot: ReauthSnapshot = { isOpen: false, email: null };
let waiters: Waiter[] = [];
const listeners = new Set<() => void>();

function publish(next: ReauthSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Opens the dialog (once) and resolves when the user has signed in again. */
export function requestReauthentication(email: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    waiters.push({ resolve, reject });
    if (!snapshot.isOpen) publish({ isOpen: true, email });
  });
}

export function completeReauthentication(): void {
  const pending = waiters;
  waiters = [];
  publish({ isOpen: false, email: null });
  for (const waiter of pending) waiter.resolve();
}

export function abandonReauthentication(reason: unknown): void {
  const pending = waiters;
  waiters = [];
  publish({ isOpen: false, email: null });
  for (const waiter of pending) waiter.reject(reason);
}

export function useReauthState(): ReauthSnapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}
