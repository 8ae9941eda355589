/** What app.ts uses of the casebooks module: its routes, its queue and the sweep the job runs. */
export { casebookRoutes } from './routes';
export { CASEBOOK_QUEUE, runCasebookSweep } from './service/run-casebook';
