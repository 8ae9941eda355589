import {
  type AccessUser,
  type AeAuditEntry,
  type AeListQuery,
  type AeView,
  sitesWithPermission,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { presentAe, presentAeSummary } from '../presenters';
import { type AeRow, findAe, findAeSettings, listAeAudit, listAes, listSignatures, userNames } from '../repo';

/** One AE as answered (GET, and every change's answer); `withAudit` adds its audit history. */
export async function loadAeView(
  db: Executor,
  input: { studyId: string; aeId: string; access: AccessUser | null; now: Date; withAudit?: boolean },
): Promise<AeView> {
  const row = await findAe(db, input.studyId, input.aeId);
  if (!row) throw notFound('The adverse event');
  const [settings, signatures] = await Promise.all([
    findAeSettings(db, input.studyId),
    listSignatures(db, input.studyId, input.aeId),
  ]);
  const names = await userNames(db, [row.createdBy]);
  let audit: AeAuditEntry[] | null = null;
  if (input.withAudit) {
    const events = await listAeAudit(db, input.studyId, input.aeId);
    audit = events.map((e) => ({
      time: e.occurredAt.toISOString(),
      action: e.action,
      actorId: e.actorId,
      actorName: e.actorName,
      reason: e.reason,
      before: e.before ?? null,
      after: e.after ?? null,
    }));
  }
  return presentAe(row, { settings, signatures, names, access: input.access, now: input.now, audit });
}

/** `GET /studies/{studyId}/ae` and a subject's `listAe`: only the sites the caller may list AEs at. */
export async function listAeSummaries(
  db: Executor,
  input: {
    studyId: string;
    access: AccessUser;
    now: Date;
    query: Omit<AeListQuery, 'serious' | 'overdue' | 'includeRemoved'> & {
      serious?: boolean;
      overdue?: boolean;
      includeRemoved?: boolean;
    };
  },
) {
  const sites = sitesWithPermission(input.access, 'AE_LIST', input.studyId);
  const rows = await listAes(db, input.studyId, { ...input.query, sites, now: input.now });
  const [settings, names] = await Promise.all([
    findAeSettings(db, input.studyId),
    userNames(
      db,
      rows.map((r: AeRow) => r.createdBy),
    ),
  ]);
  return rows.map((row) => presentAeSummary(row, settings, names, input.now));
}
