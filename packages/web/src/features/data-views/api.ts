import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AnswerTabRequest,
  type DataTab,
  dataViewEndpoints,
  type MonitorRequest,
  type PopulationRequest,
  type ReportQuery,
  type StatusViewRequest,
} from '@trialbase/domain';
import { call } from '../../app/http';
import type { QueryGate } from '../../app/query-gate';
import { gatedQueryOptions } from '../../app/query-gate';

export const dataViewKeys = {
  options: (studyId: string, tab: DataTab) => ['data-views', studyId, 'options', tab] as const,
  view: (studyId: string, tab: DataTab, request: unknown) => ['data-views', studyId, tab, request] as const,
  report: (studyId: string, report: 'verification' | 'site', query: ReportQuery) =>
    ['data-views', studyId, 'report', report, query] as const,
};

const OPTIONS = {
  POPULATION: dataViewEndpoints.populationOptions,
  ANSWER: dataViewEndpoints.answersOptions,
  STATUS: dataViewEndpoints.statusOptions,
  MONITOR: dataViewEndpoints.monitorOptions,
} as const;

/** GET /studies/{studyId}/data/{tab}/options: the cascading selects' choices of one tab (001 §2). */
export function useDataFilterOptions(studyId: string, tab: DataTab, gate?: QueryGate) {
  return useQuery({
    queryKey: dataViewKeys.options(studyId, tab),
    queryFn: ({ signal }) => call(OPTIONS[tab], { params: { studyId }, signal }),
    staleTime: 60_000,
    ...gatedQueryOptions(gate),
  });
}

/** POST /studies/{studyId}/data/population (001 §2 population tab, §3 statistics). */
export function usePopulation(studyId: string, request: PopulationRequest) {
  return useQuery({
    queryKey: dataViewKeys.view(studyId, 'POPULATION', request),
    queryFn: ({ signal }) =>
      call(dataViewEndpoints.population, { params: { studyId }, body: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /studies/{studyId}/data/answers (001 §2 answer tab): only once a form is chosen. */
export function useAnswerTab(studyId: string, request: AnswerTabRequest | null) {
  return useQuery({
    queryKey: dataViewKeys.view(studyId, 'ANSWER', request),
    queryFn: ({ signal }) =>
      call(dataViewEndpoints.answers, {
        params: { studyId },
        body: request as AnswerTabRequest,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: request !== null,
  });
}

/** POST /studies/{studyId}/data/status (001 §2 status tab): only once a site is chosen. */
export function useStatusView(studyId: string, request: StatusViewRequest | null) {
  return useQuery({
    queryKey: dataViewKeys.view(studyId, 'STATUS', request),
    queryFn: ({ signal }) =>
      call(dataViewEndpoints.status, { params: { studyId }, body: request as StatusViewRequest, signal }),
    placeholderData: keepPreviousData,
    enabled: request !== null,
  });
}

/** POST /studies/{studyId}/data/monitor (001 §2 monitor tab). */
export function useMonitorView(studyId: string, request: MonitorRequest) {
  return useQuery({
    queryKey: dataViewKeys.view(studyId, 'MONITOR', request),
    queryFn: ({ signal }) => call(dataViewEndpoints.monitor, { params: { studyId }, body: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /studies/{studyId}/reports/verification (000 §2 reports-verification). */
export function useVerificationReport(studyId: string, query: ReportQuery, gate?: QueryGate) {
  return useQuery({
    queryKey: dataViewKeys.report(studyId, 'verification', query),
    queryFn: ({ signal }) =>
      call(dataViewEndpoints.verificationReport, { params: { studyId }, query, signal }),
    placeholderData: keepPreviousData,
    ...gatedQueryOptions(gate),
  });
}

/** GET /studies/{studyId}/reports/site (000 §2 reports-site-report). */
export function useSiteReport(studyId: string, query: ReportQuery, gate?: QueryGate) {
  return useQuery({
    queryKey: dataViewKeys.report(studyId, 'site', query),
    queryFn: ({ signal }) => call(dataViewEndpoints.siteReport, { params: { studyId }, query, signal }),
    placeholderData: keepPreviousData,
    ...gatedQueryOptions(gate),
  });
}
