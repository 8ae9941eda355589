import type { RouteObject } from 'react-router';

/** Public account routes (sign-up, email verification, forgot and reset password). */
export const accountPublicRoutes: RouteObject[] = [];

/** Signed-in account routes (profile). */
export const accountRoutes: RouteObject[] = [];

/** System-admin account routes, under /admin (user management). */
export const accountAdminRoutes: RouteObject[] = [];
