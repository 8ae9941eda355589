import type { CasebookJob, CasebookStatus } from '@trialbase/domain';
import type { CasebookJobInfo } from './repo';

/** What leaves the server of a casebook (issue 27 item 4): never the access it was printed with. */
export function presentCasebookJob(row: CasebookJobInfo, now: Date): CasebookJob {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    studyId: row.studyId,
    subjectId: row.subjectId,
    language: row.language,
    status: row.status as CasebookStatus,
    progress: { done: row.progressDone, total: row.progressTotal },
    fileName: expired ? null : row.fileName,
    fileSize: expired ? null : row.fileSize,
    pageCount: row.pageCount,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
