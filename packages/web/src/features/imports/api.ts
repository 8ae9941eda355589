import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ImportRequestInput,
  type ImportResult,
  type ImportSource,
  importEndpoints,
} from '@trialbase/domain';
import { call } from '../../app/http';

export type { ImportResult, ImportSource };

const ENDPOINTS = {
  REDCAP: importEndpoints.redcap,
  FHIR: importEndpoints.fhir,
  ODM: importEndpoints.odm,
} as const;

/** Issue 27: a preview (dry run) or the import of a file into the study's forms. */
export function useImportForms(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, body }: { source: ImportSource; body: ImportRequestInput }) =>
      call(ENDPOINTS[source], { params: { studyId }, body }) as Promise<ImportResult>,
    meta: { localErrors: true },
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: ['forms', studyId] });
    },
  });
}
