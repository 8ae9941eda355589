import i18next from 'i18next';
import { isHttpError } from './http';
import { showPersistentToast } from './notify';

/** Spec 000 §8: an uncaught exception leaves a persistent toast reading EXCEPTION. */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event) => {
    // Resource load errors (a broken image) are not exceptions of the app.
    if (!(event.error instanceof Error) && !event.message) return;
    showPersistentToast(i18next.t('EXCEPTION'), 'exception');
  });
  window.addEventListener('unhandledrejection', (event) => {
    // Failed API calls already got their toast or redirect from the HTTP handler.
    if (isHttpError(event.reason)) return;
    showPersistentToast(i18next.t('EXCEPTION'), 'exception');
  });
}
