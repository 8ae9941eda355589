import { ANSWER_MESSAGES, type FieldIssue, VAULT_MAX_BYTES } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';

const MAX_MB = (VAULT_MAX_BYTES / 1_000_000).toFixed(2);

/** The message of a refused upload: the domain's issue (client or server side), else server-errors. */
export function uploadIssueMessage(
  t: TFunction<['common', 'file-vault']>,
  issues: FieldIssue[],
): string | null {
  const messages = issues.map((issue) => issue.message);
  if (messages.includes(ANSWER_MESSAGES.INVALID_FILENAME_DOTS)) return t('FILE_VAULT.ERRORS.DOTS');
  if (messages.includes(ANSWER_MESSAGES.FILE_TOO_LARGE))
    return t('FILE_VAULT.ERRORS.TOO_LARGE', { max: MAX_MB });
  if (issues.length > 0) return t('FILE_VAULT.ERRORS.TYPE');
  return null;
}

export function uploadErrorMessage(t: TFunction<['common', 'file-vault']>, error: unknown): string {
  if (isHttpError(error) && error.status === 400) {
    const issues = (error.body?.context as { issues?: FieldIssue[] } | undefined)?.issues ?? [];
    const fileIssues = issues.filter(
      (i) => i.path[0] === 'fileName' || i.path[0] === 'dataBase64' || i.path[0] === 'size',
    );
    if (error.body?.id === 'INVALID_FILENAME_DOTS') return t('FILE_VAULT.ERRORS.DOTS');
    const message = uploadIssueMessage(t, fileIssues);
    if (message) return message;
  }
  return serverErrorMessage(error);
}

export { MAX_MB };
