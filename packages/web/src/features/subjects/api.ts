import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateSubject,
  type EnrollmentCreateItem,
  enrollmentEndpoints,
  type SubjectListQuery,
  subjectEndpoints,
  tokenEndpoints,
  type UnscheduledEventBody,
  type UpdateSubject,
  userEndpoints,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call, isHttpError } from '../../app/http';

export const subjectKeys = {
  all: (studyId: string) => ['subjects', studyId] as const,
  list: (studyId: string, query: SubjectListQuery) => ['subjects', studyId, 'list', query] as const,
  detail: (studyId: string, id: string) => ['subjects', studyId, 'detail', id] as const,
  expectedId: (studyId: string, siteId: string) => ['subjects', studyId, 'expected-id', siteId] as const,
  enrollments: (studyId: string, id: string) => ['subjects', studyId, 'enrollments', id] as const,
  unscheduledForms: (studyId: string, enrollmentId: string) =>
    ['subjects', studyId, 'unscheduled-forms', enrollmentId] as const,
  history: (studyId: string, id: string) => ['subjects', studyId, 'history', id] as const,
  tableSettings: (studyId: string, userId: string) =>
    ['subjects', studyId, 'table-settings', userId] as const,
};

/** POST /studies/{studyId}/patient/list (spec 001 §2): searched, filtered, sorted, paged. */
export function useSubjectList(studyId: string, query: SubjectListQuery) {
  return useQuery({
    queryKey: subjectKeys.list(studyId, query),
    queryFn: ({ signal }) => call(subjectEndpoints.list, { params: { studyId }, body: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /studies/{studyId}/patient/{id}: the subject, redacted for the caller, with abilities. */
export function useSubject(studyId: string, id: string | undefined) {
  return useQuery({
    queryKey: subjectKeys.detail(studyId, id ?? 'new'),
    queryFn: ({ signal }) => call(subjectEndpoints.get, { params: { studyId, id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/**
 * GET /studies/{studyId}/patient/{id}/audit (spec 001 §2 record history): the latest audit entries
 * about the subject and its records, newest first; question and form names in `language` where the
 * form has it.
 */
export function useSubjectHistory(studyId: string, id: string, language: string) {
  return useQuery({
    queryKey: [...subjectKeys.history(studyId, id), language],
    queryFn: ({ signal }) =>
      call(subjectEndpoints.history, { params: { studyId, id }, query: { language }, signal }),
    staleTime: 0,
    meta: { localErrors: true },
  });
}

/** GET /studies/{studyId}/sites/{siteId}/expectedSubjectId: the id the next subject gets. */
export function useExpectedSubjectId(studyId: string, siteId: string | null) {
  return useQuery({
    queryKey: subjectKeys.expectedId(studyId, siteId ?? ''),
    queryFn: ({ signal }) =>
      call(subjectEndpoints.expectedSubjectId, { params: { studyId, siteId: siteId ?? '' }, signal }),
    enabled: siteId !== null,
    meta: { localErrors: true },
  });
}

function useInvalidateSubjects(studyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subjectKeys.all(studyId) });
}

/** POST /studies/{studyId}/sites/{siteId}/patients: answers a list holding the new subject. */
export function useCreateSubject(studyId: string) {
  const invalidate = useInvalidateSubjects(studyId);
  return useMutation({
    mutationFn: ({ siteId, body }: { siteId: string; body: CreateSubject }) =>
      call(subjectEndpoints.create, { params: { studyId, siteId }, body }),
    meta: { localErrors: true },
    onSuccess: invalidate,
  });
}

/** PUT /studies/{studyId}/patient/{id}: absent fields and REDACTED values stay unchanged. */
export function useUpdateSubject(studyId: string, id: string) {
  const invalidate = useInvalidateSubjects(studyId);
  return useMutation({
    mutationFn: (body: UpdateSubject) => call(subjectEndpoints.update, { params: { studyId, id }, body }),
    meta: { localErrors: true },
    onSuccess: invalidate,
  });
}

/** DELETE /studies/{studyId}/patient/{id}. */
export function useDeleteSubject(studyId: string) {
  const invalidate = useInvalidateSubjects(studyId);
  return useMutation({
    mutationFn: (id: string) => call(subjectEndpoints.delete, { params: { studyId, id } }),
    meta: { localErrors: true },
    onSuccess: invalidate,
  });
}

/** POST /studies/{studyId}/patient/{id}/archive or /unarchive. */
export function useSetSubjectArchived(studyId: string) {
  const invalidate = useInvalidateSubjects(studyId);
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      call(archived ? subjectEndpoints.archive : subjectEndpoints.unarchive, { params: { studyId, id } }),
    meta: { localErrors: true },
    onSuccess: invalidate,
  });
}

/** POST /studies/{studyId}/sites/{siteId}/patients/import: all rows or none. */
export function useImportSubjects(studyId: string) {
  const invalidate = useInvalidateSubjects(studyId);
  return useMutation({
    mutationFn: ({ siteId, csv }: { siteId: string; csv: string }) =>
      call(subjectEndpoints.import, { params: { studyId, siteId }, body: { csv } }),
    meta: { localErrors: true },
    onSuccess: invalidate,
  });
}

/** GET /studies/{studyId}/enrollments/subjects/{subjectId}: the subject's enrollments with tokens. */
export function useSubjectEnrollments(studyId: string, subjectId: string, enabled: boolean) {
  return useQuery({
    queryKey: subjectKeys.enrollments(studyId, subjectId),
    queryFn: ({ signal }) =>
      call(enrollmentEndpoints.listOfSubject, { params: { studyId, subjectId }, signal }),
    enabled,
    meta: { localErrors: true },
  });
}

/** POST /studies/{studyId}/enrollments: enrols the subject; the schedule engine makes its tokens. */
export function useEnrollSubject(studyId: string, subjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentCreateItem) =>
      call(enrollmentEndpoints.enrol, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subjectKeys.enrollments(studyId, subjectId) }),
  });
}

/**
 * GET /studies/{studyId}/processes/{processId}/enrollments/{enrollmentId}/unscheduled/getForms
 * (spec 001 §3): which unscheduled events (unexpected, discontinued, external) the process switches on.
 */
export function useUnscheduledForms(
  studyId: string,
  ids: { processId: string; enrollmentId: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: subjectKeys.unscheduledForms(studyId, ids.enrollmentId),
    queryFn: ({ signal }) =>
      call(enrollmentEndpoints.unscheduledForms, { params: { studyId, ...ids }, signal }),
    enabled,
    meta: { localErrors: true },
  });
}

/** POST /studies/{studyId}/enrollments/{enrollmentId}/unexpected: records an unscheduled event (a new token). */
export function useRecordUnscheduledEvent(studyId: string, subjectId: string, enrollmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnscheduledEventBody) =>
      call(enrollmentEndpoints.recordUnexpected, { params: { studyId, enrollmentId }, body }),
    meta: { localErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subjectKeys.enrollments(studyId, subjectId) });
      void queryClient.invalidateQueries({ queryKey: subjectKeys.history(studyId, subjectId) });
    },
  });
}

