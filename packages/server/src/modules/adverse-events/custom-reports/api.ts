/**
 * What custom AE reports offer the rest of the server (issue 20 item 3): their routes, and whether an
 * AE form holds reports (the forms module refuses to delete it: DELETE_ACTIVE_AE_FORM).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { hasAeReportsOfForm } from './repo';
export { customAeReportRoutes } from './routes';
