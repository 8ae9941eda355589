/** What the medication module offers app.ts (issue 14 item 8): its routes. */
export { medicationRoutes } from './routes';
