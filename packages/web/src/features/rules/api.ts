import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ProcessDetailSchema,
  ProcessSummarySchema,
  RuleFormListSchema,
  type RuleListQuery,
  type ShowRuleInput,
  ShowRuleListSchema,
  ShowRuleViewSchema,
  type ValidationRuleDraft,
  ValidationRuleListSchema,
  ValidationRuleViewSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { apiRequest, withQuery } from '../../app/http';

export const ruleKeys = {
  all: (studyId: string) => ['rules', studyId] as const,
  forms: (studyId: string) => ['rules', studyId, 'forms'] as const,
  study: (studyId: string) => ['rules', studyId, 'study'] as const,
  processes: (studyId: string) => ['rules', studyId, 'processes'] as const,
  process: (studyId: string, id: string) => ['rules', studyId, 'processes', id] as const,
  validationList: (studyId: string, filter: RuleListQuery) =>
    ['rules', studyId, 'validation', 'list', filter] as const,
  validation: (studyId: string, id: string) => ['rules', studyId, 'validation', id] as const,
  showList: (studyId: string, filter: RuleListQuery) => ['rules', studyId, 'show', 'list', filter] as const,
  show: (studyId: string, id: string) => ['rules', studyId, 'show', id] as const,
};

const base = (studyId: string) => `/api/studies/${studyId}`;
// Only what the rule pages read of the study; the studies area owns the full schema.
const StudyBasicsSchema = z.object({
  studyName: z.string().optional(),
  name: z.string().optional(),
  primaryLanguage: z.string().optional(),
  languages: z.array(z.string()).optional(),
});

/** The study's name (breadcrumbs) and languages (a rule message per study language, spec 001 §3). */
export function useStudyBasics(studyId: string) {
  const query = useQuery({
    queryKey: ruleKeys.study(studyId),
    queryFn: ({ signal }) => apiRequest(`/api/study/${studyId}`, { schema: StudyBasicsSchema, signal }),
    meta: { localErrors: true },
    retry: false,
    staleTime: 60_000,
  });
  const primary = query.data?.primaryLanguage ?? 'en';
  const languages = query.data?.languages?.length ? query.data.languages : [primary];
  return {
    name: query.data?.studyName ?? query.data?.name ?? null,
    primaryLanguage: primary,
    languages: [primary, ...languages.filter((l) => l !== primary)],
  };
}

/** The current form drafts the editors pick forms and questions from. */
export function useRuleForms(studyId: string) {
  return useQuery({
    queryKey: ruleKeys.forms(studyId),
    queryFn: ({ signal }) =>
      apiRequest(`${base(studyId)}/referenceRules/forms`, { schema: RuleFormListSchema, signal }),
  });
}

const ProcessListSchema = z.array(ProcessSummarySchema);

/**
 * Spec 001 §7 GET pathway: the processes a cross-form rule can name. A caller without the
 * pathway permissions gets none, and the editors keep to same-form rules.
 */
export function useRuleProcesses(studyId: string, isAllowed: boolean) {
  return useQuery({
    queryKey: ruleKeys.processes(studyId),
    queryFn: ({ signal }) => apiRequest(`${base(studyId)}/pathway`, { schema: ProcessListSchema, signal }),
    enabled: isAllowed,
    meta: { localErrors: true },
    retry: false,
    staleTime: 30_000,
  });
}

const processQuery = (studyId: string, id: string) => ({
  queryKey: ruleKeys.process(studyId, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(`${base(studyId)}/pathway/${id}`, { schema: ProcessDetailSchema, signal }),
  meta: { localErrors: true },
  retry: false,
  staleTime: 30_000,
});

/** Spec 001 §7 GET pathway/{id}: the data events and their forms a cross-form rule points into. */
export function useRuleProcess(studyId: string, id: string | null | undefined) {
  return useQuery({ ...processQuery(studyId, id ?? ''), enabled: Boolean(id) });
}

/** Several processes at once (the rule list names the process and data events of each rule). */
export function useRuleProcessDetails(studyId: string, ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => processQuery(studyId, id)) });
}

/** Spec 001 §7 GET validationRules (filtered by process, data event and form). */
export function useValidationRules(studyId: string, filter: RuleListQuery) {
  return useQuery({
    queryKey: ruleKeys.validationList(studyId, filter),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(`${base(studyId)}/validationRules`, filter), {
        schema: ValidationRuleListSchema,
        signal,
      }),
  });
}

export function useValidationRule(studyId: string, id: string | undefined) {
  return useQuery({
    queryKey: ruleKeys.validation(studyId, id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${base(studyId)}/validationRules/${id}`, { schema: ValidationRuleViewSchema, signal }),
    enabled: id !== undefined,
  });
}

/** Creates a validation rule, or edits it when `id` is given. */
export function useSaveValidationRule(studyId: string, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidationRuleDraft) =>
      apiRequest(id ? `${base(studyId)}/validationRules/${id}` : `${base(studyId)}/validationRules`, {
        method: id ? 'PUT' : 'POST',
        body,
        schema: ValidationRuleViewSchema,
      }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}

export function useDeleteValidationRule(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${base(studyId)}/validationRules/${id}`, { method: 'DELETE' }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}

/** Reference show rules, listed like validation rules. */
export function useShowRules(studyId: string, filter: RuleListQuery) {
  return useQuery({
    queryKey: ruleKeys.showList(studyId, filter),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(`${base(studyId)}/showRules`, filter), { schema: ShowRuleListSchema, signal }),
  });
}

export function useShowRule(studyId: string, id: string | undefined) {
  return useQuery({
    queryKey: ruleKeys.show(studyId, id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${base(studyId)}/showRules/${id}`, { schema: ShowRuleViewSchema, signal }),
    enabled: id !== undefined,
  });
}

/** Creates a show rule, or edits it when `id` is given. */
export function useSaveShowRule(studyId: string, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShowRuleInput) =>
      apiRequest(id ? `${base(studyId)}/showRules/${id}` : `${base(studyId)}/showRules`, {
        method: id ? 'PUT' : 'POST',
        body,
        schema: ShowRuleViewSchema,
      }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}

export function useDeleteShowRule(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${base(studyId)}/showRules/${id}`, { method: 'DELETE' }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}
