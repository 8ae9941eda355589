import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  processEndpoints,
  type RuleListQuery,
  ruleEndpoints,
  type ShowRuleInput,
  studyEndpoints,
  type ValidationRuleDraft,
} from '@trialbase/domain';
import { call } from '../../app/http';

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

/** The study's name (breadcrumbs) and languages (a rule message per study language, spec 001 §3). */
export function useStudyBasics(studyId: string) {
  const query = useQuery({
    queryKey: ruleKeys.study(studyId),
    queryFn: ({ signal }) => call(studyEndpoints.get, { params: { id: studyId }, signal }),
    meta: { localErrors: true },
    retry: false,
    staleTime: 60_000,
  });
  const primary = query.data?.primaryLanguage ?? 'en';
  const languages = query.data?.languages?.length ? query.data.languages : [primary];
  return {
    name: query.data?.studyName ?? null,
    primaryLanguage: primary,
    languages: [primary, ...languages.filter((l) => l !== primary)],
  };
}

/** The current form drafts the editors pick forms and questions from. */
export function useRuleForms(studyId: string) {
  return useQuery({
    queryKey: ruleKeys.forms(studyId),
    queryFn: ({ signal }) => call(ruleEndpoints.referenceForms, { params: { studyId }, signal }),
  });
}

/**
 * Spec 001 §7 GET pathway: the processes a cross-form rule can name. A caller without the
 * pathway permissions gets none, and the editors keep to same-form rules.
 */
export function useRuleProcesses(studyId: string, isAllowed: boolean) {
  return useQuery({
    queryKey: ruleKeys.processes(studyId),
    queryFn: ({ signal }) => call(processEndpoints.list, { params: { studyId }, signal }),
    enabled: isAllowed,
    meta: { localErrors: true },
    retry: false,
    staleTime: 30_000,
  });
}

const processQuery = (studyId: string, id: string) => ({
  queryKey: ruleKeys.process(studyId, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(processEndpoints.get, { params: { studyId, id }, signal }),
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
      call(ruleEndpoints.listValidation, { params: { studyId }, query: filter, signal }),
  });
}

export function useValidationRule(studyId: string, id: string | undefined) {
  return useQuery({
    queryKey: ruleKeys.validation(studyId, id ?? ''),
    queryFn: ({ signal }) =>
      call(ruleEndpoints.getValidation, { params: { studyId, validationRuleId: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** Creates a validation rule, or edits it when `id` is given. */
export function useSaveValidationRule(studyId: string, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidationRuleDraft) =>
      id
        ? call(ruleEndpoints.updateValidation, { params: { studyId, validationRuleId: id }, body })
        : call(ruleEndpoints.createValidation, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}

export function useDeleteValidationRule(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(ruleEndpoints.deleteValidation, { params: { studyId, validationRuleId: id } }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}

/** Reference show rules, listed like validation rules. */
export function useShowRules(studyId: string, filter: RuleListQuery) {
  return useQuery({
    queryKey: ruleKeys.showList(studyId, filter),
    queryFn: ({ signal }) => call(ruleEndpoints.listShow, { params: { studyId }, query: filter, signal }),
  });
}

export function useShowRule(studyId: string, id: string | undefined) {
  return useQuery({
    queryKey: ruleKeys.show(studyId, id ?? ''),
    queryFn: ({ signal }) =>
      call(ruleEndpoints.getShow, { params: { studyId, showRuleId: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** Creates a show rule, or edits it when `id` is given. */
export function useSaveShowRule(studyId: string, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShowRuleInput) =>
      id
        ? call(ruleEndpoints.updateShow, { params: { studyId, showRuleId: id }, body })
        : call(ruleEndpoints.createShow, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}

export function useDeleteShowRule(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ruleEndpoints.deleteShow, { params: { studyId, showRuleId: id } }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all(studyId) }),
  });
}
