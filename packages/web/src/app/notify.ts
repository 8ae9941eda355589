import { notifications } from '@mantine/notifications';

/** Spec 000 §9: toasts stay 5 s; an acknowledge toast stays 60 s. */
export const TOAST_DELAY_MS = 5_000;
export const ACKNOWLEDGE_TOAST_MS = 60_000;

export function showErrorToast(message: string, id?: string): void {
  notifications.show({ id, message, color: 'red', autoClose: TOAST_DELAY_MS });
}

export function showSuccessToast(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_DELAY_MS });
}

/** A message the user must notice: stays a minute unless closed. */
export function showAcknowledgeToast(message: string, title?: string): void {
  notifications.show({ title, message, color: 'blue', autoClose: ACKNOWLEDGE_TOAST_MS });
}

/** Spec 000 §8: uncaught exceptions leave a toast that stays until closed (one at a time, by id). */
export function showPersistentToast(message: string, id: string): void {
  notifications.show({ id, message, color: 'red', autoClose: false, withCloseButton: true });
}
