import {
  type AccessUser,
  AE_SIGN_ACTIONS,
  AE_SIGN_PERMISSIONS,
  type AeAbilities,
  type AeSignAction,
  type AeStudySettings,
  type AeSummary,
  type AeView,
  aeSignRefusal,
  hasPermission,
  isSponsorInvolved,
  mayAmendAe,
  mayUpdateAe,
  nextAeSignAction,
  presentAeClock,
} from '@trialbase/domain';
import type { AeListRow, AeSignatureRow } from './repo';
import { aeContentHash, contentOf } from './service/content';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function sponsorInvolvedFor(row: { sae: boolean }, settings: AeStudySettings): boolean {
  return isSponsorInvolved(settings.sponsorInvolvement, row.sae);
}

function signedActions(
  row: Pick<
    AeListRow,
    'classificationSignedAt' | 'initialSponsorSignedAt' | 'followUpSignedAt' | 'finalSponsorSignedAt'
  >,
): Set<AeSignAction> {
  const signed = new Set<AeSignAction>();
  if (row.classificationSignedAt) signed.add('classification');
  if (row.initialSponsorSignedAt) signed.add('initialSponsor');
  if (row.followUpSignedAt) signed.add('followUp');
  if (row.finalSponsorSignedAt) signed.add('finalSponsor');
  return signed;
}

/** The lifecycle steps already signed on the AE. */
export function presentSignedActions(
  row: Pick<
    AeListRow,
    'classificationSignedAt' | 'initialSponsorSignedAt' | 'followUpSignedAt' | 'finalSponsorSignedAt'
  >,
): Set<AeSignAction> {
  return signedActions(row);
}

export function presentAeSummary(
  row: AeListRow,
  settings: AeStudySettings,
  names: Map<string, string>,
  now: Date,
): AeSummary {
  const sponsorInvolved = sponsorInvolvedFor(row, settings);
  return {
    id: row.id,
    studyId: row.studyId,
    siteId: row.siteId,
    siteName: row.siteName,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    enrollmentId: row.enrollmentId,
    status: row.status,
    eventDescription: row.eventDescription,
    sae: row.sae,
    seriousType: row.details.seriousType,
    outcome: row.details.outcome,
    severity: row.details.severity,
    startDate: row.details.startDate,
    createTime: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByName: names.get(row.createdBy) ?? row.createdByName,
    updateTime: row.updatedAt.toISOString(),
    isRemoved: row.removed,
    sponsorInvolved,
    nextSignAction: row.removed ? null : nextAeSignAction(row.status, sponsorInvolved),
    clock:
      row.clockKind && row.clockStartedAt
        ? presentAeClock(
            { kind: row.clockKind, startedAt: row.clockStartedAt, stoppedAt: row.clockStoppedAt },
            now,
          )
        : null,
    classificationSignedBy: row.classificationSignedBy,
    classificationSignedTime: iso(row.classificationSignedAt),
    initialSponsorSignedBy: row.initialSponsorSignedBy,
    initialSponsorSignedTime: iso(row.initialSponsorSignedAt),
    followUpSignedBy: row.followUpSignedBy,
    followUpSignedTime: iso(row.followUpSignedAt),
    finalSponsorSignedBy: row.finalSponsorSignedBy,
    finalSponsorSignedTime: iso(row.finalSponsorSignedAt),
  };
}

/** What the caller may do with the AE now: the permission at its site and the lifecycle's state. */
export function abilitiesOf(
  access: AccessUser | null,
  row: AeListRow,
  settings: AeStudySettings,
): AeAbilities {
  const scope = { studyId: row.studyId, siteId: row.siteId };
  const has = (p: Parameters<typeof hasPermission>[1]) => access !== null && hasPermission(access, p, scope);
  const sponsorInvolved = sponsorInvolvedFor(row, settings);
  const signed = signedActions(row);
  const sign = Object.fromEntries(
    AE_SIGN_ACTIONS.map((action) => [
      action,
      has(AE_SIGN_PERMISSIONS[action]) &&
        aeSignRefusal({ status: row.status, isRemoved: row.removed, signed }, action, sponsorInvolved) ===
          null,
    ]),
  ) as AeAbilities['sign'];
  return {
    update: has('AE_UPDATE') && mayUpdateAe({ status: row.status, isRemoved: row.removed }),
    amend: has('AE_UPDATE') && mayAmendAe({ status: row.status, isRemoved: row.removed }),
    remove: has('SOFT_DELETE') && !row.removed,
    verify: has('VERIFICATION_STATUS_UPDATE') && !row.removed,
    verifySecondary: has('VERIFICATION_STATUS_SECONDARY_UPDATE') && !row.removed,
    sign,
  };
}

export function presentAe(
  row: AeListRow,
  input: {
    settings: AeStudySettings;
    signatures: AeSignatureRow[];
    names: Map<string, string>;
    access: AccessUser | null;
    now: Date;
    audit: AeView['audit'];
  },
): AeView {
  const currentHash = aeContentHash(contentOf(row));
  return {
    ...presentAeSummary(row, input.settings, input.names, input.now),
    fillOutDate: row.fillOutDate,
    details: row.details,
    sarForm: row.sarForm ?? null,
    seForm: row.seForm ?? null,
    investigator: row.investigator ?? null,
    followedUpBy: row.followUpSignedBy,
    source: row.source ?? null,
    signatures: input.signatures.map((s) => ({
      action: s.action,
      aeId: s.aeId,
      signedBy: s.signedBy,
      signedByName: s.signedByName,
      signedTime: s.signedAt.toISOString(),
      meaning: s.meaning,
      comment: s.comment,
      contentHash: s.contentHash,
      intact: s.contentHash === currentHash,
    })),
    amendments: row.amendments,
    verification:
      row.verifiedBy && row.verifiedAt
        ? { verifiedBy: row.verifiedBy, verifiedTime: row.verifiedAt.toISOString() }
        : null,
    secondaryVerification:
      row.secondaryVerifiedBy && row.secondaryVerifiedAt
        ? { verifiedBy: row.secondaryVerifiedBy, verifiedTime: row.secondaryVerifiedAt.toISOString() }
        : null,
    removedReason: row.removedReason,
    abilities: abilitiesOf(input.access, row, input.settings),
    audit: input.audit,
  };
}
