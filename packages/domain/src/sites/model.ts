import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { LocalizedTextSchema } from '../common/languages';
import { TimestampSchema } from '../common/timestamps';
import { SelectableSubjectFieldSchema, SubjectIdAutomationTypeSchema } from '../subjects/model';

/** Spec 000 §3: site booking colours; amber is the default. */
export const BOOKING_COLOURS = ['amber', 'blue', 'green', 'red', 'purple', 'teal', 'orange', 'grey'] as const;
export const BookingColourSchema = z.enum(BOOKING_COLOURS);
export type BookingColour = z.infer<typeof BookingColourSchema>;
export const DEFAULT_BOOKING_COLOUR = 'amber' satisfies BookingColour;

/**
 * Public sign-up settings of a site (spec 002 §3 site public info): which process
 * subjects join and which subject fields are required or optional.
 */
export const SitePublicSignupSchema = z.object({
  enabled: z.boolean(),
  pathwayId: IdSchema.nullable(),
  patientFields: z.array(SelectableSubjectFieldSchema),
  patientOptionalFields: z.array(SelectableSubjectFieldSchema),
});
export type SitePublicSignup = z.infer<typeof SitePublicSignupSchema>;

/**
 * A study site (spec 000 §2 sites-overview, site-overview; §6 site create / edit /
 * delete / activation lock). `code` is the site number used in subject ids (000 §3).
 */
export const SiteSchema = z.object({
  id: IdSchema,
  studyId: IdSchema,
  name: z.string().trim().min(1).max(128),
  code: z
    .string()
    .trim()
    .min(1)
    .max(16)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** An active site takes subjects; an active site cannot be deleted (error ACTIVE_SITE). */
  active: z.boolean(),
  /** Spec 001 §6 activation lock: a locked site cannot be (de)activated until unlocked. */
  activationLocked: z.boolean(),
  subjectIdType: SubjectIdAutomationTypeSchema,
  /** Cap on subjects at this site (error MAXIMUM_SUBJECTS); null = no cap. */
  maxSubjects: z.number().int().positive().nullable(),
  publicSignup: SitePublicSignupSchema,
  address: z.string().max(256).nullable(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  contactEmail: z.string().max(128).nullable(),
  contactPhone: z.string().max(32).nullable(),
  timeZone: z.string().max(64).nullable(),
  isRemoved: z.boolean(),
  createdBy: IdSchema,
  createdTime: TimestampSchema,
  updatedTime: TimestampSchema,
});
export type Site = z.infer<typeof SiteSchema>;

/** Spec 000 §2 site-booking: an appointment slot at a site, optionally for one subject. */
export const SiteBookingSchema = z
  .object({
    id: IdSchema,
    studyId: IdSchema,
    siteId: IdSchema,
    title: z.string().trim().min(1).max(128),
    description: z.string().max(2000).nullable(),
    startTime: TimestampSchema,
    endTime: TimestampSchema,
    colour: BookingColourSchema.default(DEFAULT_BOOKING_COLOUR),
    subjectId: IdSchema.nullable(),
    enrollmentId: IdSchema.nullable(),
    createdBy: IdSchema,
    createdTime: TimestampSchema,
  })
  .refine((b) => Date.parse(b.endTime) > Date.parse(b.startTime), {
    message: 'endTime must be after startTime',
    path: ['endTime'],
  });
export type SiteBooking = z.infer<typeof SiteBookingSchema>;

/** Spec 002 §3 site public info, as the public sign-up page receives it. */
export const SitePublicInfoSchema = z.object({
  studyName: z.string(),
  studyDescription: z.string().nullable(),
  studyStatus: z.string(),
  public: z.boolean(),
  pathwayId: IdSchema.nullable(),
  patientFields: z.array(SelectableSubjectFieldSchema),
  patientOptionalFields: z.array(SelectableSubjectFieldSchema),
  languages: z.array(z.string()),
  dateFormat: z.string(),
  consentRequired: z.boolean(),
  publicIntroTextEnabled: z.boolean(),
  publicIntroText: LocalizedTextSchema,
  disableInvestigatorAttributesFields: z.boolean(),
  primaryLanguage: z.string(),
});
export type SitePublicInfo = z.infer<typeof SitePublicInfoSchema>;

/** Spec 002 §4: public sign-up needs an active site with public sign-up enabled and a process chosen. */
export function isSiteOpenForSignup(site: Pick<Site, 'active' | 'isRemoved' | 'publicSignup'>): boolean {
  return site.active && !site.isRemoved && site.publicSignup.enabled && site.publicSignup.pathwayId !== null;
}

/** Spec 000 §8 ACTIVE_SITE: an active site must be deactivated before it is deleted. */
export function canDeleteSite(site: Pick<Site, 'active'>): boolean {
  return !site.active;
}
