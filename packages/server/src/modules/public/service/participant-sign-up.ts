/**
 * Spec 002 §2 public sign-up page, §3 payload, §4 gate, §5 field rules: a participant registers
 * at a site into a public process. The subject is created by the subjects module and enrolled by
 * the enrollments module, in one transaction with the PUBLIC_SIGNUP audit event.
 *
 * So that the answer never tells whether an email is already registered (issue 8 item 5), a
 * sign-up that gives an email never answers with the link: the link (or, for a known address,
 * a note) goes to that mailbox. Without an email the answer carries the link when the first
 * data event is open at once.
 */
import {
  type AccessUser,
  type CreateSubject,
  hasInvalidPhoneNumber,
  messageLanguages,
  type PublicSignUpBody,
  SIGNUP_ADDRESS_PARTS,
  SIGNUP_INVESTIGATOR_FIELDS,
  type SignUpInput,
  signUpSwitchesOf,
  validateSignUp,
} from '@trialbase/domain';
import { AppError, notFound, validationError } from '../../../platform/errors';
import { t } from '../../../platform/i18n/i18n';
import { newId } from '../../../platform/ids';
import { queueMessage } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import { findActiveEnrollmentOfSubject, findLiveProcess, updateEnrollment } from '../../enrollments/api';
import { enrollSubject } from '../../enrollments/service/enroll-subject';
import { claimNotification, listEnrollmentTokens } from '../../enrollments/tokens/api';
import { contactOf, type ScheduleEnv, sendTokenLink } from '../../enrollments/tokens/service/send-link';
import { createSubject } from '../../subjects/service/create-subject';
import { findPublicSite, findPublicStudy, findSubjectsByEmail } from '../repo';
import { signUpFieldsOf, signUpGateOf } from './pages';

/** A public participant holds no staff permission (the subject view created is not returned). */
const NO_ACCESS: AccessUser = { systemPermissions: [], studyAccess: [] };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const textOrNull = (v: unknown) => (blank(v) ? null : String(v).trim());

function phonesOf(value: PublicSignUpBody['mobileNumber']) {
  return (value ?? [])
    .filter((p) => !blank(p.number))
    .map((p) => ({ number: String(p.number).trim(), countryCode: p.countryCode ?? 0 }));
}

/** Spec 002 §3 payload → subject attributes, only the fields this sign-up asks for. */
function subjectOf(body: SignUpInput, asked: Set<string>): CreateSubject {
  const pick = <T>(field: string, value: T): T | undefined => (asked.has(field) ? value : undefined);
  const address = body.address?.[0];
  const hasAddress = address && SIGNUP_ADDRESS_PARTS.every((part) => !blank(address[part]));
  const investigatorName = [body.investigatorFirstName, body.investigatorLastName]
    .map(textOrNull)
    .filter((v): v is string => v !== null)
    .join(' ');
  const attributes: CreateSubject = {
    firstName: pick('firstName', textOrNull(body.firstName)),
    lastName: pick('lastName', textOrNull(body.lastName)),
    initials: pick('initials', textOrNull(body.initials)),
    email: pick('email', textOrNull(body.email)),
    mobileNumber: pick('mobileNumber', phonesOf(body.mobileNumber as PublicSignUpBody['mobileNumber'])),
    homeNumber: pick('homeNumber', phonesOf(body.homeNumber as PublicSignUpBody['homeNumber'])),
    workNumber: pick('workNumber', phonesOf(body.workNumber as PublicSignUpBody['workNumber'])),
    birthYear: pick('birthYear', blank(body.birthYear) ? null : Number(body.birthYear)),
    ssChecksum: pick('ssChecksum', textOrNull(body.ssChecksum)),
    gender: pick('gender', blank(body.gender) ? null : (Number(body.gender) as 0 | 1 | 2)),
    nationality: pick('nationality', textOrNull(body.nationality)),
    guardian1: pick('guardian1', textOrNull(body.guardian1)),
    guardian2: pick('guardian2', textOrNull(body.guardian2)),
    language: pick('language', textOrNull(body.language) as CreateSubject['language']),
    dateOfBirth: pick('dateOfBirth', textOrNull(body.dateOfBirth)),
    address: pick(
      'address',
      hasAddress
        ? [
            {
              streetName: String(address.streetName).trim(),
              streetNumber: String(address.streetNumber).trim(),
              zip: String(address.zip).trim(),
              city: String(address.city).trim(),
              country: String(address.country).trim(),
            },
          ]
        : [],
    ),
    investigatorName: investigatorName === '' ? undefined : investigatorName,
    investigatorEmail: pick('investigatorEmail', textOrNull(body.investigatorEmail)),
    investigatorId: pick('investigatorId', textOrNull(body.investigatorId)),
  };
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined)) as CreateSubject;
}

