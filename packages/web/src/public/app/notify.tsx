import { Notification } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { usePublicTranslation } from './use-public-translation';

/** Spec 002 §9: toasts stay 5 s, bottom right (bottom left in right-to-left languages). */
export const TOAST_DELAY_MS = 5_000;

type Toast = { id: string; message: string; tone: 'error' | 'success' };

// A small toast stack of our own: the participant bundle cannot afford a toast library (issue 8 item 6).
let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: string): void {
  emit(toasts.filter((toast) => toast.id !== id));
}

function show(message: string, tone: Toast['tone'], id?: string): void {
  const key = id ?? `toast-${++counter}`;
  emit([...toasts.filter((toast) => toast.id !== key), { id: key, message, tone }]);
  window.setTimeout(() => dismiss(key), TOAST_DELAY_MS);
}

export function showErrorToast(message: string, id?: string): void {
  show(message, 'error', id);
}

export function showSuccessToast(message: string): void {
  show(message, 'success');
}

/** Where toasts appear; errors are announced at once (role alert), successes politely (status). */
export function Toasts() {
  const { t } = usePublicTranslation();
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  if (current.length === 0) return null;
  return (
    <div
      style={{
        position: 'fixed',
        insetBlockEnd: 16,
        insetInlineEnd: 16,
        insetInlineStart: 16,
        zIndex: 1000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 8,
        pointerEvents: 'none',
      }}
    >
      {current.map((toast) => (
        <Notification
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          color={toast.tone === 'error' ? 'red.8' : 'teal.8'}
          onClose={() => dismiss(toast.id)}
          closeButtonProps={{ 'aria-label': t('PUBLIC.CLOSE') }}
          withBorder
          style={{ pointerEvents: 'auto', maxInlineSize: 420, inlineSize: '100%' }}
        >
          {toast.message}
        </Notification>
      ))}
    </div>
  );
}
