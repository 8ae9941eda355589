import { Loader } from '@mantine/core';
import { type ComponentType, Suspense, use } from 'react';
import { loadStrings, type StringArea } from './i18n';
import { NotFoundPage } from './not-found-page';
import { matchPath, useLocation } from './router';

type PageProps = { params: Record<string, string>; search: URLSearchParams };
type PageModule = { default: ComponentType<PageProps> };
type Route = {
  path: string;
  preload: () => Promise<PageModule>;
  /** The page's module once it has arrived: drawn at once, without suspending. */
  loaded: () => PageModule | null;
};

/**
 * A lazy page whose chunk and strings load together. The load is started once: by rendering the
 * page, or earlier by `preloadPage` (issue 16 item 5: the fill page's code downloads while the
 * link is being validated). A failed load may be tried again.
 * A page whose load has finished renders without suspending: React reveals content that suspended
 * no sooner than 300 ms after its fallback, which a preloaded page need not wait for.
 */
const page = <K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType<PageProps>>>,
  name: K,
  areas: readonly StringArea[],
): Route => {
  let pending: Promise<PageModule> | null = null;
  let loaded: PageModule | null = null;
  const preload = () => {
    pending ??= (async () => {
      const [module] = await Promise.all([load(), loadStrings(areas)]);
      loaded = { default: module[name] };
      return loaded;
    })().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return { path, preload, loaded: () => loaded };
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
 * navigation to it waits for no chunk. Resolves once they are there, or the download failed (the
 * page itself then loads, or reports, them when it is rendered); unknown paths resolve at once.
 */
export function preloadPage(pathname: string): Promise<void> {
  const found = routeOf(pathname);
  if (!found) return Promise.resolve();
  return found.route.preload().then(
    () => undefined,
    () => undefined,
  );
}

export function PublicRoutes() {
  const location = useLocation();
  const found = routeOf(location.pathname);
  if (!found) return <NotFoundPage />;
  return (
    <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
      <RoutePage route={found.route} params={found.params} search={location.search} />
    </Suspense>
  );
}

/** A route's page: drawn at once when its load has finished, else suspended until it has. */
function RoutePage({ route, ...props }: PageProps & { route: Route }) {
  const Page = (route.loaded() ?? use(route.preload())).default;
  return <Page {...props} />;
}

export type { PageProps };
