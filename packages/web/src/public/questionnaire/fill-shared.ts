import type { PublicProcess } from '@trialbase/domain';
import { readQueryLanguage, resolveParticipantLanguage } from '../../i18n/languages';
import { isPublicHttpError } from '../app/api';
import { tokenPagePath } from '../app/flow-store';
import { readStoredLanguage, setParticipantLanguage } from '../app/i18n';
import { navigate } from '../app/router';

/** The status the pages treat as submitted (the fill state's completed forms read as this). */
export const COMPLETED_STATUS = 'STATUS_COMPLETED';

export function indexPathOf(studyId: string, token: string, language: string): string {
  const query = new URLSearchParams({ studyId, token, lang: language });
  return `/questionnaire/index?${query.toString()}`;
}

export function fillPathOf(studyId: string, token: string, language: string, formId: string): string {
  const query = new URLSearchParams({ studyId, token, lang: language, formId });
  return `/questionnaire/fill?${query.toString()}`;
}

/**
 * Spec 002 §2 Language: ?lang, then the stored choice, then the participant's preferred language,
 * then the study's primary language (limited to the study's languages).
 */
export function applyProcessLanguage(process: PublicProcess): string {
  const language = resolveParticipantLanguage({
    query: readQueryLanguage(),
    stored: readStoredLanguage() ?? process.preferredLang,
    primaryLanguage: process.primaryLanguage,
    offered: process.languages,
  });
  setParticipantLanguage(language);
  return language;
}

/** A form text in `language`, else English, else any (the renderer's pickText, without its sanitiser). */
export function pickLocalized(
  text: Record<string, string | undefined> | null | undefined,
  language: string,
): string {
  if (!text) return '';
  return text[language] || text.en || Object.values(text).find((t) => t) || '';
}

/**
 * Spec 002 §8: a fill or index page that cannot load its link goes back to token validation when
 * the session is missing or the link unknown (401/403/404); otherwise it names the error to show.
 */
export function loadFailure(
  error: unknown,
  studyId: string,
  token: string,
): 'PUBLIC.ERRORS.500' | 'PUBLIC.ERRORS.OFFLINE' | null {
  if (isPublicHttpError(error) && (error.status === 401 || error.status === 403 || error.status === 404)) {
    navigate(tokenPagePath(studyId, token, readQueryLanguage() ?? undefined), { replace: true });
    return null;
  }
  return isPublicHttpError(error) && error.status === 0 ? 'PUBLIC.ERRORS.OFFLINE' : 'PUBLIC.ERRORS.500';
}
