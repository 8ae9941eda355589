import { type ServerErrorOptions, serverErrorMessage } from '../../app/form-errors';

/** The sites area's messages for a failed call (by error id, then HTTP status), before the shared catalog's. */
export const SITE_ERROR_MESSAGES = {
  STUDY_STATUS_MISMATCH: 'SITES.ERRORS.STATUS',
  ACTIVE_SITE: 'SITES.ERRORS.ACTIVE_SITE',
  '403': 'SITES.ERRORS.FORBIDDEN',
  '404': 'SITES.ERRORS.NOT_FOUND',
};

/** How a sites form shows its own and the server's errors; `fieldMessage` is the field's own text. */
export function siteErrorOptions(fieldMessage: (field: string) => string): ServerErrorOptions {
  return { messages: SITE_ERROR_MESSAGES, fieldMessage };
}

/** A message for a failed call that has no field to sit on. */
export function generalError(error: unknown): string {
  return serverErrorMessage(error, { messages: SITE_ERROR_MESSAGES });
}
