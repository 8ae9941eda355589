import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Answer,
  AnswerSchema,
  ChangeLogSchema,
  type ImageChartAnswer,
  type ImageChartMarker,
  QuestionnaireFillSchema,
  QuestionnaireReviewDataSchema,
  QuestionnaireSaveResultSchema,
  type VerificationRound,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { apiRequest } from '../../app/http';

/** The token a page works on: study, enrollment (pathway record) and token. */
export type TokenRef = { studyId: string; enrollmentId: string; tokenId: string };

export const questionnaireKeys = {
  all: (studyId: string) => ['questionnaires', studyId] as const,
  token: (ref: TokenRef) => ['questionnaires', ref.studyId, ref.enrollmentId, ref.tokenId] as const,
  fill: (ref: TokenRef) => [...questionnaireKeys.token(ref), 'fill'] as const,
  review: (ref: TokenRef) => [...questionnaireKeys.token(ref), 'review'] as const,
  changeLog: (studyId: string, questionnaireId: string) =>
    ['questionnaires', studyId, 'change-log', questionnaireId] as const,
};

/**
 * The subject screens show token states and the record history: a save, update or verification
 * marks them stale so the records and history tabs show it when opened again.
 */
const subjectScreensKey = (studyId: string) => ['subjects', studyId] as const;

const tokenBase = (ref: TokenRef) =>
  `/api/studies/${ref.studyId}/enrollments/${ref.enrollmentId}/tokens/${ref.tokenId}`;

/** The stored answers as the write calls take them (the view's ids and times stay behind). */
export function toAnswerInputs(answers: readonly Answer[]): Answer[] {
  return answers.map((answer) => AnswerSchema.parse(answer));
}

/**
 * GET .../tokens/{tokenId}/questionnaires (spec 001 §7): forms, answers and abilities of the fill
 * screen; `.../questionnaires/unscheduled` for an unscheduled event's token.
 */
export function useQuestionnaireFill(ref: TokenRef, isUnscheduled = false) {
  return useQuery({
    queryKey: [...questionnaireKeys.fill(ref), isUnscheduled],
    queryFn: ({ signal }) =>
      apiRequest(`${tokenBase(ref)}/questionnaires${isUnscheduled ? '/unscheduled' : ''}`, {
        schema: QuestionnaireFillSchema,
        signal,
      }),
    staleTime: 0,
  });
}

/** GET .../tokens/{tokenId}/questionnaireReviewData (spec 001 §7): the review screen's data. */
export function useQuestionnaireReview(ref: TokenRef) {
  return useQuery({
    queryKey: questionnaireKeys.review(ref),
    queryFn: ({ signal }) =>
      apiRequest(`${tokenBase(ref)}/questionnaireReviewData`, {
        schema: QuestionnaireReviewDataSchema,
        signal,
      }),
    staleTime: 0,
  });
}

type ChartInput = { imageChartMarkers?: ImageChartMarker[]; imageChartAnswers?: ImageChartAnswer[] };

export type SaveFormInput = ChartInput & {
  formId: string;
  answers: readonly Answer[];
  isFinal: boolean;
  /** The saved answer set of a form in progress: its draft is saved with PUT .../unfinished. */
  draft?: { questionnaireId: string; version: number } | undefined;
  /** An unscheduled event's token: submitted with POST .../questionnaires/unscheduled. */
  isUnscheduled?: boolean;
};

/**
 * Spec 001 §7: POST .../tokens/{tokenId}/questionnaires saves one form (`isFinal` submits it);
 * a draft of a form already in progress goes to PUT .../questionnaires/{id}/unfinished (both kinds);
 * an unscheduled event's form is saved with POST .../questionnaires/unscheduled.
 */
