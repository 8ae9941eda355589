import { z } from 'zod';
import type { FieldIssue } from '../common/errors';
import { IdSchema } from '../common/ids';
import { TimestampSchema } from '../common/timestamps';
import { BookingColourSchema, DEFAULT_BOOKING_COLOUR } from './model';

/** Spec 000 §2 sites-overview: limits of the site form, shared by the server and the web form. */
export const SITE_NAME_MAX = 128;
export const SITE_NUMBER_MAX = 99_999;
export const SITE_ADDRESS_MAX = 256;
export const SITE_EMAIL_MAX = 128;
export const SITE_PHONE_MAX = 32;
export const BOOKING_TITLE_MAX = 128;
/** Issue 25 item 5: the largest enrolment target a site may be given. */
export const SITE_ENROLMENT_TARGET_MAX = 1_000_000;
export const BOOKING_NOTE_MAX = 2000;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * Create or edit a site (spec 000 §2 sites-overview; §3 subject id automation uses the
 * site number; spec 002 §4 public sign-up is gated by `isPublic`). Omitting `siteNumber`
 * on create takes the suggested next number; on edit it keeps the current one.
 */
export const SiteInputSchema = z.object({
  name: z.string().trim().min(1).max(SITE_NAME_MAX),
  siteNumber: z.number().int().min(1).max(SITE_NUMBER_MAX).optional(),
  isPublic: z.boolean().default(false),
  address: optionalText(SITE_ADDRESS_MAX),
  contactEmail: z.email().max(SITE_EMAIL_MAX).nullable().optional(),
  contactPhone: z
    .string()
    .trim()
    .max(SITE_PHONE_MAX)
    .regex(/^[+0-9 ()-]*$/, 'Only digits, spaces, +, (, ) and -')
    .nullable()
    .optional(),
  /**
   * Subjects the site aims to enrol (issue 25 item 5, site report): a positive whole number; null
   * clears it; omitted on edit keeps the current one.
   */
  enrolmentTarget: z.number().int().min(1).max(SITE_ENROLMENT_TARGET_MAX).nullable().optional(),
});
export type SiteInput = z.infer<typeof SiteInputSchema>;
export type SiteInputDraft = z.input<typeof SiteInputSchema>;

/** What a caller may do with a site (DESIGN.md abilities), computed by the server per site. */
export const SiteAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  viewBookings: z.boolean(),
  createBooking: z.boolean(),
  updateBooking: z.boolean(),
  deleteBooking: z.boolean(),
});
export type SiteAbilities = z.infer<typeof SiteAbilitiesSchema>;

/** A site as the API returns it (spec 000 §2 sites-overview row). */
export const SiteViewSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  name: z.string(),
  siteNumber: z.number().int(),
  isPublic: z.boolean(),
  address: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** Subjects the site aims to enrol; null when none is set. */
  enrolmentTarget: z.number().int().positive().nullable(),
  subjectCount: z.number().int(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  abilities: SiteAbilitiesSchema,
});
export type SiteView = z.infer<typeof SiteViewSchema>;

/** GET /studies/{studyId}/sites: the sites the caller may see, and what the create form suggests. */
export const SiteListSchema = z.object({
  sites: z.array(SiteViewSchema),
  nextSiteNumber: z.number().int(),
  canCreate: z.boolean(),
});
export type SiteList = z.infer<typeof SiteListSchema>;

/** A subject listed on the site overview (spec 000 §2 site-overview): the staff-facing id only. */
export const SiteSubjectSchema = z.object({
  id: IdSchema,
  patientId: z.string(),
  createdAt: TimestampSchema,
});

/** A staff member with access to the site, study-wide or for this site (spec 000 §6). */
export const SiteStaffSchema = z.object({
  accessId: IdSchema,
  userId: IdSchema.nullable(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  status: z.enum(['INVITED', 'ACTIVE']),
  isStudyWide: z.boolean(),
});
export type SiteStaff = z.infer<typeof SiteStaffSchema>;

/** GET /studies/{studyId}/sites/{siteId}: the site overview. */
export const SiteOverviewSchema = z.object({
  site: SiteViewSchema,
  subjects: z.array(SiteSubjectSchema),
  staff: z.array(SiteStaffSchema),
});
export type SiteOverview = z.infer<typeof SiteOverviewSchema>;

export const SiteParamsSchema = z.object({ studyId: IdSchema, siteId: IdSchema });
export const SitesStudyParamsSchema = z.object({ studyId: IdSchema });
export const SiteBookingParamsSchema = SiteParamsSchema.extend({ bookingId: IdSchema });

/** Spec 000 §2 site-booking: a booking must end after it starts. */
export function bookingTimeIssues(input: { startsAt: string; endsAt: string }): FieldIssue[] {
  const start = Date.parse(input.startsAt);
  const end = Date.parse(input.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end) || end > start) return [];
  return [{ path: ['endsAt'], message: 'SITES.BOOKING.END_AFTER_START' }];
}

/**
 * Create or edit a booking (spec 000 §2 site-booking; §3 booking colour default amber).
 * Overlapping bookings are allowed and flagged in the list.
 */
export const BookingInputSchema = z
  .object({
    title: z.string().trim().min(1).max(BOOKING_TITLE_MAX),
    startsAt: TimestampSchema,
    endsAt: TimestampSchema,
    colour: BookingColourSchema.default(DEFAULT_BOOKING_COLOUR),
    note: optionalText(BOOKING_NOTE_MAX),
  })
  .superRefine((value, ctx) => {
    for (const issue of bookingTimeIssues(value)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
export type BookingInput = z.infer<typeof BookingInputSchema>;

export const BookingViewSchema = z.object({
  id: IdSchema,
  siteId: IdSchema,
  title: z.string(),
  startsAt: TimestampSchema,
  endsAt: TimestampSchema,
  colour: BookingColourSchema,
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** Ids of the other bookings of the site whose time overlaps this one. */
  overlapsWith: z.array(IdSchema),
});
export type BookingView = z.infer<typeof BookingViewSchema>;

export const BookingListQuerySchema = z.object({
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
});
export const BookingListSchema = z.object({ bookings: z.array(BookingViewSchema) });
export type BookingList = z.infer<typeof BookingListSchema>;

/**
 * Spec 000 §2 site-booking: which bookings overlap which (half-open intervals, so a
 * booking ending at 10:00 does not overlap one starting at 10:00).
 */
export function findBookingOverlaps(
  bookings: readonly { id: string; startsAt: string; endsAt: string }[],
): Map<string, string[]> {
  const sorted = [...bookings].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const overlaps = new Map<string, string[]>(bookings.map((b) => [b.id, []]));
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      if (Date.parse(b.startsAt) >= Date.parse(a.endsAt)) break;
      overlaps.get(a.id)!.push(b.id);
      overlaps.get(b.id)!.push(a.id);
    }
  }
  return overlaps;
}

/** Spec 000 §3 subject id automation: the number offered for a new site, one above the highest. */
export function suggestSiteNumber(existing: readonly number[]): number {
  return existing.reduce((max, n) => Math.max(max, n), 0) + 1;
}
