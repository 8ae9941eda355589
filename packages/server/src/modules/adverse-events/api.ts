/**
 * What the adverse-events module offers the other modules and app.ts (issue 14 item 8): its routes
 * and the serious-event clock's sweep job (issue 20 item 5).
 */
export { AE_CLOCK_QUEUE, adverseEventRoutes } from './routes';
export { AE_CLOCK_CRON, runAeClockSweep } from './service/sweep';
