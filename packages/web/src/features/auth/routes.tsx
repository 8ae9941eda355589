import type { RouteObject } from 'react-router';

export const authRoutes: RouteObject[] = [
  {
    path: 'authentication/login',
    lazy: async () => ({ Component: (await import('./login-page')).LoginPage }),
  },
];
