import { Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { loadRendererStrings } from './i18n';
import { NotFoundPage } from './not-found-page';
import { matchPath, useLocation } from './router';

type PageProps = { params: Record<string, string>; search: URLSearchParams };
type Route = { path: string; page: ComponentType<PageProps> };

const named = <K extends string>(load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Questionnaire pages render forms: the form renderer's strings load with them. */
const withRenderer = <K extends string>(load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K) =>
  lazy(async () => {
    const [page] = await Promise.all([load(), loadRendererStrings(), import('./zod-config')]);
    return { default: page[name] };
  });

/**
 * Spec 002 §2 route table. Each page is its own chunk, so a participant downloads the code of the
 * page they open. Fixed segments come before the patterns that could also match them.
 */
const ROUTES: Route[] = [
  {
    path: '/public/onetimepassword',
    page: named(() => import('../link/one-time-password-page'), 'OneTimePasswordPage'),
  },
  { path: '/public/success', page: named(() => import('../signup/success-page'), 'SuccessPage') },
  {
    path: '/public/consent/:studyId/:tokenId',
    page: named(() => import('../link/consent-page'), 'ConsentPage'),
  },
  {
    path: '/public/:studyId/:token/update',
    page: named(() => import('../link/token-page'), 'TokenUpdatePage'),
  },
  {
    path: '/public/:studyId/:pathwayId/:siteId/signup',
    page: named(() => import('../signup/sign-up-page'), 'SignUpPage'),
  },
  {
    path: '/public/:studyId/:pathwayId/:pathwayRecordId/unsubscribe',
    page: named(() => import('../unsubscribe/unsubscribe-page'), 'UnsubscribePage'),
  },
  { path: '/public/:studyId/:token', page: named(() => import('../link/token-page'), 'TokenPage') },
  { path: '/questionnaire/fill', page: withRenderer(() => import('../questionnaire/fill-page'), 'FillPage') },
  {
    path: '/questionnaire/index',
    page: withRenderer(() => import('../questionnaire/index-page'), 'IndexPage'),
  },
];

export function PublicRoutes() {
  const location = useLocation();
  for (const route of ROUTES) {
    const params = matchPath(route.path, location.pathname);
    if (params) {
      const Page = route.page;
      return (
        <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
          <Page params={params} search={location.search} />
        </Suspense>
      );
    }
  }
  return <NotFoundPage />;
}

export type { PageProps };