export type SignUpInputs = {
  studyId: string;
  pathwayId: string;
  body: PublicSignUpBody;
  /** Investigator fields from the sign-up link's query string. */
  query: Partial<Record<(typeof SIGNUP_INVESTIGATOR_FIELDS)[number], string>>;
};

/** Spec 002 §7 pathwaySignUp; answers `{ token }` or `{}` (the success screen). */
export async function publicSignUp(
  ctx: UseCaseContext,
  input: SignUpInputs,
  env: ScheduleEnv,
): Promise<{ token?: string }> {
  const study = await findPublicStudy(ctx.tx, input.studyId);
  if (!study) throw notFound('The study');
  const process = await findLiveProcess(ctx.tx, input.studyId, input.pathwayId);
  if (!process) throw notFound('The process');
  const site = await findPublicSite(ctx.tx, input.studyId, input.body.siteId);
  if (!site) throw notFound('The site');
  // Spec 002 §4, §8: a closed sign-up is the failure screen (an error without an id).
  const reasons = signUpGateOf(study, site.isPublic);
  if (!process.public || reasons.length > 0) {
    throw new AppError('RESTRICTION', 'This sign-up is not open.', {
      context: { reasons: process.public ? reasons : ['PROCESS_NOT_PUBLIC', ...reasons] },
    });
  }
  const fields = signUpFieldsOf(study);
  const investigatorOff = process.disableInvestigatorAttributesFields;
  const keep = (f: string) =>
    !investigatorOff || !(SIGNUP_INVESTIGATOR_FIELDS as readonly string[]).includes(f);
  const config = {
    patientFields: fields.patientFields.filter(keep),
    patientOptionalFields: fields.patientOptionalFields.filter(keep),
  };
  const body: SignUpInput = { ...(input.body as SignUpInput) };
  for (const field of SIGNUP_INVESTIGATOR_FIELDS) {
    if (investigatorOff) body[field] = null;
    else if (blank(body[field]) && input.query[field]) body[field] = input.query[field];
  }
  const issues = validateSignUp(
    body,
    {
      ...config,
      ...signUpSwitchesOf(study.settings),
      languages: study.languages,
      consentRequired: process.consentRequired,
    },
    ctx.now,
  );
  if (issues.length > 0) {
    throw validationError(
      issues,
      'Some answers need another look.',
      hasInvalidPhoneNumber(issues) ? 'INVALID_PHONENUMBER' : undefined,
    );
  }
  const asked = new Set([...config.patientFields, ...config.patientOptionalFields]);
  const attributes = subjectOf(body, asked);
  const email = attributes.email ?? null;

  const known = email ? await findSubjectsByEmail(ctx.tx, input.studyId, email) : [];
  if (email && known.length > 0) {
    await signUpKnownAddress(ctx, {
      ...input,
      processId: process.id,
      email,
      subject: known[0],
      reenroll: process.publicReenroll,
      primary: study.primaryLanguage,
      env,
    });
    return {};
  }

  const automation = study.subjectIdAutomation;
  const [subject] = await createSubject(ctx, {
    studyId: input.studyId,
    siteId: site.id,
    subject: automation === 'manual' ? { ...attributes, patientId: `P-${newId(ctx.now)}` } : attributes,
    access: NO_ACCESS,
  });
  if (!subject) throw new Error('createSubject returned nothing');
  const { enrollment } = await enrollSubject(
    ctx,
    { studyId: input.studyId, siteId: site.id, subjectId: subject.id, processId: process.id },
    env,
  );
  if (process.consentRequired && body.consent === true) {
    const consentTime = ctx.now.toISOString();
    await updateEnrollment(ctx.tx, input.studyId, enrollment.id, {
      details: { ...enrollment.details, didAcceptConsent: true, consentTime },
      updatedAt: ctx.now,
    });
    await ctx.audit({
      action: 'CONSENT_ACCEPTED',
      entityType: 'ENROLLMENT',
      entityId: enrollment.id,
      studyId: input.studyId,
      before: { didAcceptConsent: false },
      after: { didAcceptConsent: true, consentTime, via: 'PUBLIC_SIGNUP' },
    });
  }
  await ctx.audit({
    action: 'PUBLIC_SIGNUP',
    entityType: 'SUBJECT',
    entityId: subject.id,
    studyId: input.studyId,
    after: { siteId: site.id, processId: process.id, enrollmentId: enrollment.id, outcome: 'REGISTERED' },
  });
  const tokens = await listEnrollmentTokens(ctx.tx, input.studyId, enrollment.id);
  const open = tokens.find((t) => t.status === 'UNUSED');
  if (!open) return {};
  if (!email) return { token: open.token };
  // The link goes to the mailbox; the schedule already sent it when the event sends by email.
  const event = process.dataEvents.find((e) => e.id === open.dataEventId);
  if (event && event.sendAs !== 'SEND_AS_EMAIL' && event.sendAs !== 'SEND_AS_BOTH') {
    await sendSignUpLink(ctx, {
      token: open,
      event,
      email,
      language: enrollment.language,
      primary: study.primaryLanguage,
      env,
    });
  }
  return {};
}

