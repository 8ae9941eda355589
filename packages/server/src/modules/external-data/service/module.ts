import { isModuleEnabled } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { findStudy } from '../../studies/api';

/** Spec 000 §6 paid modules: external data works in studies that have the EXTERNAL_DATA module (409 otherwise). */
export async function assertExternalDataModule(db: Executor, studyId: string): Promise<void> {
  const study = await findStudy(db, studyId);
  if (!study) throw notFound('The study');
  if (!isModuleEnabled(study, 'EXTERNAL_DATA'))
    throw new AppError('PRECONDITION', 'The external data module is not enabled for this study.', {
      context: { module: 'EXTERNAL_DATA' },
    });
}
