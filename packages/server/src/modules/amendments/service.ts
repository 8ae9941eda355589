import { type AmendmentImpact, affectedByAmendment, diffAmendment } from '@trialbase/domain';
import { type Db, withTransaction } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { countImpactPerSite, loadImpactInput } from './repo';

/**
 * Issue 23 item 2 (beyond the spec): the running amendment's impact preview, read in one transaction:
 * the diff against what is published and, per site the caller may see, what it touches under way.
 * Without a running amendment: no start, an empty diff and no sites. 404 for no such study.
 */
export async function readAmendmentImpact(
  db: Db,
  studyId: string,
  sites: 'ALL' | string[],
): Promise<AmendmentImpact> {
  return withTransaction(db, async (tx) => {
    const input = await loadImpactInput(tx, studyId);
    if (!input) throw notFound('The study');
    const diff = diffAmendment(input);
    if (!input.startedAt) return { startedTime: null, isBlocking: null, diff, sites: [] };
    const affected = affectedByAmendment(input.processes, diff, input.formVersionChoices);
    return {
      startedTime: input.startedAt.toISOString(),
      isBlocking: input.isBlocking,
      diff,
      sites: await countImpactPerSite(tx, studyId, affected, sites),
    };
  });
}
