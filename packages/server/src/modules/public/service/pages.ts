/**
 * What the public pages read (spec 002 §7): consent text before validation, site public info for
 * the sign-up page, the study logo, and getProcess for the fill and index pages.
 */
import {
  type FormStatus,
  type FormVersion,
  formStatusForToken,
  type LanguageCode,
  listDataEventForms,
  type ParticipantFormWire,
  type Process,
  ProcessSchema,
  type PublicConsentInfo,
  type PublicProcessWire,
  type PublicSiteInfo,
  SELECTABLE_SUBJECT_FIELDS,
  SIGNUP_INVESTIGATOR_FIELDS,
  type StudyStatus,
  signUpBlockReasons,
  signUpSwitchesOf,
  type TokenStatus,
  toParticipantForm,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { type FillRead, listAnswerRows } from '../../questionnaires/api';
import { type LoadedForm, loadForms } from '../../questionnaires/service/context';
import {
  findPublicSite,
  findPublicStudy,
  findStudyImage,
  listLiveProcessIds,
  type PublicStudyRow,
} from '../repo';
import { consentOf, type LoadedLink, loadLink } from './link';

/** Spec 002 §7 getInfo: the consent text of a link's process, before the link is validated. */
export async function getConsentInfo(
  db: Executor,
  input: { studyId: string; token: string },
  /** The link's fill read with the request's link limit (route-helpers.ts linkFillOf). */
  read: FillRead | null = null,
): Promise<PublicConsentInfo> {
  return consentInfoOf(await loadLink(db, input.studyId, input.token, { read }));
}

/** Spec 002 §3 consent info of a loaded link (getInfo's answer). */
export function consentInfoOf(link: LoadedLink): PublicConsentInfo {
  return {
    primaryLanguage: link.study.primaryLanguage as LanguageCode,
    consentRequired: link.process.consentRequired,
    didAcceptConsent: consentOf(link.enrollment).didAcceptConsent,
    consentText: link.process.consentText ? [link.process.consentText] : [],
  };
}

const DEFAULT_OPTIONAL_FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber', 'language'];
const ASKABLE = new Set<string>([...SELECTABLE_SUBJECT_FIELDS, ...SIGNUP_INVESTIGATOR_FIELDS]);

function stringList(value: unknown): string[] | null {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && ASKABLE.has(v))
    : null;
}

/**
 * The fields the public sign-up asks (spec 002 §3 patientFields / patientOptionalFields), from
 * the study settings `publicSignUpRequiredFields` / `publicSignUpOptionalFields`; without them
 * the subjects' required fields and a short default list.
 */
export function signUpFieldsOf(study: Pick<PublicStudyRow, 'settings'>) {
  const s = study.settings;
  const required = stringList(s.publicSignUpRequiredFields) ?? stringList(s.subjectRequiredFields) ?? [];
  const optional = (stringList(s.publicSignUpOptionalFields) ?? DEFAULT_OPTIONAL_FIELDS).filter(
    (f) => !required.includes(f),
  );
  return { patientFields: required, patientOptionalFields: optional };
}

/** Spec 002 §4 gate flags, from the study settings (off unless set). */
export function signUpGateOf(study: PublicStudyRow, sitePublic: boolean) {
  return signUpBlockReasons({
    disallowEnrollmentWhenStudyNotOngoing: study.settings.disallowEnrollmentWhenStudyNotOngoing === true,
    disallowEnrollmentWhenPublicSignUpDisabled:
      study.settings.disallowEnrollmentWhenPublicSignUpDisabled === true,
    studyStatus: study.status as StudyStatus,
    sitePublic,
  });
}

/** The public process the site page offers: the one asked for, else the study's first public one. */
async function publicProcessOf(
  db: Executor,
  studyId: string,
  pathwayId: string | undefined,
): Promise<Process | null> {
  const rows = await listLiveProcessIds(db, studyId);
  const all = rows.map((r) => ProcessSchema.parse({ ...r.document, id: r.id }));
  if (pathwayId) return all.find((p) => p.id === pathwayId && p.public) ?? null;
  return all.find((p) => p.public) ?? null;
}

/** Spec 002 §3 site public info (GET public/study/{studyId}/site/{siteId}/getInfo). */
export async function getSiteInfo(
  db: Executor,
  input: { studyId: string; siteId: string; pathwayId?: string },
): Promise<PublicSiteInfo> {
  const study = await findPublicStudy(db, input.studyId);
  const site = study ? await findPublicSite(db, input.studyId, input.siteId) : null;
  if (!study || !site) throw notFound('The site');
  const process = await publicProcessOf(db, study.id, input.pathwayId);
  const fields = signUpFieldsOf(study);
  return {
    studyName: study.name,
    studyDescription: study.description,
    studyStatus: study.status as StudyStatus,
    public: site.isPublic,
    pathwayId: process?.id ?? null,
    ...fields,
    languages: study.languages as LanguageCode[],
    dateFormat: study.dateFormat,
    consentRequired: process?.consentRequired ?? false,
    consentText: process?.consentText ?? null,
    publicIntroTextEnabled: process?.publicIntroTextEnabled ?? false,
    publicIntroText: process?.publicIntroText ?? null,
    disableInvestigatorAttributesFields: process?.disableInvestigatorAttributesFields ?? false,
    primaryLanguage: study.primaryLanguage as LanguageCode,
    signUpAllowed: process !== null && signUpGateOf(study, site.isPublic).length === 0,
    ...signUpSwitchesOf(study.settings),
  };
}

