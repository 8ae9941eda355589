import type { Answer } from '@trialbase/domain';

/**
 * Issue 8 item 3: a local copy of the answers per link and form, so a closed tab or a dropped
 * connection loses nothing; it is removed once the form is saved as final.
 */
const PREFIX = 'trialbase.public.draft';

function keyOf(token: string, formId: string): string {
  return `${PREFIX}:${token}:${formId}`;
}

export function readLocalDraft(token: string, formId: string): Answer[] | null {
  try {
    const raw = window.localStorage.getItem(keyOf(token, formId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { answers?: unknown };
    return Array.isArray(parsed.answers) ? (parsed.answers as Answer[]) : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(token: string, formId: string, answers: readonly Answer[]): void {
  try {
    window.localStorage.setItem(
      keyOf(token, formId),
      JSON.stringify({ answers, at: new Date().toISOString() }),
    );
  } catch {
    // Storage full or disabled: the server draft still saves as the participant goes.
  }
}

export function clearLocalDraft(token: string, formId: string): void {
  try {
    window.localStorage.removeItem(keyOf(token, formId));
  } catch {
    // ignore
  }
}
