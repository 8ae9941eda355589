import { isModuleEnabled } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { findStudy } from '../../studies/api';

/** Spec 000 §6 paid modules: the file vault works in studies that have the FILE_VAULT module (409 otherwise). */
export async function assertVaultModule(db: Executor, studyId: string): Promise<void> {
  const study = await findStudy(db, studyId);
  if (!study) throw notFound('The study');
  if (!isModuleEnabled(study, 'FILE_VAULT'))
    throw new AppError('PRECONDITION', 'The file vault module is not enabled for this study.', {
      context: { module: 'FILE_VAULT' },
    });
}
