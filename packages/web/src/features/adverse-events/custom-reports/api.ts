import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AeReportStep,
  type AeReportView,
  type AnswerFile,
  type AnswerInput,
  customAeReportEndpoints as ep,
} from '@trialbase/domain';
import { extendedValidationHeaders } from '../../../app/extended-validation';
import { call } from '../../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../../app/query-gate';

export const aeReportKeys = {
  all: (studyId: string) => ['ae-reports', studyId] as const,
  list: (studyId: string) => ['ae-reports', studyId, 'list'] as const,
  ofToken: (studyId: string, tokenId: string) => ['ae-reports', studyId, 'token', tokenId] as const,
};

/** GET /studies/{studyId}/customaereports: the reports at the caller's sites and the study's AE forms. */
export function useAeReports(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: aeReportKeys.list(studyId),
    queryFn: ({ signal }) => call(ep.list, { params: { studyId }, query: {}, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** GET .../tokens/{tokenId}/questionnaires/customaereports: the report of its own form link. */
export function useAeReportOfToken(studyId: string, enrollmentId: string, tokenId: string) {
  return useQuery({
    queryKey: aeReportKeys.ofToken(studyId, tokenId),
    queryFn: ({ signal }) => call(ep.ofToken, { params: { studyId, enrollmentId, tokenId }, signal }),
  });
}

function useStore(studyId: string) {
  const client = useQueryClient();
  return (view: AeReportView) => {
    client.setQueryData(aeReportKeys.ofToken(studyId, view.tokenId), view);
    void client.invalidateQueries({ queryKey: aeReportKeys.list(studyId) });
  };
}

/** POST .../enrollments/{enrollmentId}/customaereports/questionnaire (password when the study asks for it). */
export function useCreateAeReport(studyId: string, enrollmentId: string) {
  const store = useStore(studyId);
  return useMutation({
    mutationFn: (input: { formId?: string; sae: boolean; password?: string | undefined }) =>
      call(ep.create, {
        params: { studyId, enrollmentId },
        body: { formId: input.formId, sae: input.sae, answers: [] },
        headers: extendedValidationHeaders(input.password),
      }),
    onSuccess: store,
  });
}

type ReportRef = Pick<
  AeReportView,
  'studyId' | 'enrollmentId' | 'tokenId' | 'questionnaireId' | 'siteId' | 'id'
>;
const tokenParams = (r: ReportRef) => ({
  studyId: r.studyId,
  enrollmentId: r.enrollmentId,
  tokenId: r.tokenId,
  questionnaireId: r.questionnaireId,
});

/** PUT .../questionnaires/{questionnaireId}/customaereports: saves answers. */
export function useSaveAeReport(report: ReportRef) {
  const store = useStore(report.studyId);
  return useMutation({
    mutationFn: (input: { answers: AnswerInput[]; sae?: boolean; password?: string | undefined }) =>
      call(ep.save, {
        params: tokenParams(report),
        body: { answers: input.answers, sae: input.sae },
        headers: extendedValidationHeaders(input.password),
      }),
    onSuccess: store,
  });
}

/** PUT /studies/{studyId}/sites/{siteId}/customaereports/{aeReportId}/{signType}?save=true (password). */
export function useSignAeReport(report: ReportRef) {
  const store = useStore(report.studyId);
  return useMutation({
    mutationFn: (input: { step: AeReportStep; answers: AnswerInput[]; password: string | undefined }) =>
      call(ep.sign, {
        params: {
          studyId: report.studyId,
          siteId: report.siteId,
          aeReportId: report.id,
          signType: input.step,
        },
        query: { save: 'true' },
        body: { answers: input.answers },
        headers: extendedValidationHeaders(input.password),
      }),
    onSuccess: store,
  });
}

/** PUT .../customaereports/amendment: changed answers with the reason (password). */
export function useAmendAeReport(report: ReportRef) {
  const store = useStore(report.studyId);
  return useMutation({
    mutationFn: (input: { answers: AnswerInput[]; reason: string; password: string | undefined }) =>
      call(ep.amend, {
        params: tokenParams(report),
        body: { answers: input.answers, reason: input.reason },
        headers: extendedValidationHeaders(input.password),
      }),
    onSuccess: store,
  });
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The renderer's upload for FILE and IMAGE questions of a report (`.../answerFiles/customaereports`). */
export function aeReportUpload(report: ReportRef & { formId: string }) {
  return async (input: { questionId: string; file: File }): Promise<AnswerFile> => {
    const info = await call(ep.uploadFile, {
      params: {
        studyId: report.studyId,
        tokenId: report.tokenId,
        formId: report.formId,
        questionId: input.questionId,
      },
      body: {
        fileName: input.file.name,
        contentType: input.file.type,
        dataBase64: await base64Of(input.file),
      },
    });
    return { id: info.id, fileName: info.fileName, size: info.size, mimeType: info.mimeType };
  };
}
