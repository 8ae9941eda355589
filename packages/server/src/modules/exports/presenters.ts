import { type ExportJob, ExportRequestSchema, type ExportStatus } from '@trialbase/domain';
import type { ExportJobRow } from './repo';

/** What leaves the server of an export (issue 26): never its scope or the requester's id. */
export function presentExportJob(row: ExportJobRow, now: Date): ExportJob {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    studyId: row.studyId,
    status: row.status as ExportStatus,
    request: ExportRequestSchema.parse(row.request),
    progress: { done: row.progressDone, total: row.progressTotal },
    fileName: expired ? null : row.fileName,
    fileSize: expired ? null : row.fileSize,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
