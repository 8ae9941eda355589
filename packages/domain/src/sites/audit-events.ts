import type { AuditEventOf } from '../audit/events';

/** Audit events of sites and site bookings (spec 000 §2 sites-overview, site-booking). */
export type SiteAuditEvent =
  | AuditEventOf<'SITE_CREATED', 'SITE'>
  | AuditEventOf<'SITE_UPDATED', 'SITE'>
  | AuditEventOf<'SITE_DELETED', 'SITE'>
  | AuditEventOf<'SITE_BOOKING_CREATED', 'SITE_BOOKING'>
  | AuditEventOf<'SITE_BOOKING_UPDATED', 'SITE_BOOKING'>
  | AuditEventOf<'SITE_BOOKING_DELETED', 'SITE_BOOKING'>;
