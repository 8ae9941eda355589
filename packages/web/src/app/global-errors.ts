import i18next from 'i18next';
import { isHttpError } from './http';
import { showPersistentToast } from './notify';

/**
 * Whether a window `error` event is an exception of the app. The browser's own notices come as error
 * events without an error object and are not: Chromium's "ResizeObserver loop completed with
 * undelivered notifications" (a layout settling over two frames, harmless), a broken image or
 * script, a cross-origin "Script error.". Anything the app throws carries what was thrown.
 */
export function isAppException(event: Pick<ErrorEvent, 'error'>): boolean {
  return event.error !== null && event.error !== undefined;
}

/** Spec 000 §8: an uncaught exception leaves a persistent toast reading EXCEPTION. */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event) => {
    if (!isAppException(event)) return;
    showPersistentToast(i18next.t('EXCEPTION'), 'exception');
  });
  window.addEventListener('unhandledrejection', (event) => {
    // Failed API calls already got their toast or redirect from the HTTP handler.
    if (isHttpError(event.reason)) return;
    showPersistentToast(i18next.t('EXCEPTION'), 'exception');
  });
}
