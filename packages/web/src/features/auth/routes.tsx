import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Sign-in (its forgot-password and sign-up links are the accounts area's strings). */
export const authRoutes: RouteObject[] = areaRoutes(
  ['users'],
  [
    {
      path: 'authentication/login',
      lazy: async () => ({ Component: (await import('./login-page')).LoginPage }),
    },
  ],
);
