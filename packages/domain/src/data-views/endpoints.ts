import { defineEndpoint } from '../common/endpoint';
import {
  AnswerTabRequestSchema,
  AnswerTabSchema,
  DataFilterOptionsSchema,
  DataViewParamsSchema,
  MonitorRequestSchema,
  MonitorViewSchema,
  PopulationRequestSchema,
  PopulationSchema,
  ReportQuerySchema,
  SiteReportSchema,
  StatusViewRequestSchema,
  StatusViewSchema,
  VerificationReportSchema,
} from './schemas';

const DATA = '/api/studies/:studyId/data';
const REPORTS = '/api/studies/:studyId/reports';

function optionsOf<const P extends `/api/${string}`>(path: P, tab: string) {
  return defineEndpoint({
    method: 'GET',
    path,
    summary: `What the cascading filter selects of the ${tab} tab offer (site, data event, form, question, possibility)`,
    tags: ['data-views'],
    params: DataViewParamsSchema,
    response: { 200: DataFilterOptionsSchema },
  });
}

/**
 * The data views and reports (issue 25; spec 001 §2 data tabs, §3 population statistics, 000 §2
 * reports): ours, as the spec names no calls for them. Each tab has its own permission (001 §6).
 */
export const dataViewEndpoints = {
  populationOptions: optionsOf(`${DATA}/population/options`, 'population'),
  population: defineEndpoint({
    method: 'POST',
    path: `${DATA}/population`,
    summary: 'Population statistics, gender split, age distribution and the patients list',
    tags: ['data-views'],
    params: DataViewParamsSchema,
    body: PopulationRequestSchema,
    response: { 200: PopulationSchema },
  }),
  answersOptions: optionsOf(`${DATA}/answers/options`, 'answer'),
  answers: defineEndpoint({
    method: 'POST',
    path: `${DATA}/answers`,
    summary: "A form's answers: the distribution per question and a page of filled forms",
    tags: ['data-views'],
    params: DataViewParamsSchema,
    body: AnswerTabRequestSchema,
    response: { 200: AnswerTabSchema },
  }),
  statusOptions: optionsOf(`${DATA}/status/options`, 'status'),
  status: defineEndpoint({
    method: 'POST',
    path: `${DATA}/status`,
    summary: 'Form status of every data event of the subjects of one site, with totals',
    tags: ['data-views'],
    params: DataViewParamsSchema,
    body: StatusViewRequestSchema,
    response: { 200: StatusViewSchema },
  }),
  monitorOptions: optionsOf(`${DATA}/monitor/options`, 'monitor'),
  monitor: defineEndpoint({
    method: 'POST',
    path: `${DATA}/monitor`,
    summary:
      'Verification progress, open queries, missing data, overdue and expired events per site and subject',
    tags: ['data-views'],
    params: DataViewParamsSchema,
    body: MonitorRequestSchema,
    response: { 200: MonitorViewSchema },
  }),
  verificationReport: defineEndpoint({
    method: 'GET',
    path: `${REPORTS}/verification`,
    summary: 'Share of answers verified (primary and secondary) per site and form',
    tags: ['data-views'],
    params: DataViewParamsSchema,
    query: ReportQuerySchema,
    response: { 200: VerificationReportSchema },
  }),
  siteReport: defineEndpoint({
    method: 'GET',
    path: `${REPORTS}/site`,
    summary: 'Enrolment per site against its target, recruitment per month, events completed on time',
    tags: ['data-views'],
    params: DataViewParamsSchema,
    query: ReportQuerySchema,
    response: { 200: SiteReportSchema },
  }),
} as const;