/** The image id of the study logo (study settings `logo`), when it names an image of the study. */
async function logoImage(db: Executor, studyId: string) {
  const study = await findPublicStudy(db, studyId);
  if (!study) throw notFound('The study');
  const logo = study.settings.logo;
  return typeof logo === 'string' ? findStudyImage(db, studyId, logo) : null;
}

/** Spec 002 §7 logo: the url of the study's logo, null when it has none (the page shows the default). */
export async function getLogo(db: Executor, studyId: string): Promise<{ url: string | null }> {
  const image = await logoImage(db, studyId);
  return { url: image ? `/api/public/study/${studyId}/logo/image` : null };
}

/** The logo's bytes, images only (checked by stored content type). */
export async function getLogoImage(db: Executor, studyId: string) {
  const image = await logoImage(db, studyId);
  if (!image) throw notFound('The logo');
  // Only images leave this route, whatever was stored under the logo id.
  if (!image.contentType.startsWith('image/')) throw notFound('The logo');
  return image;
}

/** Each cached form document's participant shape, at the version it was last sent with. */
const participantForms = new WeakMap<object, { version: string; wire: ParticipantFormWire }>();

/**
 * The form as a participant receives it (toParticipantForm), made once per cached form version
 * (issue 16 item 2: getProcess re-checked and re-trimmed the whole document for every answer).
 */
function participantFormOf(loaded: LoadedForm): ParticipantFormWire {
  const version = `${loaded.taggedVersion.major}.${loaded.taggedVersion.minor}`;
  const kept = participantForms.get(loaded.document);
  if (kept?.version === version) return kept.wire;
  const wire = toParticipantForm(loaded.form);
  participantForms.set(loaded.document, { version, wire });
  return wire;
}

/**
 * Spec 002 §7 getProcess: the link's data event with its forms in order (mandatory then
 * optional), each at the version the enrollment was tagged with, and what was saved so far.
 */
export async function getProcessForLink(db: Executor, link: LoadedLink): Promise<PublicProcessWire> {
  const { study, token, enrollment, process, event } = link;
  const optional = new Set(event.optionalForms);
  const formIds = listDataEventForms(process, event.id) ?? [];
  // The link was loaded with its answer sets (oldest first), so they are not read again.
  const saved = link.questionnaires;
  const savedAnswers = await listAnswerRows(
    db,
    study.id,
    saved.map((q) => q.id),
  );
  const tags: Record<string, FormVersion | undefined> = {};
  for (const formId of formIds) {
    const questionnaire = saved.find((q) => q.formId === formId);
    tags[formId] = questionnaire
      ? { major: questionnaire.formMajor, minor: questionnaire.formMinor }
      : enrollment.formVersions[formId];
  }
  // The same reading as the submit that will check these answers (removed forms take none), every
  // form of the event in one read of their heads.
  const loadedForms = await loadForms(
    db,
    study.id,
    formIds.map((id) => ({ id, isOptional: optional.has(id) })),
    tags,
    link.designKey,
  );
  const forms: PublicProcessWire['forms'] = [];
  for (const formId of formIds) {
    const questionnaire = saved.find((q) => q.formId === formId) ?? null;
    const loaded = loadedForms.find((f) => f.formId === formId);
    if (!loaded || loaded.isRemoved) continue;
    forms.push({
      formId,
      order: forms.length + 1,
      optional: optional.has(formId),
      version: loaded.taggedVersion,
      form: participantFormOf(loaded),
      questionnaireId: questionnaire?.id ?? null,
      status: formStatusForToken(
        (questionnaire?.status as FormStatus | undefined) ?? null,
        token.missingData,
      ),
      answers: savedAnswers
        .filter((a) => a.questionnaireId === questionnaire?.id)
        .map((a) => ({
          questionId: a.questionId,
          value: a.value,
          isUnavailable: a.isUnavailable,
          isSkipped: a.isSkipped,
        })),
    });
  }
  return {
    studyId: study.id,
    studyName: study.name,
    tokenId: token.id,
    tokenStatus: token.status as TokenStatus,
    enrollmentId: enrollment.id,
    processId: process.id,
    dataEvent: { id: event.id, name: event.name, type: event.type, forceFormOrder: event.forceFormOrder },
    primaryLanguage: study.primaryLanguage as LanguageCode,
    languages: study.languages as LanguageCode[],
    preferredLang: enrollment.language as LanguageCode,
    dateFormat: study.dateFormat,
    dateTimeFormat: study.dateTimeFormat,
    forms,
  };
}
