/** What leaves the server of a subject (CONVENTIONS.md presenters; spec 000 §3, §6 redaction). */
import {
  type AccessUser,
  hasPermission,
  isRedactedValue,
  mergeSubjectName,
  missingSubjectAttributes,
  normalizeSubjectAttributes,
  REDACTED,
  redactSubjectForViewer,
  SELECTABLE_SUBJECT_FIELDS,
  type SelectableSubjectField,
  type StudyStatus,
  type SubjectAbilities,
  type SubjectAttributes,
  type SubjectAttributesInput,
  type SubjectLight,
  type SubjectView,
  studyEditScope,
  subjectFieldViewPermission,
} from '@trialbase/domain';
import type { SubjectRow, SubjectStudy } from './repo';

/** The stored attributes of a row, every attribute present (absent keys read as empty). */
export function attributesOf(row: Pick<SubjectRow, 'attributes'>): SubjectAttributes {
  return normalizeSubjectAttributes(row.attributes as SubjectAttributesInput);
}

/** What `subject.attributes` holds: the attributes of spec 000 §3 and who registered the subject. */
export function storedAttributes(
  attributes: SubjectAttributes,
  createdBy: string | null,
): Record<string, unknown> {
  return { ...attributes, createdBy };
}

/** Spec 001 §3 missingAttributes: required fields come from the study setting `subjectRequiredFields`. */
export function requiredSubjectFields(study: Pick<SubjectStudy, 'settings'>): SelectableSubjectField[] {
  const required = study.settings.subjectRequiredFields;
  if (!Array.isArray(required)) return [];
  return SELECTABLE_SUBJECT_FIELDS.filter((field) => required.includes(field));
}

/** Snapshot of a subject for the audit trail (protected; restricted values are kept there on purpose). */
export function subjectSnapshot(row: SubjectRow) {
  return {
    patientId: row.patientId,
    siteId: row.siteId,
    attributes: attributesOf(row),
    archived: row.archivedAt !== null,
  };
}

type Viewer = { access: AccessUser; required: readonly SelectableSubjectField[] };

/**
 * Whitelists a subject for a viewer: restricted fields they may not see become REDACTED
 * (spec 000 §6), and missing fields are listed only where the viewer could see them.
 */
export function presentSubject(row: SubjectRow, viewer: Viewer): SubjectView {
  return subjectPresenter(viewer)(row);
}

/**
 * presentSubject for many rows (lists, imports): what a viewer may see depends on the field and the
 * site, never on a value, so the domain's redaction is asked once per site, with every field
 * filled in, and the answer applied to each row of that site.
 */
export function subjectPresenter(viewer: Viewer): (row: SubjectRow) => SubjectView {
  const sites = new Map<string, { hidden: string[]; showsMissing: (field: string) => boolean }>();
  // The site of a scope counts only through a role limited to some sites (spec 000 §6, hasPermission):
  // without one in the study, every site of it gets the same answer, asked once.
  const bySite = new Map<string, boolean>();
  const isSiteLimited = (studyId: string) => {
    let limited = bySite.get(studyId);
    if (limited === undefined) {
      limited = viewer.access.studyAccess.some((a) => a.studyId === studyId && a.siteIds !== 'ALL');
      bySite.set(studyId, limited);
    }
    return limited;
  };
  const atSite = (view: Record<string, unknown>, scope: { studyId: string; siteId: string }) => {
    const key = isSiteLimited(scope.studyId) ? `${scope.studyId}/${scope.siteId}` : scope.studyId;
    let site = sites.get(key);
    if (!site) {
      const probe = Object.fromEntries(Object.keys(view).map((field) => [field, true]));
      const redacted = redactSubjectForViewer(probe, viewer.access, scope) as Record<string, unknown>;
      const missing = new Map<string, boolean>();
      site = {
        hidden: Object.keys(redacted).filter((field) => redacted[field] === REDACTED),
        showsMissing: (field) => {
          let shown = missing.get(field);
          if (shown === undefined) {
            const permission = subjectFieldViewPermission(field);
            shown = permission === null || hasPermission(viewer.access, permission, scope);
            missing.set(field, shown);
          }
          return shown;
        },
      };
      sites.set(key, site);
    }
    return site;
  };
  return (row) => {
    const attributes = attributesOf(row);
    const scope = { studyId: row.studyId, siteId: row.siteId };
    const createdBy = row.attributes.createdBy;
    const view: Record<string, unknown> = {
      id: row.id,
      studyId: row.studyId,
      siteId: row.siteId,
      patientId: row.patientId,
      ...attributes,
      archived: row.archivedAt !== null,
      missingAttributes: [] as string[],
      createdBy: typeof createdBy === 'string' ? createdBy : null,
      createdTime: row.createdAt.toISOString(),
      updatedTime: row.updatedAt.toISOString(),
    };
    const site = atSite(view, scope);
    view.missingAttributes = missingSubjectAttributes(attributes, viewer.required).filter(site.showsMissing);
    for (const field of site.hidden) if (view[field] !== undefined) view[field] = REDACTED;
    return view as SubjectView;
  };
}

/** Spec 001 §7 light list: the name merged from first and last name, REDACTED unless both are visible. */
export function presentSubjectLight(row: SubjectRow, access: AccessUser): SubjectLight {
  const attributes = attributesOf(row);
  const shown = redactSubjectForViewer(
    { name: mergeSubjectName(attributes.firstName, attributes.lastName) },
    access,
    { studyId: row.studyId, siteId: row.siteId },
  );
  return {
    id: row.id,
    patientId: row.patientId,
    siteId: row.siteId,
    name: isRedactedValue(shown.name) ? REDACTED : shown.name,
    archived: row.archivedAt !== null,
  };
}

/** Spec 000 §4 / 001 §4: what the caller may do with one subject (DESIGN.md abilities). */
export function subjectAbilities(
  access: AccessUser,
  study: Pick<SubjectStudy, 'status'>,
  row: SubjectRow,
  hasEnrollments: boolean,
): SubjectAbilities {
  const scope = { studyId: row.studyId, siteId: row.siteId };
  const editable = isSubjectEditable(study.status);
  const archived = row.archivedAt !== null;
  return {
    update: editable && hasPermission(access, 'PATIENT_UPDATE', scope),
    delete: editable && !hasEnrollments && hasPermission(access, 'PATIENT_DELETE', scope),
    archive: editable && !archived && hasPermission(access, 'PATIENT_ARCHIVE', scope),
    unarchive: editable && archived && hasPermission(access, 'PATIENT_UNARCHIVE', scope),
  };
}

/**
 * Subjects are registered only while the study captures data (test and production: spec
 * 000 §4; build has no data, and test data is discarded on start). An existing subject's
 * record can still be corrected, archived or deleted while the study's settings may change
 * (also in an amendment, so contact data stays current), never once locked or closed.
 */
export function isSubjectEditable(status: string): boolean {
  return studyEditScope(status as StudyStatus).settings;
}

export function canRegisterSubjects(status: string): boolean {
  return studyEditScope(status as StudyStatus).dataCapture;
}
