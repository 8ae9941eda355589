import { accessEndpoints } from './access/endpoints';
import { adminEndpoints } from './admin/endpoints';
import { customAeReportEndpoints } from './adverse-events/custom-reports/endpoints';
import { adverseEventEndpoints } from './adverse-events/endpoints';
import { amendmentEndpoints } from './amendments/endpoints';
import { authEndpoints } from './auth/endpoints';
import { buildCheckEndpoints } from './build-check/endpoints';
import { casebookEndpoints } from './casebooks/endpoints';
import { dataViewEndpoints } from './data-views/endpoints';
import { econsentEndpoints } from './econsent/endpoints';
import { enrollmentEndpoints } from './enrollments/endpoints';
import { exportEndpoints } from './exports/endpoints';
import { externalDataEndpoints } from './external-data/endpoints';
import { feedEndpoints } from './feed/endpoints';
import { fileVaultEndpoints } from './file-vault/endpoints';
import { fileEndpoints } from './files/endpoints';
import { formEndpoints } from './forms/endpoints';
import { importEndpoints } from './imports/endpoints';
import { dataApiEndpoints } from './integrations/data-api';
import { integrationEndpoints } from './integrations/endpoints';
import { medicationEndpoints } from './medication/endpoints';
import { processEndpoints } from './processes/endpoints';
import { PARTICIPANT_LINK_HEADER, publicEndpoints } from './public/endpoints';
import { queryEndpoints } from './queries/endpoints';
import { questionnaireEndpoints } from './questionnaires/endpoints';
import { randomizationEndpoints } from './randomization/endpoints';
import { ruleEndpoints } from './rules/endpoints';
import { siteEndpoints } from './sites/endpoints';
import { storageEndpoints } from './storage/endpoints';
import { studyEndpoints } from './studies/endpoints';
import { subjectEndpoints } from './subjects/endpoints';
import { systemEndpoints } from './system/endpoints';
import { tokenEndpoints } from './tokens/endpoints';
import { translationEndpoints } from './translations/endpoints';
import { userEndpoints } from './users/endpoints';
import { webhookEndpoints } from './webhooks/endpoints';

export {
  accessEndpoints,
  adminEndpoints,
  adverseEventEndpoints,
  amendmentEndpoints,
  authEndpoints,
  buildCheckEndpoints,
  enrollmentEndpoints,
  feedEndpoints,
  fileEndpoints,
  formEndpoints,
  integrationEndpoints,
  PARTICIPANT_LINK_HEADER,
  processEndpoints,
  publicEndpoints,
  queryEndpoints,
  questionnaireEndpoints,
  ruleEndpoints,
  siteEndpoints,
  storageEndpoints,
  studyEndpoints,
  subjectEndpoints,
  systemEndpoints,
  tokenEndpoints,
  translationEndpoints,
  userEndpoints,
};

/**
 * Every endpoint of the API by area (issue 14 item 6). The server registers one route per
 * endpoint and the web clients call them by name; `endpoints.test.ts` keeps the list and the
 * server's routes one to one.
 */
export const endpoints = {
  access: accessEndpoints,
  admin: adminEndpoints,
  adverseEvents: adverseEventEndpoints,
  amendments: amendmentEndpoints,
  auth: authEndpoints,
  buildCheck: buildCheckEndpoints,
  casebooks: casebookEndpoints,
  customAeReports: customAeReportEndpoints,
  econsent: econsentEndpoints,
  dataViews: dataViewEndpoints,
  enrollments: enrollmentEndpoints,
  exports: exportEndpoints,
  feed: feedEndpoints,
  fileVault: fileVaultEndpoints,
  externalData: externalDataEndpoints,
  files: fileEndpoints,
  forms: formEndpoints,
  imports: importEndpoints,
  integrations: integrationEndpoints,
  dataApi: dataApiEndpoints,
  medication: medicationEndpoints,
  processes: processEndpoints,
  public: publicEndpoints,
  queries: queryEndpoints,
  randomization: randomizationEndpoints,
  questionnaires: questionnaireEndpoints,
  rules: ruleEndpoints,
  sites: siteEndpoints,
  storage: storageEndpoints,
  studies: studyEndpoints,
  subjects: subjectEndpoints,
  system: systemEndpoints,
  tokens: tokenEndpoints,
  translations: translationEndpoints,
  users: userEndpoints,
  webhooks: webhookEndpoints,
} as const;
