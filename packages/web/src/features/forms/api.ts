import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FormListItem,
  FormListSchema,
  type FormTemplateDocument,
  FormTemplateDocumentSchema,
  FormTemplateViewSchema,
  StudyImageSchema,
} from '@trialbase/domain';
import { apiRequest } from '../../app/http';

export type { FormListItem };

export const formKeys = {
  all: (studyId: string) => ['forms', studyId] as const,
  list: (studyId: string) => ['forms', studyId, 'list'] as const,
  detail: (studyId: string, formId: string) => ['forms', studyId, 'detail', formId] as const,
};

const base = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;

export function useFormList(studyId: string) {
  return useQuery({
    queryKey: formKeys.list(studyId),
    queryFn: ({ signal }) => apiRequest(base(studyId), { schema: FormListSchema, signal }),
  });
}

export function useFormTemplate(studyId: string, formId: string | undefined) {
  return useQuery({
    queryKey: formKeys.detail(studyId, formId ?? 'new'),
    queryFn: ({ signal }) =>
      apiRequest(`${base(studyId)}/${formId}`, { schema: FormTemplateViewSchema, signal }),
    enabled: formId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST questionnairetemplate: autosave, creates when new and updates the draft otherwise. */
export function useSaveForm(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormTemplateDocument) =>
      apiRequest(base(studyId), {
        method: 'POST',
        body: FormTemplateDocumentSchema.parse(form),
        schema: FormTemplateViewSchema,
      }),
    meta: { localErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(formKeys.detail(studyId, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: formKeys.list(studyId) });
    },
  });
}

function useFormAction(studyId: string, call: (formId: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all(studyId) }),
  });
}

export function useDeleteForm(studyId: string) {
  return useFormAction(studyId, (formId) => apiRequest(`${base(studyId)}/${formId}`, { method: 'DELETE' }));
}

export function useDuplicateForm(studyId: string) {
  return useFormAction(studyId, (formId) =>
    apiRequest(`${base(studyId)}/${formId}/duplicate`, { method: 'POST', body: {} }),
  );
}

export function useSaveToMyTemplates(studyId: string) {
  return useFormAction(studyId, (formId) =>
    apiRequest(`${base(studyId)}/${formId}/userSave`, { method: 'POST', body: {} }),
  );
}

export function usePromoteVersion(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { formId: string; kind: 'major' | 'minor' }) =>
      apiRequest(`/api/studies/${studyId}/forms/promoteFormVersion`, { method: 'POST', body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all(studyId) }),
  });
}

/** Reads a picked file as base64 (without the data-URL prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** POST /api/studies/{studyId}/image; answers the stored image id (000 §7 images). */
export async function uploadStudyImage(studyId: string, file: File): Promise<string> {
  const dataBase64 = await readBase64(file);
  const image = await apiRequest(`/api/studies/${studyId}/image`, {
    method: 'POST',
    body: { fileName: file.name, contentType: file.type, dataBase64 },
    schema: StudyImageSchema,
  });
  return image.id;
}

export function studyImageUrl(studyId: string, imageId: string): string {
  return `/api/studies/${studyId}/image/${imageId}`;
}
