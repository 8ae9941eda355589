import type { RouteObject } from 'react-router';

/** Stock pages, lazy so they stay out of the first download. */
export const errorRoutes: RouteObject[] = [
  { path: '404', lazy: async () => ({ Component: (await import('./error-pages')).NotFoundPage }) },
  { path: '401', lazy: async () => ({ Component: (await import('./error-pages')).AccessDeniedPage }) },
  { path: '500', lazy: async () => ({ Component: (await import('./error-pages')).ServerErrorPage }) },
  { path: 'BRB', lazy: async () => ({ Component: (await import('./maintenance-page')).MaintenancePage }) },
];