async function sendSignUpLink(
  ctx: UseCaseContext,
  input: {
    token: Awaited<ReturnType<typeof listEnrollmentTokens>>[number];
    event: Parameters<typeof sendTokenLink>[1]['event'];
    email: string;
    language: string;
    primary: string;
    env: ScheduleEnv;
  },
) {
  const kind = 'SIGNUP';
  const claimed = await claimNotification(ctx.tx, {
    studyId: input.token.studyId,
    tokenId: input.token.id,
    kind,
    dueAt: ctx.now,
    now: ctx.now,
  });
  if (!claimed) return;
  await sendTokenLink(ctx, {
    token: input.token,
    event: { ...input.event, sendAs: 'SEND_AS_EMAIL' },
    purpose: 'ACTIVATION',
    kind,
    contact: { email: input.email, mobile: null, language: input.language },
    languages: { subject: input.language, primary: input.primary },
    env: input.env,
  });
}

/**
 * A sign-up with an address the study knows: with `publicReenroll` the subject is enrolled again
 * (when not enrolled in this process now) and the process sends its links as usual; otherwise
 * the mailbox gets a note. The answer is the same either way.
 */
async function signUpKnownAddress(
  ctx: UseCaseContext,
  input: SignUpInputs & {
    processId: string;
    email: string;
    subject: Awaited<ReturnType<typeof findSubjectsByEmail>>[number] | undefined;
    reenroll: boolean;
    primary: string;
    env: ScheduleEnv;
  },
) {
  const subject = input.subject;
  if (!subject) return;
  const active = await findActiveEnrollmentOfSubject(ctx.tx, input.studyId, subject.id, input.processId);
  const canReenroll =
    input.reenroll && !active && !subject.archivedAt && subject.siteId === input.body.siteId;
  if (canReenroll) {
    const { enrollment } = await enrollSubject(
      ctx,
      { studyId: input.studyId, siteId: subject.siteId, subjectId: subject.id, processId: input.processId },
      input.env,
    );
    await ctx.audit({
      action: 'PUBLIC_SIGNUP',
      entityType: 'SUBJECT',
      entityId: subject.id,
      studyId: input.studyId,
      after: {
        siteId: subject.siteId,
        processId: input.processId,
        enrollmentId: enrollment.id,
        outcome: 'REENROLLED',
      },
    });
    return;
  }
  // Issue 18 item 3: in the language on file, else the one chosen now, else the study's primary one.
  const languages = messageLanguages({
    recipient: contactOf(subject.attributes).language ?? textOrNull(input.body.language),
    primary: input.primary,
  });
  await queueMessage(ctx, {
    channel: 'EMAIL',
    to: input.email,
    subject: t(languages, 'public:SIGN_UP.ALREADY_REGISTERED_SUBJECT'),
    body: t(languages, 'public:SIGN_UP.ALREADY_REGISTERED_BODY'),
    studyId: input.studyId,
  });
  await ctx.audit({
    action: 'PUBLIC_SIGNUP',
    entityType: 'SUBJECT',
    entityId: subject.id,
    studyId: input.studyId,
    after: { processId: input.processId, outcome: 'ALREADY_REGISTERED' },
  });
}
