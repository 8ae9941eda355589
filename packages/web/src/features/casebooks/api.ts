import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, type CasebookJob, casebookEndpoints } from '@trialbase/domain';
import { downloadFile } from '../../app/download';
import { call } from '../../app/http';

export const casebookKeys = {
  list: (studyId: string, subjectId: string) => ['casebooks', studyId, subjectId] as const,
};

const isRunning = (job: CasebookJob) => job.status === 'QUEUED' || job.status === 'RUNNING';

/** GET …/patient/{id}/casebooks (issue 27 item 4): the caller's casebooks of a subject; polled while one prints. */
export function useCasebooks(studyId: string, subjectId: string, enabled: boolean) {
  return useQuery({
    queryKey: casebookKeys.list(studyId, subjectId),
    queryFn: ({ signal }) => call(casebookEndpoints.list, { params: { studyId, id: subjectId }, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? 1000 : false),
  });
}

/** POST …/patient/{id}/casebooks: prints at once (small) or queues (large). */
export function useStartCasebook(studyId: string, subjectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: string) =>
      call(casebookEndpoints.start, { params: { studyId, id: subjectId }, body: { language } }),
    onSuccess: () => client.invalidateQueries({ queryKey: casebookKeys.list(studyId, subjectId) }),
  });
}

/** GET …/casebooks/{casebookId}/download: saves the PDF (the requester's own; audited). */
export function downloadCasebook(studyId: string, job: CasebookJob): Promise<void> {
  return downloadFile(buildPath(casebookEndpoints.download, { studyId, casebookId: job.id }), {
    accept: 'application/pdf',
    fallbackName: job.fileName ?? `casebook-${job.id}.pdf`,
  });
}

/** GET …/questionnairetemplate/{formId}/pdf?language: saves the blank form PDF. */
export function downloadBlankForm(studyId: string, formId: string, language: string): Promise<void> {
  const path = buildPath(casebookEndpoints.blankForm, { studyId, formId });
  return downloadFile(`${path}?language=${encodeURIComponent(language)}`, {
    accept: 'application/pdf',
    fallbackName: `blank-form-${formId}.pdf`,
  });
}
