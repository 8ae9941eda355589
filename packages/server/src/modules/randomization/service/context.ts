/** What every randomization use case reads first: the study (module, status) and the process with its configuration. */
import {
  isModuleEnabled,
  type Process,
  ProcessSchema,
  type RandomizationConfig,
  randomizationConfigOf,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { lockProcessRow } from '../../processes/api';
import { findProcessRow, findRandomizationStudy } from '../repo';

export type RandomizationStudy = NonNullable<Awaited<ReturnType<typeof findRandomizationStudy>>>;

export async function requireStudy(db: Executor, studyId: string): Promise<RandomizationStudy> {
  const study = await findRandomizationStudy(db, studyId);
  if (!study) throw notFound('The study');
  return study;
}

/** Spec 001 §6: randomization needs module access; without it 409 PRECONDITION naming the module. */
export function assertModule(study: RandomizationStudy): void {
  if (!isModuleEnabled(study, 'RANDOMIZATION')) {
    throw new AppError(
      'PRECONDITION',
      'The randomization module is not enabled for this study. A system administrator can add it.',
      { context: { module: 'RANDOMIZATION' } },
    );
  }
}

export type LoadedRandomization = {
  revision: number;
  process: Process;
  config: RandomizationConfig;
  /** The process's TYPE_RANDOMIZATION data event (the first one), or null. */
  randomizationEventId: string | null;
};

function loaded(row: {
  id: string;
  document: Record<string, unknown>;
  revision: number;
}): LoadedRandomization {
  const process = ProcessSchema.parse({ ...row.document, id: row.id });
  return {
    revision: row.revision,
    process,
    config: randomizationConfigOf(process),
    randomizationEventId: process.dataEvents.find((e) => e.type === 'TYPE_RANDOMIZATION')?.id ?? null,
  };
}

/** The live process with its configuration; 404 'The process'. */
export async function loadRandomization(
  db: Executor,
  studyId: string,
  processId: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<LoadedRandomization> {
  const row = options.lock
    ? await lockProcessRow(db, studyId, processId, options.lock)
    : await findProcessRow(db, studyId, processId);
  if (!row) throw notFound('The process');
  return loaded(row);
}
