import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, type ExportJob, type ExportRequestInput, exportEndpoints } from '@trialbase/domain';
import { downloadFile } from '../../app/download';
import { call } from '../../app/http';

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
export function downloadExport(studyId: string, job: ExportJob): Promise<void> {
  return downloadFile(buildPath(exportEndpoints.download, { studyId, exportId: job.id }), {
    accept: 'application/zip',
    fallbackName: job.fileName ?? `export-${job.id}.zip`,
  });
}