export function useSaveForm(ref: TokenRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, answers, isFinal, draft, isUnscheduled, ...chart }: SaveFormInput) =>
      draft && !isFinal
        ? apiRequest(`${tokenBase(ref)}/questionnaires/${draft.questionnaireId}/unfinished`, {
            method: 'PUT',
            body: { answers: toAnswerInputs(answers), version: draft.version, ...chart },
            schema: QuestionnaireSaveResultSchema,
          })
        : apiRequest(`${tokenBase(ref)}/questionnaires${isUnscheduled ? '/unscheduled' : ''}`, {
            method: 'POST',
            body: { formId, answers: toAnswerInputs(answers), isFinal, ...chart },
            schema: QuestionnaireSaveResultSchema,
          }),
    meta: { localErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subjectScreensKey(ref.studyId) });
      return queryClient.invalidateQueries({ queryKey: questionnaireKeys.token(ref) });
    },
  });
}

export type UpdateFormInput = ChartInput & {
  questionnaireId: string;
  answers: readonly Answer[];
  comment: string;
  version: number;
  /** The Extended-Validation password when the study asks for it. */
  password: string | undefined;
  /** An unscheduled event's token: updated with PUT .../questionnaires/{id}/unscheduled. */
  isUnscheduled?: boolean;
};

/**
 * PUT .../questionnaires/{questionnaireId} (spec 001 §4-§5): correct a completed form with a reason;
 * `.../{questionnaireId}/unscheduled` for an unscheduled event's form.
 */
export function useUpdateForm(ref: TokenRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      questionnaireId,
      answers,
      comment,
      version,
      password,
      isUnscheduled,
      ...chart
    }: UpdateFormInput) =>
      apiRequest(
        `${tokenBase(ref)}/questionnaires/${questionnaireId}${isUnscheduled ? '/unscheduled' : ''}`,
        {
          method: 'PUT',
          body: { answers: toAnswerInputs(answers), comment, version, ...chart },
          headers: extendedValidationHeaders(password),
          schema: QuestionnaireSaveResultSchema,
        },
      ),
    meta: { localErrors: true },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: subjectScreensKey(ref.studyId) });
      void queryClient.invalidateQueries({ queryKey: questionnaireKeys.token(ref) });
      void queryClient.invalidateQueries({
        queryKey: questionnaireKeys.changeLog(ref.studyId, result.answerSet.id),
      });
    },
  });
}

/** GET /studies/{studyId}/token/questionnaires/{questionnaireId}/audit: the latest 100 changes. */
export function useChangeLog(studyId: string, questionnaireId: string | null) {
  return useQuery({
    queryKey: questionnaireKeys.changeLog(studyId, questionnaireId ?? 'none'),
    queryFn: ({ signal }) =>
      apiRequest(`/api/studies/${studyId}/token/questionnaires/${questionnaireId}/audit`, {
        schema: ChangeLogSchema,
        signal,
      }),
    enabled: questionnaireId !== null,
    staleTime: 0,
    meta: { localErrors: true },
  });
}

export type VerifyInput = {
  questionnaireId: string;
  /** One answer, or the whole form when absent. */
  answerId?: string;
  round: VerificationRound;
  verified: boolean;
};

/**
 * Spec 001 §7 source data verification: PUT .../questionnaires/{id}/answers/{answerId}/verification/{round}
 * or .../questionnaires/{id}/verification/{round}.
 */
export function useVerify(ref: TokenRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionnaireId, answerId, round, verified }: VerifyInput) =>
      apiRequest(
        `/api/studies/${ref.studyId}/questionnaires/${questionnaireId}${
          answerId ? `/answers/${answerId}` : ''
        }/verification/${round}`,
        { method: 'PUT', body: { verified } },
      ),
    meta: { localErrors: true },
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: subjectScreensKey(ref.studyId) });
      void queryClient.invalidateQueries({ queryKey: questionnaireKeys.token(ref) });
      void queryClient.invalidateQueries({
        queryKey: questionnaireKeys.changeLog(ref.studyId, input.questionnaireId),
      });
    },
  });
}
