import type { RouteObject } from 'react-router';

/** Signed-in routes of this area (lazy pages). */
export const formRoutes: RouteObject[] = [];
