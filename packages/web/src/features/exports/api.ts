import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, type ExportJob, type ExportRequestInput, exportEndpoints } from '@trialbase/domain';
import { call, HttpError } from '../../app/http';

export const exportKeys = {
  list: (studyId: string) => ['exports', studyId] as const,
};

/** GET /studies/{studyId}/exports (issue 26): the caller's exports; polled while one is running. */
export function useExportList(studyId: string, enabled: boolean) {
  return useQuery({
    queryKey: exportKeys.list(studyId),
    queryFn: ({ signal }) => call(exportEndpoints.list, { params: { studyId }, signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.items.some((job: ExportJob) => job.status === 'QUEUED' || job.status === 'RUNNING')
        ? 1000
        : false,
  });
}

/** POST /studies/{studyId}/exports: starts an export in the background. */
export function useStartExport(studyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRequestInput) => call(exportEndpoints.start, { params: { studyId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys.list(studyId) }),
  });
}

/** GET .../exports/{exportId}/download: saves the zip (the requester's own, while it is kept). */
export async function downloadExport(studyId: string, job: ExportJob): Promise<void> {
  const url = buildPath(exportEndpoints.download, { studyId, exportId: job.id });
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/zip' } });
  if (!response.ok) throw new HttpError('GET', url, response.status, null);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = job.fileName ?? `export-${job.id}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
