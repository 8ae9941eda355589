import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the file vault (issue 28 item 3: /study/{studyId}/documents). */
export const fileVaultRoutes: RouteObject[] = areaRoutes(
  ['file-vault'],
  [
    {
      path: 'study/:studyId/documents',
      lazy: async () => ({ Component: (await import('./vault-page')).VaultPage }),
    },
  ],
);
