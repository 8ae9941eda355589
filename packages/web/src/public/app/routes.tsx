import { Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { loadStrings, type StringArea } from './i18n';
import { NotFoundPage } from './not-found-page';
import { matchPath, useLocation } from './router';

type PageProps = { params: Record<string, string>; search: URLSearchParams };
type PageModule = { default: ComponentType<PageProps> };
type Route = { path: string; page: ComponentType<PageProps>; preload: () => Promise<PageModule> };

/**
 * A lazy page whose chunk, strings (and for forms, zod without eval) load together. The load is
 * started once: by rendering the page, or earlier by `preloadPage` (issue 16 item 5: the fill
 * page's code downloads while the link is being validated). A failed load may be tried again.
 */
const page = <K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType<PageProps>>>,
  name: K,
  areas: readonly StringArea[],
): Route => {
  let pending: Promise<PageModule> | null = null;
  const preload = () => {
    pending ??= (async () => {
      const withForms = areas.includes('renderer');
      const [module] = await Promise.all([
        load(),
        loadStrings(areas),
        withForms ? import('./zod-config') : null,
      ]);
      return { default: module[name] };
    })().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return { path, page: lazy(preload), preload };
};

/**
 * Spec 002 §2 route table. Each page is its own chunk, so a participant downloads the code of the
 * page they open. Fixed segments come before the patterns that could also match them.
 */
const ROUTES: Route[] = [
  page('/public/onetimepassword', () => import('../link/one-time-password-page'), 'OneTimePasswordPage', [
    'link',
  ]),
  page('/public/success', () => import('../signup/success-page'), 'SuccessPage', ['signup']),
  page('/public/consent/:studyId/:tokenId', () => import('../link/consent-page'), 'ConsentPage', ['link']),
  page(
    '/public/:studyId/econsent/sign/:tokenId/:tokenString',
    () => import('../econsent/sign-page'),
    'EConsentSignPage',
    ['econsent', 'link'],
  ),
  page(
    '/public/:studyId/econsent/sign-explicit/:tokenId/:tokenString',
    () => import('../econsent/sign-page'),
    'EConsentSignExplicitPage',
    ['econsent', 'link'],
  ),
  page('/public/:studyId/econsent/fill/:tokenId', () => import('../econsent/fill-page'), 'EConsentFillPage', [
    'econsent',
    'link',
  ]),
  page('/public/:studyId/:token/update', () => import('../link/token-page'), 'TokenUpdatePage', ['link']),
  page('/public/:studyId/:pathwayId/:siteId/signup', () => import('../signup/sign-up-page'), 'SignUpPage', [
    'signup',
    'link',
  ]),
  page(
    '/public/:studyId/:pathwayId/:pathwayRecordId/unsubscribe',
    () => import('../unsubscribe/unsubscribe-page'),
    'UnsubscribePage',
    ['unsubscribe', 'signup', 'link'],
  ),
  page('/public/:studyId/:token', () => import('../link/token-page'), 'TokenPage', ['link']),
  page('/questionnaire/fill', () => import('../questionnaire/fill-page'), 'FillPage', [
    'questionnaire',
    'renderer',
    'link',
  ]),
  page('/questionnaire/index', () => import('../questionnaire/index-page'), 'IndexPage', [
    'questionnaire',
    'renderer',
    'link',
  ]),
];

/** The route of a path, first match wins (fixed segments are listed before patterns). */
function routeOf(pathname: string): { route: Route; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/**
 * Starts downloading a page's code and strings before it is shown (issue 16 item 5), so the
 * navigation to it waits for no chunk. Unknown paths and failed downloads are ignored here: the
 * page itself loads (or reports) them when it is rendered.
 */
export function preloadPage(pathname: string): void {
  routeOf(pathname)
    ?.route.preload()
    .catch(() => undefined);
}

export function PublicRoutes() {
  const location = useLocation();
  const found = routeOf(location.pathname);
  if (!found) return <NotFoundPage />;
  const Page = found.route.page;
  return (
    <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
      <Page params={found.params} search={location.search} />
    </Suspense>
  );
}

export type { PageProps };
