/** Spec 002 §9: toasts stay 5 s, bottom right. */
export const TOAST_DELAY_MS = 5_000;

type Toast = { id?: string; message: string; color: string; autoClose: number };

/** The toast library loads with the first toast (the container in providers.tsx loads after the page). */
function show(toast: Toast): void {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(toast));
}

export function showErrorToast(message: string, id?: string): void {
  show({ id, message, color: 'red', autoClose: TOAST_DELAY_MS });
}

export function showSuccessToast(message: string): void {
  show({ message, color: 'teal', autoClose: TOAST_DELAY_MS });
}
