// Every table of the application, for Drizzle's typed queries and for drizzle-kit's migrations.

export { studyAccess } from '../../modules/access/tables';
export { customAeReports } from '../../modules/adverse-events/custom-reports/tables';
export { adverseEvents, aeSignatures, aeStudySettings } from '../../modules/adverse-events/tables';
export { casebookJobs } from '../../modules/casebooks/tables';
export {
  answerTallies,
  answerValueDirty,
  answerValueSeen,
  answerValueTallies,
} from '../../modules/data-views/tables';
export {
  econsentFiles,
  econsentPaperRecords,
  econsentSignatures,
  econsentSigningKeys,
} from '../../modules/econsent/tables';
export { enrollments } from '../../modules/enrollments/tables';
export { tokenNotifications, tokens } from '../../modules/enrollments/tokens/tables';
export { exportChunks, exportJobs } from '../../modules/exports/tables';
export {
  fileVaultDocuments,
  fileVaultFolders,
  fileVaultSecrets,
  fileVaultVersions,
} from '../../modules/file-vault/tables';
export { answerFiles } from '../../modules/files/tables';
export {
  formTemplates,
  formTemplateVersions,
  studyImages,
  systemFormTemplates,
  userFormTemplates,
} from '../../modules/forms/tables';
export { apiKeys } from '../../modules/integrations/tables';
export { medicationAccounting, medications } from '../../modules/medication/tables';
export { processDataEvents, processes } from '../../modules/processes/tables';
export { oneTimePasswords, participantSessions, publicSubmissions } from '../../modules/public/tables';
export { queries } from '../../modules/queries/tables';
export { answers, questionnaires } from '../../modules/questionnaires/tables';
export {
  blindBreaks,
  randomizationAllocations,
  randomizationListEntries,
  randomizationStates,
} from '../../modules/randomization/tables';
export { showRules, validationRules } from '../../modules/rules/tables';
export { siteBookings, sites } from '../../modules/sites/tables';
export { removedItems } from '../../modules/storage/tables';
export { enterpriseCodes, studies, subscriptionPlans } from '../../modules/studies/tables';
export { subjectCounts, subjects } from '../../modules/subjects/tables';
export { notifications, users, userTableSettings, userTokens } from '../../modules/users/tables';
export { webhookAttempts, webhookEndpoints, webhookMessages } from '../../modules/webhooks/tables';
export { auditChainHeads, auditEvents, auditLinks, auditPending } from '../audit/tables';
export { loginThrottle, sessions } from '../auth/tables';
export { outboxMessages } from '../outbox/tables';
