import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Answer,
  buildPath,
  type QueryActionResult,
  type QueryExportRequest,
  type QueryListRequest,
  queryEndpoints,
} from '@trialbase/domain';
import { downloadFile } from '../../app/download';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call } from '../../app/http';
import type { QueryGate } from '../../app/query-gate';
import { gatedQueryOptions } from '../../app/query-gate';
import { toAnswerInputs } from '../questionnaires/api';

/** One filled form (answer set) of a token: the path of its queries calls. */
export type FormQueriesRef = {
  studyId: string;
  enrollmentId: string;
  tokenId: string;
  questionnaireId: string;
};

export const queryKeys = {
  all: (studyId: string) => ['queries', studyId] as const,
  ofForm: (ref: FormQueriesRef) => ['queries', ref.studyId, 'form', ref.questionnaireId] as const,
  list: (studyId: string, request: QueryListRequest) => ['queries', studyId, 'list', request] as const,
};

/** GET .../questionnaires/{questionnaireId}/queries (spec 001 §7): the form's queries with their threads. */
export function useFormQueries(ref: FormQueriesRef | null, gate?: QueryGate) {
  return useQuery({
    queryKey: ref ? queryKeys.ofForm(ref) : ['queries', 'none'],
    queryFn: ({ signal }) => call(queryEndpoints.listOfForm, { params: ref as FormQueriesRef, signal }),
    ...gatedQueryOptions(gate, ref !== null),
    staleTime: 0,
  });
}

/** POST /studies/{studyId}/queries/list (spec 001 §2 query list): one page with the counts per status. */
export function useQueryList(studyId: string, request: QueryListRequest, gate?: QueryGate) {
  return useQuery({
    queryKey: queryKeys.list(studyId, request),
    queryFn: ({ signal }) => call(queryEndpoints.list, { params: { studyId }, body: request, signal }),
    placeholderData: keepPreviousData,
    ...gatedQueryOptions(gate),
  });
}

/** What a query write changes: the queries, the token's forms (their status) and the subject screens. */
function useAfterQueryWrite(ref: FormQueriesRef) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.all(ref.studyId) }),
      queryClient.invalidateQueries({
        queryKey: ['questionnaires', ref.studyId, ref.enrollmentId, ref.tokenId],
      }),
      queryClient.invalidateQueries({ queryKey: ['subjects', ref.studyId] }),
    ]);
}

export type QueryWrite =
  | { kind: 'CREATE'; questionId: string; text: string }
  | {
      kind: 'RESPOND';
      queryId: string;
      text: string;
      /** The question's new answer when the site changes it while responding. */
      answer?: Answer | undefined;
      version?: number | undefined;
      password: string | undefined;
    }
  | { kind: 'CLOSE'; queryId: string; text?: string | undefined }
  | { kind: 'REOPEN'; queryId: string; text: string };

/** Spec 001 §4 dialog actions as calls: create, respond (password header), close / quick close, reopen / decline. */
export function useQueryWrite(ref: FormQueriesRef) {
  const after = useAfterQueryWrite(ref);
  return useMutation({
    mutationFn: (write: QueryWrite): Promise<QueryActionResult> => {
      switch (write.kind) {
        case 'CREATE':
          return call(queryEndpoints.create, {
            params: ref,
            body: { questionId: write.questionId, text: write.text },
          });
        case 'RESPOND': {
          const [answer] = write.answer ? toAnswerInputs([write.answer]) : [];
          return call(queryEndpoints.respond, {
            params: { ...ref, queryId: write.queryId },
            body: { text: write.text, answer, version: write.version },
            headers: extendedValidationHeaders(write.password),
          });
        }
        case 'CLOSE':
          return call(queryEndpoints.close, {
            params: { ...ref, queryId: write.queryId },
            body: write.text ? { text: write.text } : {},
          });
        case 'REOPEN':
          return call(queryEndpoints.reopen, {
            params: { ...ref, queryId: write.queryId },
            body: { text: write.text },
          });
        default:
          return write satisfies never;
      }
    },
    meta: { localErrors: true },
    onSuccess: () => after(),
  });
}

/** POST /studies/{studyId}/queries/export: the filtered list as a CSV file, saved by the browser. */
export async function downloadQueryCsv(studyId: string, request: QueryExportRequest): Promise<void> {
  await downloadFile(buildPath(queryEndpoints.exportCsv, { studyId }), {
    accept: 'text/csv',
    fallbackName: `queries-${studyId}.csv`,
    body: request,
  });
}
