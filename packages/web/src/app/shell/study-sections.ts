import {
  IconAlertTriangle,
  IconApi,
  IconArchive,
  IconArrowsShuffle,
  IconBuildingHospital,
  IconChartBar,
  IconChartLine,
  IconDatabaseImport,
  IconFileCertificate,
  IconFileExport,
  IconFileReport,
  IconFiles,
  IconForms,
  IconLanguage,
  IconLayoutDashboard,
  IconListCheck,
  IconMessageQuestion,
  IconPill,
  IconRoute,
  IconTable,
  IconUserSquareRounded,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import {
  ACCESS_MANAGE_PERMISSION,
  DATA_TAB_PERMISSIONS,
  type PaidModule,
  type Permission,
  REPORT_PERMISSIONS,
} from '@trialbase/domain';
import type { StudyAbilities } from '../abilities';

type Icon = typeof IconForms;

/** A study section with a screen: shown when the caller's abilities allow its page's calls. */
export type StudySection = {
  key: string;
  /** Path under /study/:studyId/. */
  path: string;
  icon: Icon;
  /**
   * The i18n key of its menu label, in `common` (NAV.SECTIONS): the menu shows on every page, before
   * any area's namespace is loaded.
   */
  label: string;
  /** Shown when this holds (spec 000 §6); the server refuses the screen's calls otherwise. */
  isAllowed: (study: StudyAbilities) => boolean;
};

/** A section of the spec with no screen yet; a paid module's only when the study has it. */
export type PendingSection = StudySection & { module: PaidModule | null };

const can = (permission: Permission) => (study: StudyAbilities) => study.can(permission);
const canAll =
  (...permissions: Permission[]) =>
  (study: StudyAbilities) =>
    permissions.every((permission) => study.can(permission));
const canAny =
  (...permissions: Permission[]) =>
  (study: StudyAbilities) =>
    permissions.some((permission) => study.can(permission));

/**
 * The study's sections whose screens exist, in the order of a working day. The overview is
 * open to study members, as the server's study-member check says: STUDY_VIEW, or any role
 * but OTHER. Never a role name: only permissions decide (issue 12).
 */
export const STUDY_SECTIONS: readonly StudySection[] = [
  {
    key: 'OVERVIEW',
    path: 'overview',
    icon: IconLayoutDashboard,
    label: 'NAV.SECTIONS.OVERVIEW',
    isAllowed: (study) => study.can('STUDY_VIEW') || (study.role !== null && study.role !== 'OTHER'),
  },
  {
    key: 'SUBJECTS',
    path: 'patient',
    icon: IconUserSquareRounded,
    label: 'NAV.SECTIONS.SUBJECTS',
    isAllowed: can('PATIENT_LIST'),
  },
  {
    // Issue 19 item 3: the query list (site-limited users see their sites' queries).
    key: 'QUERIES',
    path: 'queries',
    icon: IconMessageQuestion,
    label: 'NAV.QUERIES',
    isAllowed: can('QUERY_VIEW'),
  },
  {
    // Issue 20 item 2: the AE list (site-limited users see their sites' AEs).
    key: 'ADVERSE_EVENTS',
    path: 'ae',
    icon: IconAlertTriangle,
    label: 'NAV.SECTIONS.ADVERSE_EVENTS',
    isAllowed: can('AE_LIST'),
  },
  {
    // Issue 20 item 3: custom AE reports on the study's AE forms (ae2), signed per site.
    key: 'CUSTOM_AE_REPORTS',
    path: 'ae2',
    icon: IconFileReport,
    label: 'NAV.SECTIONS.CUSTOM_AE_REPORTS',
    isAllowed: can('AE_LIST'),
  },
  {
    // Issue 21 item 3: the study-wide medication listing (site-limited users see their sites').
    key: 'MEDICATION',
    path: 'medication',
    icon: IconPill,
    label: 'NAV.SECTIONS.MEDICATION',
    isAllowed: can('PATIENT_LIST_MEDICATION'),
  },
  {
    key: 'FORMS',
    path: 'questionnaireTemplate',
    icon: IconForms,
    label: 'NAV.SECTIONS.FORMS',
    isAllowed: can('QUESTIONNAIRE_TEMPLATE_LIST'),
  },
  {
    key: 'PROCESSES',
    path: 'pathway',
    icon: IconRoute,
    label: 'NAV.SECTIONS.PROCESSES',
    isAllowed: can('PATHWAY_LIST'),
  },
  {
    key: 'RULES',
    path: 'referenceRules',
    icon: IconListCheck,
    label: 'NAV.SECTIONS.RULES',
    // The rules page lists the study's forms beside the rules (GET questionnairetemplate).
    isAllowed: canAll('QUESTIONNAIRE_TEMPLATE_VIEW', 'QUESTIONNAIRE_TEMPLATE_LIST'),
  },
  {
    key: 'SITES',
    path: 'sites',
    icon: IconBuildingHospital,
    label: 'NAV.SECTIONS.SITES',
    isAllowed: can('SITE_OVERVIEW'),
  },
  {
    // Spec 001 §6: translation editing requires canEdit; every translation call asks STUDY_TRANSLATIONS.
    key: 'TRANSLATIONS',
    path: 'translations',
    icon: IconLanguage,
    label: 'NAV.SECTIONS.TRANSLATIONS',
    isAllowed: can('STUDY_TRANSLATIONS'),
  },
  {
    key: 'ACCESS',
    path: 'access',
    icon: IconUsersGroup,
    label: 'NAV.SECTIONS.ACCESS',
    isAllowed: can(ACCESS_MANAGE_PERMISSION),
  },
  { key: 'API', path: 'api', icon: IconApi, label: 'NAV.SECTIONS.API', isAllowed: can('API_KEY_VIEW') },
  {
    // Issue 28 item 3: the file vault, the study's documents meant for the caller's sites and role.
    key: 'FILE_VAULT',
    path: 'documents',
    icon: IconFiles,
    label: 'NAV.SECTIONS.FILE_VAULT',
    isAllowed: can('FILE_VAULT_VIEW'),
  },
  {
    // Issue 28 item 4: external data (001 §2 externalData); importing answers needs PATIENT_DELETE (001 §6).
    key: 'EXTERNAL_DATA',
    path: 'externalData',
    icon: IconDatabaseImport,
    label: 'NAV.SECTIONS.EXTERNAL_DATA',
    isAllowed: can('PATIENT_DELETE'),
  },
  {
    // Issue 28 item 1: the study's webhook endpoints and their delivery log (000 §2 webHooks).
    key: 'WEBHOOKS',
    path: 'webhooks',
    icon: IconWebhook,
    label: 'NAV.SECTIONS.WEBHOOKS',
    isAllowed: can('WEBHOOK_LIST'),
  },
  {
    // Issue 25: the data views; each tab shows for its own permission (spec 001 §6).
    key: 'DATA',
    path: 'data',
    icon: IconTable,
    label: 'NAV.DATA',
    isAllowed: canAny(...Object.values(DATA_TAB_PERMISSIONS)),
  },
  {
    // Issue 25: 000 §2 reports-verification (site-limited callers see their sites).
    key: 'VERIFICATION_REPORT',
    path: 'reports/verification',
    icon: IconChartBar,
    label: 'NAV.SECTIONS.VERIFICATION_REPORT',
    isAllowed: can(REPORT_PERMISSIONS.VERIFICATION),
  },
  {
    // Issue 25: 000 §2 reports-site-report.
    key: 'SITE_REPORT',
    path: 'reports/site',
    icon: IconChartLine,
    label: 'NAV.SECTIONS.SITE_REPORT',
    isAllowed: can(REPORT_PERMISSIONS.SITE),
  },
  {
    // Issue 26: the export builder and the caller's own exports (REPORTING_EXPORT; site-limited users export their sites).
    key: 'EXPORTS',
    path: 'exports',
    icon: IconFileExport,
    label: 'NAV.SECTIONS.EXPORTS',
    isAllowed: can('REPORTING_EXPORT'),
  },
  {
    // Issue 22 item 5: randomization balance (TRIAL_GROUP_VIEW) and the allocation list export (ADMIN).
    key: 'RANDOMIZATION',
    path: 'randomization',
    icon: IconArrowsShuffle,
    label: 'NAV.SECTIONS.RANDOMIZATION',
    isAllowed: canAny('TRIAL_GROUP_VIEW', 'RANDOMIZATION_LIST_EXPORT'),
  },
  {
    // Issue 24: the consent log (ECONSENT_LIST) and the consent documents (ECONSENT_VIEW).
    key: 'ECONSENT',
    path: 'econsent',
    icon: IconFileCertificate,
    label: 'NAV.SECTIONS.ECONSENT',
    isAllowed: canAny('ECONSENT_LIST', 'ECONSENT_VIEW'),
  },
  {
    // Issue 23 item 5: removed items (soft delete) with who, when and why; the list asks SOFT_DELETE.
    key: 'STORAGE',
    path: 'storage',
    icon: IconArchive,
    label: 'NAV.SECTIONS.STORAGE',
    isAllowed: can('SOFT_DELETE'),
  },
];

/**
 * Sections of the spec (routes.tsv) with no screen in Trialbase yet. Issue 12: a module that
 * is switched on says so instead of offering nothing; the menu lists them, marked, for
 * callers who would be allowed to use them, and their page explains.
 */
export const PENDING_SECTIONS: readonly PendingSection[] = [];

/**
 * Paid modules with no screen of their own in Trialbase yet, including those without a
 * section (medication on the subject, reference question types): the modules
 * panel marks them "not available yet" when the study has them switched on.
 */
export const MODULES_WITHOUT_SCREEN: ReadonlySet<PaidModule> = new Set<PaidModule>([
  ...PENDING_SECTIONS.flatMap((section) => (section.module ? [section.module] : [])),
  'UNSCHEDULED_EVENT_REFERENCES',
]);

/** The pending sections to list for this caller in a study with these modules. */
export function pendingSectionsFor(
  study: StudyAbilities,
  modules: readonly string[] | undefined,
): PendingSection[] {
  return PENDING_SECTIONS.filter(
    (section) =>
      section.isAllowed(study) && (section.module === null || (modules ?? []).includes(section.module)),
  );
}
