import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { isHttpError } from './http';

/**
 * Spec 000 §6, 001 §6: when the study enables extended validation, a sensitive action
 * asks for the password before it is sent; the password travels in the
 * `Extended-Validation` header. One request at a time; the dialog stays open on a wrong
 * password so the user can retry or cancel.
 */
type Pending = {
  meaning: string;
  submit: (password: string) => Promise<void>;
  cancel: () => void;
};
export type ExtendedValidationSnapshot = {
  isOpen: boolean;
  meaning: string | null;
  /** The server's message for a wrong password or too many attempts. */
  error: { type: 'EXTENDED_VALIDATION' | 'EXCEED_NO_ATTEMPTS'; message: string } | null;
  isSubmitting: boolean;
};

const CLOSED: ExtendedValidationSnapshot = { isOpen: false, meaning: null, error: null, isSubmitting: false };
let snapshot = CLOSED;
let pending: Pending | null = null;
const listeners = new Set<() => void>();

function publish(next: ExtendedValidationSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Raised when the user closes the dialog without signing; callers usually ignore it. */
export class ExtendedValidationCancelled extends Error {
  constructor() {
    super('Extended validation cancelled');
    // Named like an aborted fetch so the global error handler stays silent about it.
    this.name = 'AbortError';
  }
}

export function isExtendedValidationCancelled(error: unknown): error is ExtendedValidationCancelled {
  return error instanceof ExtendedValidationCancelled;
}

/** The header to send with a call; the password is percent-encoded so any character survives HTTP. */
export function extendedValidationHeaders(password: string | undefined): Record<string, string> {
  return password === undefined ? {} : { [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(password) };
}

function signatureError(error: unknown): ExtendedValidationSnapshot['error'] {
  if (!isHttpError(error) || !error.body) return null;
  const { type, message } = error.body;
  return type === 'EXTENDED_VALIDATION' || type === 'EXCEED_NO_ATTEMPTS' ? { type, message } : null;
}

/** Spec 000 §6: runs `send` with the password from the dialog when required, else at once. */
export function withExtendedValidation<T>(
  required: boolean,
  meaning: string,
  send: (password: string | undefined) => Promise<T>,
): Promise<T> {
  if (!required) return send(undefined);
  pending?.cancel();
  return new Promise<T>((resolve, reject) => {
    const close = () => {
      pending = null;
      publish(CLOSED);
    };
    pending = {
      meaning,
      cancel: () => {
        close();
        reject(new ExtendedValidationCancelled());
      },
      submit: async (password) => {
        publish({ ...snapshot, isSubmitting: true, error: null });
        try {
          const result = await send(password);
          close();
          resolve(result);
        } catch (error) {
          const shown = signatureError(error);
          if (shown) {
            publish({ ...snapshot, isSubmitting: false, error: shown });
            return;
          }
          close();
          reject(error);
        }
      },
    };
    publish({ isOpen: true, meaning, error: null, isSubmitting: false });
  });
}

/** For the dialog: sends the typed password, or cancels the waiting action. */
export function submitExtendedValidation(password: string): Promise<void> {
  return pending ? pending.submit(password) : Promise.resolve();
}

export function cancelExtendedValidation(): void {
  pending?.cancel();
}

export function useExtendedValidationState(): ExtendedValidationSnapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}

/**
 * The hook pages use: `withExtendedValidation(required, meaning, (password) => call(...))`.
 * The page (or the app shell) renders `<ExtendedValidationDialog />` once.
 */
export function useExtendedValidation() {
  const run = useCallback(
    <T>(required: boolean, meaning: string, send: (password: string | undefined) => Promise<T>) =>
      withExtendedValidation(required, meaning, send),
    [],
  );
  return { withExtendedValidation: run };
}
