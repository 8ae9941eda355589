import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateMedicationRequest, medicationEndpoints } from '@trialbase/domain';
import { extendedValidationHeaders } from '../../../app/extended-validation';
import { call } from '../../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../../app/query-gate';

/** Under the study's medication key, so any medication change elsewhere refreshes the picker too. */
export const medicationRefKeys = {
  all: (studyId: string) => ['medication', studyId] as const,
  ofSubject: (studyId: string, subjectId: string) => ['medication', studyId, 'subject', subjectId] as const,
};

/** GET /studies/{studyId}/patient/{id}/medication (issue 21 item 4): the subject's records to link. */
export function useSubjectMedications(studyId: string, subjectId: string | undefined, gate?: QueryGate) {
  return useQuery({
    queryKey: medicationRefKeys.ofSubject(studyId, subjectId ?? ''),
    queryFn: ({ signal }) =>
      call(medicationEndpoints.list, { params: { studyId, id: subjectId ?? '' }, query: {}, signal }),
    ...gatedQueryOptions(gate, subjectId !== undefined && subjectId !== ''),
  });
}

/** POST /studies/{studyId}/patient/{id}/medication, always signed with the password (spec 001 §6). */
export function useCreateSubjectMedication(studyId: string, subjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, password }: { body: CreateMedicationRequest; password: string | undefined }) =>
      call(medicationEndpoints.create, {
        params: { studyId, id: subjectId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationRefKeys.all(studyId) }),
  });
}
