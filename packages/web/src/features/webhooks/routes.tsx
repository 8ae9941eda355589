import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of the webhooks area (issue 28 item 1: /study/{studyId}/webhooks, the state webHooks). */
export const webhookRoutes: RouteObject[] = areaRoutes(
  ['webhooks'],
  [
    {
      path: 'study/:studyId/webhooks',
      lazy: async () => ({ Component: (await import('./webhooks-page')).WebhooksPage }),
    },
  ],
);
