import type { RouteObject } from 'react-router';

/** System administration screens (children of /admin, system administrators only). */
export const adminRoutes: RouteObject[] = [
  { path: 'outbox', lazy: async () => ({ Component: (await import('./outbox-page')).OutboxPage }) },
  { path: 'audit', lazy: async () => ({ Component: (await import('./audit-page')).AuditPage }) },
];
