/** What app.ts uses of the exports module: its queue and the sweep the job runs. */
export { EXPORT_QUEUE, runExportSweep } from './service/run-export';
