import {
  type AccessUser,
  type BookingView,
  hasPermission,
  type SiteAbilities,
  type SiteView,
  type StudyStatus,
  studyEditScope,
} from '@trialbase/domain';
import type { BookingRow, SiteRow } from './repo';

/**
 * DESIGN.md abilities: what the caller may do with one site, from the domain permission
 * table in the site's scope (spec 000 §6) and the study's edit scope (spec 000 §4).
 */
export function siteAbilities(
  access: AccessUser,
  study: { id: string; status: string },
  siteId: string,
): SiteAbilities {
  const scope = { studyId: study.id, siteId };
  const canChange = studyEditScope(study.status as StudyStatus).settings;
  return {
    edit: canChange && hasPermission(access, 'SITE_EDIT', scope),
    delete: canChange && hasPermission(access, 'SITE_DELETE', scope),
    viewBookings: hasPermission(access, 'SITE_BOOKING_VIEW', scope),
    createBooking: canChange && hasPermission(access, 'SITE_BOOKING_CREATE', scope),
    updateBooking: canChange && hasPermission(access, 'SITE_BOOKING_UPDATE', scope),
    deleteBooking: canChange && hasPermission(access, 'SITE_BOOKING_DELETE', scope),
  };
}

/** Whitelists what leaves the server of a site (CONVENTIONS.md presenters). */
export function presentSite(row: SiteRow, subjectCount: number, abilities: SiteAbilities): SiteView {
  return {
    id: row.id,
    studyId: row.studyId,
    name: row.name,
    siteNumber: row.siteNumber,
    isPublic: row.isPublic,
    address: row.address,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    enrolmentTarget: row.enrolmentTarget,
    subjectCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities,
  };
}

export function presentBooking(row: BookingRow, overlapsWith: string[]): BookingView {
  return {
    id: row.id,
    siteId: row.siteId,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    colour: row.colour as BookingView['colour'],
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    overlapsWith,
  };
}

/** The audit snapshot of a site: its fields, without timestamps the event already carries. */
export function siteSnapshot(row: SiteRow) {
  return {
    name: row.name,
    siteNumber: row.siteNumber,
    isPublic: row.isPublic,
    address: row.address,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    enrolmentTarget: row.enrolmentTarget,
  };
}

export function bookingSnapshot(row: BookingRow) {
  return {
    siteId: row.siteId,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    colour: row.colour,
    note: row.note,
  };
}
