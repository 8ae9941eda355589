import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FormListItem,
  FormListSchema,
  type FormSave,
  FormSaveSchema,
  FormTemplateViewSchema,
  type FormType,
  type LibraryTemplate,
  LibraryTemplateListSchema,
  type LoadFromProfile,
  PromotedVersionSchema,
  StudyImageSchema,
} from '@trialbase/domain';
import { apiRequest, withQuery } from '../../app/http';

export type { FormListItem, LibraryTemplate };

export const formKeys = {
  all: (studyId: string) => ['forms', studyId] as const,
  list: (studyId: string) => ['forms', studyId, 'list'] as const,
  detail: (studyId: string, formId: string) => ['forms', studyId, 'detail', formId] as const,
  userTemplates: ['forms', 'user-templates'] as const,
  systemTemplates: (type: FormType | undefined) => ['forms', 'system-templates', type ?? 'all'] as const,
};

const base = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;

export function useFormList(studyId: string) {
  return useQuery({
    queryKey: formKeys.list(studyId),
    // withVersions tells a never-published form from one whose draft changed after publishing.
    queryFn: ({ signal }) =>
      apiRequest(withQuery(base(studyId), { withVersions: 'true' }), { schema: FormListSchema, signal }),
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

/** The form's draft as saved now (the builder's "load their version" after a conflict). */
export function fetchFormTemplate(studyId: string, formId: string) {
  return apiRequest(`${base(studyId)}/${formId}`, { schema: FormTemplateViewSchema });
}

/** POST questionnairetemplate: autosave, creates when new and updates the draft otherwise. */
export function useSaveForm(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormSave) =>
      apiRequest(base(studyId), {
        method: 'POST',
        body: FormSaveSchema.parse(form),
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

/** POST promoteFormVersion: the saved draft becomes the next major or minor version (spec 001 §3). */
export function usePromoteVersion(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { formId: string; kind: 'major' | 'minor' }) =>
      apiRequest(`/api/studies/${studyId}/forms/promoteFormVersion`, {
        method: 'POST',
        body,
        schema: PromotedVersionSchema,
      }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all(studyId) }),
  });
}

/** GET /api/questionnairetemplate/userTemplates: the caller's own templates (spec 001 §7). */
export function useUserTemplates() {
  return useQuery({
    queryKey: formKeys.userTemplates,
    queryFn: ({ signal }) =>
      apiRequest('/api/questionnairetemplate/userTemplates', { schema: LibraryTemplateListSchema, signal }),
  });
}

/** GET /api/system/formTemplates/active: the system library of ready forms, by type. */
export function useSystemTemplates(type: FormType | undefined) {
  return useQuery({
    queryKey: formKeys.systemTemplates(type),
    queryFn: ({ signal }) =>
      apiRequest(withQuery('/api/system/formTemplates/active', { type }), {
        schema: LibraryTemplateListSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/** DELETE /api/questionnairetemplate/userTemplate/{id}. */
export function useDeleteUserTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/questionnairetemplate/userTemplate/${id}`, { method: 'DELETE' }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.userTemplates }),
  });
}

/** POST /api/study/{studyId}/forms/loadFromProfile: a template copied in as a new form. */
export function useLoadFromProfile(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoadFromProfile) =>
      apiRequest(`/api/study/${studyId}/forms/loadFromProfile`, {
        method: 'POST',
        body,
        schema: FormTemplateViewSchema,
      }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all(studyId) }),
  });
}

/** POST /api/study/{studyId}/forms/addEQ5DTemplateToStudy (QUESTIONNAIRE_EXISTS for a second). */
export function useAddEq5d(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/study/${studyId}/forms/addEQ5DTemplateToStudy`, {
        method: 'POST',
        body: {},
        schema: FormTemplateViewSchema,
      }),
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
