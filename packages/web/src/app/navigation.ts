/**
 * Lets code outside React (the HTTP error handler) navigate through the router, so a
 * redirect keeps the single-page app instead of reloading it.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function loginPathFor(returnTo: string): string {
  const isHome = returnTo === '/' || returnTo === '' || returnTo.startsWith('/authentication');
  return isHome ? '/authentication/login' : `/authentication/login?redirect=${encodeURIComponent(returnTo)}`;
}
