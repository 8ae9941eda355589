import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Jobs } from '../jobs/boss';

/** What every module's routes receive from buildApp. */
export type ModuleDeps = {
  db: Db;
  database: Database;
  config: Config;
  /** Background jobs, available once the app is ready (null before, or when off). */
  jobs: () => Jobs | null;
  /** The current time: services take `now` from here, never from `Date.now()` (tests inject a clock). */
  clock: () => Date;
};