/** After a token action: the records and the record history show the effect at once. */
function useRefreshRecords(studyId: string, subjectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subjectKeys.enrollments(studyId, subjectId) }),
      queryClient.invalidateQueries({ queryKey: subjectKeys.history(studyId, subjectId) }),
    ]);
}

/** POST /studies/{studyId}/enrollments/{enrollmentId}/tokens/{tokenId}/startDataEvent (spec 001 §7). */
export function useStartDataEvent(studyId: string, subjectId: string) {
  const refresh = useRefreshRecords(studyId, subjectId);
  return useMutation({
    mutationFn: ({ enrollmentId, tokenId }: { enrollmentId: string; tokenId: string }) =>
      call(tokenEndpoints.startDataEvent, { params: { studyId, enrollmentId, tokenId } }),
    meta: { localErrors: true },
    onSuccess: refresh,
  });
}

/** POST /studies/{studyId}/tokens/{tokenId}/resend (spec 001 §7): the link again, by the event's channels. */
export function useResendToken(studyId: string, subjectId: string) {
  const refresh = useRefreshRecords(studyId, subjectId);
  return useMutation({
    mutationFn: (tokenId: string) => call(tokenEndpoints.resend, { params: { studyId, tokenId } }),
    meta: { localErrors: true },
    onSuccess: refresh,
  });
}

/** POST /studies/{studyId}/tokens/reschedule (spec 001 §7): a new activation time for a waiting event. */
export function useRescheduleToken(studyId: string, subjectId: string) {
  const refresh = useRefreshRecords(studyId, subjectId);
  return useMutation({
    mutationFn: ({ tokenId, activationTime }: { tokenId: string; activationTime: string }) =>
      call(tokenEndpoints.reschedule, {
        params: { studyId },
        body: { tokens: [{ tokenId, activationTime }] },
      }),
    meta: { localErrors: true },
    onSuccess: refresh,
  });
}

/**
 * PUT /studies/{studyId}/enrollments/{enrollmentId}/signOff (spec 001 §4 / §7): the investigator signs
 * the casebook of an ended enrollment with their password (Extended-Validation, always).
 */
export function useSignOffEnrollment(studyId: string, subjectId: string) {
  const refresh = useRefreshRecords(studyId, subjectId);
  return useMutation({
    mutationFn: ({ enrollmentId, password }: { enrollmentId: string; password: string }) =>
      call(enrollmentEndpoints.signOff, {
        params: { studyId, enrollmentId },
        body: {},
        headers: extendedValidationHeaders(password),
      }),
    meta: { localErrors: true },
    onSuccess: refresh,
    // 409: signed off meanwhile (or no longer ended); the records show the current state.
    onError: (error) => (isHttpError(error) && error.status === 409 ? refresh() : undefined),
  });
}

/** GET /users/{userId}/studies/{studyId}/tablesSettings: the caller's saved table settings. */
export function useTableSettings(studyId: string, userId: string | undefined) {
  return useQuery({
    queryKey: subjectKeys.tableSettings(studyId, userId ?? ''),
    queryFn: ({ signal }) =>
      call(userEndpoints.tableSettings, { params: { studyId, userId: userId ?? '' }, signal }),
    enabled: userId !== undefined,
    meta: { localErrors: true },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** PUT .../tablesSettings: stores every table's settings of the study at once. */
export function useSaveTableSettings(studyId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tableSettings: Record<string, unknown>) =>
      call(userEndpoints.saveTableSettings, {
        params: { studyId, userId: userId ?? '' },
        body: { tableSettings },
      }),
    meta: { localErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(subjectKeys.tableSettings(studyId, userId ?? ''), saved),
  });
}
