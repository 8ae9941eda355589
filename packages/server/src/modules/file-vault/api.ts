/**
 * What the file-vault module offers the other modules (issue 28 item 3): its routes.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { fileVaultRoutes } from './routes';
