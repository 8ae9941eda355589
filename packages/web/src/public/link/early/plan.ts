/**
 * What the early script (early-link.ts) asks for when a participant opens a link, before the app's
 * code has arrived (issue 16 item 5). Pure, so it is tested against the app's router and the
 * domain endpoints (plan.test.ts): an early call is only ever used when the app would make exactly
 * the same call (method, URL and body), so these must be the app's own.
 *
 * Kept free of imports: the early script is a tiny entry of its own and must not pull in any chunk.
 */

/** A call the early script makes and hands to the app's first identical fetch. */
export type EarlyRequest = { method: 'GET' | 'POST'; url: string; body?: string };

/** The link of a page URL: the token page (`/public/:studyId/:token[/update]`) or the fill page. */
export type EarlyLink =
  | { page: 'token'; studyId: string; token: string; forUpdate: boolean }
  | { page: 'fill'; studyId: string; token: string };

const enc = encodeURIComponent;

/** Path segments decoded as the app's router decodes them; null when one cannot be decoded. */
function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname
      .replace(/\/+$/, '')
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

/**
 * The link a page URL opens, matched as the app's route table (app/routes.tsx) matches it: the
 * token page is `/public/:studyId/:token` (3 segments; `/public/success` and
 * `/public/onetimepassword` have 2), its update form `/public/:studyId/:token/update` unless the
 * fixed consent route `/public/consent/:studyId/:tokenId` matches first; the fill page takes
 * `studyId` and `token` from its query as main.tsx does.
 */
export function earlyLinkOf(pathname: string, search: string): EarlyLink | null {
  if (/^\/questionnaire\/fill\/?$/.test(pathname)) {
    const query = new URLSearchParams(search);
    const studyId = query.get('studyId');
    const token = query.get('token');
    return studyId && token ? { page: 'fill', studyId, token } : null;
  }
  const parts = segmentsOf(pathname);
  if (parts?.[0] !== 'public') return null;
  const [, studyId = '', token = ''] = parts;
  if (parts.length === 3) return { page: 'token', studyId, token, forUpdate: false };
  if (parts.length === 4 && parts[3] === 'update' && studyId !== 'consent')
    return { page: 'token', studyId, token, forUpdate: true };
  return null;
}

/**
 * Spec 002 §7 validateToken(Update): what the token page asks for first (getInfo only follows for a
 * link that cannot be opened; the answer brings the consent info when the consent page is next).
 */
export function validateRequest(studyId: string, token: string, forUpdate: boolean): EarlyRequest {
  const validate = forUpdate ? 'validateTokenUpdate' : 'validateToken';
  return {
    method: 'POST',
    url: `/api/public/studies/${enc(studyId)}/token/${validate}`,
    body: JSON.stringify({ token }),
  };
}

/** Spec 002 §7 getProcess and fillState: the fill page's data (they need the link's session). */
export function fillRequests(studyId: string, token: string): EarlyRequest[] {
  return [
    { method: 'GET', url: `/api/public/studies/${enc(studyId)}/tokens/${enc(token)}/getProcess` },
    { method: 'GET', url: `/api/public/studies/${enc(studyId)}/token/${enc(token)}/fillState` },
  ];
}

/** The steps of `info.next` that do not go on to a questionnaire page (app/flow-store.ts). */
const NOT_QUESTIONNAIRE = new Set(['CONSENT', 'ONE_TIME_PASSWORD', 'ECONSENT_SIGN']);

/**
 * The link of a validated token's answer when the app goes on from it to a questionnaire page (the
 * fill or index page, which load getProcess and fillState first) and the answer did not bring that
 * data itself (`fill`, issue 16), else null.
 */
export function questionnaireLinkOf(answer: unknown): { studyId: string; token: string } | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { next, studyId, token, fill } = answer as {
    next?: unknown;
    studyId?: unknown;
    token?: unknown;
    fill?: unknown;
  };
  const tokenString = (token as { token?: unknown } | null)?.token;
  if (typeof next !== 'string' || NOT_QUESTIONNAIRE.has(next)) return null;
  if (typeof fill === 'object' && fill !== null) return null;
  if (typeof studyId !== 'string' || typeof tokenString !== 'string') return null;
  return { studyId, token: tokenString };
}

/** The participant's stored choice of language (app/i18n.ts PUBLIC_STORAGE_KEY). */
export const STORED_LANGUAGE_KEY = 'trialbase.public.language';

const normalize = (code: string) => code.trim().toLowerCase().replaceAll('_', '-');

/**
 * The language the token page will most likely choose for a validated link (spec 002 §2, as
 * token-page.tsx chooses it): the query's or the stored choice when the link offers it, else the
 * participant's or the study's language. Only used to preload strings: a wrong guess costs a
 * download, never a wrong page.
 */
export function likelyLanguageOf(
  answer: unknown,
  query: string | null,
  stored: string | null,
): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { preferredLang, primaryLanguage, languages } = answer as {
    preferredLang?: unknown;
    primaryLanguage?: unknown;
    languages?: unknown;
  };
  const primary = [preferredLang, primaryLanguage].find((code) => typeof code === 'string' && code);
  if (typeof primary !== 'string') return null;
  const offered = Array.isArray(languages)
    ? languages.filter((code): code is string => typeof code === 'string').map(normalize)
    : [];
  const accept = (code: string | null) =>
    code && (offered.length === 0 || offered.includes(normalize(code))) ? normalize(code) : null;
  return accept(query) ?? accept(stored) ?? normalize(primary);
}
