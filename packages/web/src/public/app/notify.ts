import { notifications } from '@mantine/notifications';

/** Spec 002 §9: toasts stay 5 s, bottom right. */
export const TOAST_DELAY_MS = 5_000;

export function showErrorToast(message: string, id?: string): void {
  notifications.show({ id, message, color: 'red', autoClose: TOAST_DELAY_MS });
}

export function showSuccessToast(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_DELAY_MS });
}
