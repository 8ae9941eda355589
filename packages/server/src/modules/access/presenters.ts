import type { StudyAccess, StudyRole } from '@trialbase/domain';
import type { StudyAccessRow } from './repo';

/** What leaves the server of an access row (CONVENTIONS.md presenters whitelist fields). */
export function presentAccess(row: StudyAccessRow, names: Map<string, string>): StudyAccess {
  return {
    id: row.id,
    studyId: row.studyId,
    email: row.email,
    userId: row.userId,
    name: row.userId ? (names.get(row.userId) ?? null) : null,
    role: row.role as StudyRole,
    siteIds: row.siteIds,
    status: row.status,
    invitedBy: row.invitedBy,
    invitedByName: names.get(row.invitedBy) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** User ids whose names an access list shows: the members and who invited them. */
export function userIdsOf(rows: StudyAccessRow[]): string[] {
  return rows.flatMap((row) => (row.userId ? [row.userId, row.invitedBy] : [row.invitedBy]));
}
