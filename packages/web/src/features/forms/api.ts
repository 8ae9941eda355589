import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  type FormListItem,
  type FormSave,
  FormSaveSchema,
  type FormType,
  formEndpoints,
  type LibraryTemplate,
  type LoadFromProfile,
} from '@trialbase/domain';
import { call } from '../../app/http';

export type { FormListItem, LibraryTemplate };

export const formKeys = {
  all: (studyId: string) => ['forms', studyId] as const,
  list: (studyId: string) => ['forms', studyId, 'list'] as const,
  detail: (studyId: string, formId: string) => ['forms', studyId, 'detail', formId] as const,
  userTemplates: ['forms', 'user-templates'] as const,
  systemTemplates: (type: FormType | undefined) => ['forms', 'system-templates', type ?? 'all'] as const,
};

export function useFormList(studyId: string) {
  return useQuery({
    queryKey: formKeys.list(studyId),
    // withVersions tells a never-published form from one whose draft changed after publishing.
    queryFn: ({ signal }) =>
      call(formEndpoints.list, { params: { studyId }, query: { withVersions: 'true' }, signal }),
  });
}

export function useFormTemplate(studyId: string, formId: string | undefined) {
  return useQuery({
    queryKey: formKeys.detail(studyId, formId ?? 'new'),
    queryFn: ({ signal }) => call(formEndpoints.get, { params: { studyId, formId: formId ?? '' }, signal }),
    enabled: formId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The form's draft as saved now (the builder's "load their version" after a conflict). */
export function fetchFormTemplate(studyId: string, formId: string) {
  return call(formEndpoints.get, { params: { studyId, formId } });
}

/** POST questionnairetemplate: autosave, creates when new and updates the draft otherwise. */
export function useSaveForm(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormSave) =>
      call(formEndpoints.save, { params: { studyId }, body: FormSaveSchema.parse(form) }),
    meta: { localErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(formKeys.detail(studyId, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: formKeys.list(studyId) });
    },
  });
}

function useFormAction(studyId: string, action: (formId: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all(studyId) }),
  });
}

export function useDeleteForm(studyId: string) {
  return useFormAction(studyId, (formId) => call(formEndpoints.delete, { params: { studyId, formId } }));
}

export function useDuplicateForm(studyId: string) {
  return useFormAction(studyId, (formId) => call(formEndpoints.duplicate, { params: { studyId, formId } }));
}

export function useSaveToMyTemplates(studyId: string) {
  return useFormAction(studyId, (formId) =>
    call(formEndpoints.saveToOwnTemplates, { params: { studyId, formId } }),
  );
}

/** POST promoteFormVersion: the saved draft becomes the next major or minor version (spec 001 §3). */
export function usePromoteVersion(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { formId: string; kind: 'major' | 'minor' }) =>
      call(formEndpoints.publish, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all(studyId) }),
  });
}

/** GET /api/questionnairetemplate/userTemplates: the caller's own templates (spec 001 §7). */
export function useUserTemplates() {
  return useQuery({
    queryKey: formKeys.userTemplates,
    queryFn: ({ signal }) => call(formEndpoints.ownTemplates, { signal }),
  });
}

/** GET /api/system/formTemplates/active: the system library of ready forms, by type. */
export function useSystemTemplates(type: FormType | undefined) {
  return useQuery({
    queryKey: formKeys.systemTemplates(type),
    queryFn: ({ signal }) => call(formEndpoints.systemTemplates, { query: { type }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** DELETE /api/questionnairetemplate/userTemplate/{id}. */
export function useDeleteUserTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(formEndpoints.deleteOwnTemplate, { params: { id } }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.userTemplates }),
  });
}

/** POST /api/study/{studyId}/forms/loadFromProfile: a template copied in as a new form. */
export function useLoadFromProfile(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoadFromProfile) =>
      call(formEndpoints.loadFromTemplate, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all(studyId) }),
  });
}

/** POST /api/study/{studyId}/forms/addEQ5DTemplateToStudy (QUESTIONNAIRE_EXISTS for a second). */
export function useAddEq5d(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(formEndpoints.addEq5d, { params: { studyId } }),
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
  const image = await call(formEndpoints.uploadImage, {
    params: { studyId },
    body: { fileName: file.name, contentType: file.type, dataBase64 },
  });
  return image.id;
}

export function studyImageUrl(studyId: string, imageId: string): string {
  return buildPath(formEndpoints.image, { studyId, imageId });
}
