import { Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { loadStrings, type StringArea } from './i18n';
import { NotFoundPage } from './not-found-page';
import { matchPath, useLocation } from './router';

type PageProps = { params: Record<string, string>; search: URLSearchParams };
type Route = { path: string; page: ComponentType<PageProps> };

/** A lazy page whose chunk, strings (and for forms, zod without eval) load together. */
const page = <K extends string>(
  load: () => Promise<Record<K, ComponentType<PageProps>>>,
  name: K,
  areas: readonly StringArea[],
) =>
  lazy(async () => {
    const withForms = areas.includes('renderer');
    const [module] = await Promise.all([
      load(),
      loadStrings(areas),
      withForms ? import('./zod-config') : null,
    ]);
    return { default: module[name] };
  });

/**
 * Spec 002 §2 route table. Each page is its own chunk, so a participant downloads the code of the
 * page they open. Fixed segments come before the patterns that could also match them.
 */
const ROUTES: Route[] = [
  {
    path: '/public/onetimepassword',
    page: page(() => import('../link/one-time-password-page'), 'OneTimePasswordPage', ['link']),
  },
  { path: '/public/success', page: page(() => import('../signup/success-page'), 'SuccessPage', ['signup']) },
  {
    path: '/public/consent/:studyId/:tokenId',
    page: page(() => import('../link/consent-page'), 'ConsentPage', ['link']),
  },
  {
    path: '/public/:studyId/:token/update',
    page: page(() => import('../link/token-page'), 'TokenUpdatePage', ['link']),
  },
  {
    path: '/public/:studyId/:pathwayId/:siteId/signup',
    page: page(() => import('../signup/sign-up-page'), 'SignUpPage', ['signup', 'link']),
  },
  {
    path: '/public/:studyId/:pathwayId/:pathwayRecordId/unsubscribe',
    page: page(() => import('../unsubscribe/unsubscribe-page'), 'UnsubscribePage', [
      'unsubscribe',
      'signup',
      'link',
    ]),
  },
  { path: '/public/:studyId/:token', page: page(() => import('../link/token-page'), 'TokenPage', ['link']) },
  {
    path: '/questionnaire/fill',
    page: page(() => import('../questionnaire/fill-page'), 'FillPage', ['questionnaire', 'renderer', 'link']),
  },
  {
    path: '/questionnaire/index',
    page: page(() => import('../questionnaire/index-page'), 'IndexPage', [
      'questionnaire',
      'renderer',
      'link',
    ]),
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
