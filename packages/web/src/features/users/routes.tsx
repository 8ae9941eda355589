import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Public account routes (sign-up, email verification, forgot and reset password; spec 000 §2). */
export const accountPublicRoutes: RouteObject[] = areaRoutes(
  ['users'],
  [
    {
      path: 'authentication/signup',
      lazy: async () => ({ Component: (await import('./signup-page')).SignupPage }),
    },
    {
      path: 'authentication/verify',
      lazy: async () => ({ Component: (await import('./verify-page')).VerifyPage }),
    },
    {
      path: 'authentication/forgot',
      lazy: async () => ({ Component: (await import('./forgot-page')).ForgotPage }),
    },
    {
      path: 'authentication/reset',
      lazy: async () => ({ Component: (await import('./reset-page')).ResetPage }),
    },
  ],
);

/** Signed-in account routes (spec 001 §2 `/profile/{id}?selectedOption`). */
export const accountRoutes: RouteObject[] = areaRoutes(
  ['users'],
  [{ path: 'profile/:id', lazy: async () => ({ Component: (await import('./profile-page')).ProfilePage }) }],
);

/** System-admin account routes, under /admin (user management). */
export const accountAdminRoutes: RouteObject[] = areaRoutes(
  ['users'],
  [{ path: 'users', lazy: async () => ({ Component: (await import('./admin-users-page')).AdminUsersPage }) }],
);
