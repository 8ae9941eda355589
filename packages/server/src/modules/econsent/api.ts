/** What the e-consent module offers app.ts (issue 14 item 8): its routes. */
export { econsentRoutes } from './routes';
