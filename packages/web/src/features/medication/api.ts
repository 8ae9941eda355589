import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CorrectAccountingRequest,
  type CreateAccountingRequest,
  type CreateMedicationRequest,
  type MedicationStudyListQuery,
  medicationEndpoints,
  type UpdateMedicationRequest,
  type VerificationRound,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call, endpointUrl } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';

export const medicationKeys = {
  all: (studyId: string) => ['medication', studyId] as const,
  ofSubject: (studyId: string, subjectId: string) => ['medication', studyId, 'subject', subjectId] as const,
  detail: (studyId: string, subjectId: string, id: string, isAudit: boolean) =>
    ['medication', studyId, 'detail', subjectId, id, isAudit] as const,
  accounting: (studyId: string, subjectId: string) =>
    ['medication', studyId, 'accounting', subjectId] as const,
  list: (studyId: string, query: MedicationStudyListQuery) => ['medication', studyId, 'list', query] as const,
  sites: (studyId: string) => ['medication', studyId, 'sites'] as const,
};

type Signed<T> = T & { password: string | undefined };

function useInvalidateMedication(studyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: medicationKeys.all(studyId) });
}

/** GET /studies/{studyId}/patient/{id}/medication (spec 001 §2 medication tab). */
export function useSubjectMedications(studyId: string, subjectId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: medicationKeys.ofSubject(studyId, subjectId),
    queryFn: ({ signal }) =>
      call(medicationEndpoints.list, { params: { studyId, id: subjectId }, query: {}, signal }),
    ...gatedQueryOptions(gate, subjectId !== ''),
  });
}

/** GET /studies/{studyId}/subjects/{subjectId}/medications/{medicationId}?isAudit: one record (with history). */
export function useMedication(studyId: string, subjectId: string, medicationId: string, isAudit = false) {
  return useQuery({
    queryKey: medicationKeys.detail(studyId, subjectId, medicationId, isAudit),
    queryFn: ({ signal }) =>
      call(medicationEndpoints.get, {
        params: { studyId, subjectId, medicationId },
        query: isAudit ? { isAudit: 'true' } : {},
        signal,
      }),
    enabled: medicationId !== '',
  });
}

/** POST /studies/{studyId}/patient/{id}/medication (Extended-Validation header). */
export function useCreateMedication(studyId: string, subjectId: string) {
  const invalidate = useInvalidateMedication(studyId);
  return useMutation({
    mutationFn: ({ body, password }: Signed<{ body: CreateMedicationRequest }>) =>
      call(medicationEndpoints.create, {
        params: { studyId, id: subjectId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

/** PUT /studies/{studyId}/patient/{id}/medication (Extended-Validation header); clears the verification. */
export function useUpdateMedication(studyId: string, subjectId: string) {
  const invalidate = useInvalidateMedication(studyId);
  return useMutation({
    mutationFn: ({ body, password }: Signed<{ body: UpdateMedicationRequest }>) =>
      call(medicationEndpoints.update, {
        params: { studyId, id: subjectId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

/** PUT .../medications/{medicationId}/verification/{primary|secondary}. */
export function useVerifyMedication(studyId: string, subjectId: string, medicationId: string) {
  const invalidate = useInvalidateMedication(studyId);
  return useMutation({
    mutationFn: ({ round, verified }: { round: VerificationRound; verified: boolean }) =>
      call(medicationEndpoints.verify, {
        params: { studyId, subjectId, medicationId, verificationType: round },
        body: { verified },
      }),
    onSuccess: invalidate,
  });
}

/** GET /studies/{studyId}/patient/{id}/medicationAccounting: entries, balance, compliance. */
export function useSubjectAccounting(studyId: string, subjectId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: medicationKeys.accounting(studyId, subjectId),
    queryFn: ({ signal }) =>
      call(medicationEndpoints.accounting, { params: { studyId, id: subjectId }, query: {}, signal }),
    ...gatedQueryOptions(gate, subjectId !== ''),
  });
}

/** POST /studies/{studyId}/patient/{id}/medicationAccounting (Extended-Validation header). */
export function useCreateAccounting(studyId: string, subjectId: string) {
  const invalidate = useInvalidateMedication(studyId);
  return useMutation({
    mutationFn: ({ body, password }: Signed<{ body: CreateAccountingRequest }>) =>
      call(medicationEndpoints.createAccounting, {
        params: { studyId, id: subjectId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

/** POST .../medicationAccounting/{entryId}/correction (Extended-Validation header). */
export function useCorrectAccounting(studyId: string, subjectId: string) {
  const invalidate = useInvalidateMedication(studyId);
  return useMutation({
    mutationFn: ({ entryId, body, password }: Signed<{ entryId: string; body: CorrectAccountingRequest }>) =>
      call(medicationEndpoints.correctAccounting, {
        params: { studyId, id: subjectId, entryId },
        body,
        headers: extendedValidationHeaders(password),
      }),
    onSuccess: invalidate,
  });
}

/** GET /studies/{studyId}/medication: the study-wide listing (issue 21 item 3). */
export function useStudyMedication(studyId: string, query: MedicationStudyListQuery) {
  return useQuery({
    queryKey: medicationKeys.list(studyId, query),
    queryFn: ({ signal }) => call(medicationEndpoints.studyList, { params: { studyId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /studies/{studyId}/medicationAccounting/sites: totals per site and package (monitor). */
export function useSiteAccounting(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: medicationKeys.sites(studyId),
    queryFn: ({ signal }) => call(medicationEndpoints.siteAccounting, { params: { studyId }, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** The CSV export's address with the listing's filters (a plain same-origin download). */
export function medicationCsvUrl(studyId: string, query: MedicationStudyListQuery): string {
  const { page: _page, pageSize: _size, ...filters } = query;
  return endpointUrl(medicationEndpoints.studyExport, { studyId }, filters);
}
