import type { PublicTokenInfo } from '@trialbase/domain';

/**
 * Spec 002 §3: the questionnaire info of a validated link is kept in session storage (study id,
 * token, languages, date formats, licences, event type and send-out, consent file, enrollment)
 * so the consent, one-time-password, fill and index pages can continue the flow.
 */
const INFO_KEY = 'trialbase.public.tokenInfo';
const DONE_KEY = 'trialbase.public.questionnaireDone';

export function saveTokenInfo(info: PublicTokenInfo & { fill?: unknown; consent?: unknown }): void {
  // The next page's data that may come with it is taken once by that page (questionnaire/process-api.ts
  // seedFill, link/consent-info.ts seedConsentInfo), not kept.
  const { fill: _fill, consent: _consent, ...kept } = info;
  try {
    window.sessionStorage.setItem(INFO_KEY, JSON.stringify(kept));
    window.sessionStorage.setItem(DONE_KEY, 'false');
  } catch {
    // Storage disabled: the pages fall back to validating the link again.
  }
}

export function readTokenInfo(): PublicTokenInfo | null {
  try {
    const raw = window.sessionStorage.getItem(INFO_KEY);
    return raw ? (JSON.parse(raw) as PublicTokenInfo) : null;
  } catch {
    return null;
  }
}

export function markQuestionnaireDone(isDone: boolean): void {
  try {
    window.sessionStorage.setItem(DONE_KEY, String(isDone));
  } catch {
    // ignore
  }
}

export function isQuestionnaireDone(): boolean {
  try {
    return window.sessionStorage.getItem(DONE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The token validation page of a link (where errors and a lost session send the participant). */
export function tokenPagePath(studyId: string, token: string, lang?: string): string {
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
  return `/public/${encodeURIComponent(studyId)}/${encodeURIComponent(token)}${query}`;
}

/**
 * Spec 002 §2 consent page, §4 public flow: where the participant goes next after the link was
 * validated, consent given or the code accepted (`info.next` comes from the server).
 */
export function nextPublicPath(info: PublicTokenInfo, lang: string): string {
  const studyId = encodeURIComponent(info.studyId);
  const token = encodeURIComponent(info.token.token);
  const language = encodeURIComponent(lang);
  switch (info.next) {
    case 'CONSENT':
      return `/public/consent/${studyId}/${encodeURIComponent(info.token.id)}?lang=${language}`;
    case 'ONE_TIME_PASSWORD':
      return `/public/onetimepassword?lang=${language}`;
    case 'QUESTIONNAIRE_FILL':
      return `/questionnaire/fill?studyId=${studyId}&token=${token}&lang=${language}`;
    case 'QUESTIONNAIRE_UPDATE':
      return `/questionnaire/fill?studyId=${studyId}&token=${token}&lang=${language}&update=true`;
    case 'ECONSENT_SIGN':
      return `/public/${studyId}/econsent/sign/${encodeURIComponent(info.token.id)}/${token}?lang=${language}`;
    default:
      return `/questionnaire/index?studyId=${studyId}&token=${token}&lang=${language}`;
  }
}
