import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Answer,
  AnswerSchema,
  type ImageChartAnswer,
  type ImageChartMarker,
  questionnaireEndpoints,
  type VerificationRound,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../app/extended-validation';
import { call } from '../../app/http';

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

/** The path parameters of a token's calls. */
const tokenParams = (ref: TokenRef) => ({
  studyId: ref.studyId,
  enrollmentId: ref.enrollmentId,
  tokenId: ref.tokenId,
});

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
      call(isUnscheduled ? questionnaireEndpoints.unscheduledForms : questionnaireEndpoints.ofToken, {
        params: tokenParams(ref),
        signal,
      }),
    staleTime: 0,
  });
}

/** GET .../tokens/{tokenId}/questionnaireReviewData (spec 001 §7): the review screen's data. */
export function useQuestionnaireReview(ref: TokenRef) {
  return useQuery({
    queryKey: questionnaireKeys.review(ref),
    queryFn: ({ signal }) => call(questionnaireEndpoints.reviewData, { params: tokenParams(ref), signal }),
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
        ? call(questionnaireEndpoints.saveDraft, {
            params: { ...tokenParams(ref), questionnaireId: draft.questionnaireId },
            body: { answers: toAnswerInputs(answers), version: draft.version, ...chart },
          })
        : call(isUnscheduled ? questionnaireEndpoints.saveUnscheduled : questionnaireEndpoints.save, {
            params: tokenParams(ref),
            body: { formId, answers: toAnswerInputs(answers), isFinal, ...chart },
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
      call(isUnscheduled ? questionnaireEndpoints.updateUnscheduled : questionnaireEndpoints.update, {
        params: { ...tokenParams(ref), questionnaireId },
        body: { answers: toAnswerInputs(answers), comment, version, ...chart },
        headers: extendedValidationHeaders(password),
      }),
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
      call(questionnaireEndpoints.changeLog, {
        params: { studyId, questionnaireId: questionnaireId ?? '' },
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
      answerId
        ? call(questionnaireEndpoints.verifyAnswer, {
            params: { studyId: ref.studyId, questionnaireId, answerId, verificationType: round },
            body: { verified },
          })
        : call(questionnaireEndpoints.verifyForm, {
            params: { studyId: ref.studyId, questionnaireId, verificationType: round },
            body: { verified },
          }),
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
