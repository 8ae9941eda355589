/**
 * Which URLs are exempt from the global HTTP handling of spec 000 §8 and spec 002 §8:
 * auth calls handle their own 401/404, and public participant pages never redirect to
 * the staff login or the staff 404 page.
 */
const AUTH_API = /^\/api\/auth\//;
const PUBLIC_API = /^\/api\/public\//;
const SYSTEM_API = /^\/api\/system\//;
const PUBLIC_PAGE = /^\/(public|questionnaire)(\/|$)/;
const AUTH_PAGE = /^\/authentication(\/|$)/;
const RESET_PAGE = /reset-?password/i;

function pathOf(url: string): string {
  const start = url.indexOf('://');
  const withoutOrigin = start >= 0 ? url.slice(url.indexOf('/', start + 3)) : url;
  return withoutOrigin.split(/[?#]/)[0] ?? '';
}

/** Spec 000 §8: a 401 on these does not trigger login redirect or re-authentication. */
export function isExemptFrom401(apiUrl: string, pagePath: string): boolean {
  const api = pathOf(apiUrl);
  return AUTH_API.test(api) || PUBLIC_API.test(api) || PUBLIC_PAGE.test(pagePath);
}

/** Spec 000 §8: a 404 on these does not go to the not-found page. */
export function isExemptFrom404(apiUrl: string, pagePath: string): boolean {
  const api = pathOf(apiUrl);
  return (
    AUTH_API.test(api) ||
    PUBLIC_API.test(api) ||
    SYSTEM_API.test(api) ||
    RESET_PAGE.test(api) ||
    PUBLIC_PAGE.test(pagePath) ||
    AUTH_PAGE.test(pagePath) ||
    RESET_PAGE.test(pagePath)
  );
}

/** Only same-origin absolute paths are followed after login, never `//host` or `https://`. */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (AUTH_PAGE.test(value) || /^\/(404|401|500|BRB)(\/|$|\?)/.test(value)) return fallback;
  return value;
}
