/**
 * What the external-data module offers the other modules (issue 28 item 4): its routes.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { externalDataRoutes } from './routes';
