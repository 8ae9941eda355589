import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Sites of a study (spec 000 §2 sites-overview, site-overview). Every index leads with study_id. */
export const sites = pgTable(
  'site',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** Used by subject id automation (siteIdSiteNum, siteIdStudyNum). */
    siteNumber: integer('site_number').notNull(),
    /** Open for public sign-up (spec 002). */
    isPublic: boolean('is_public').notNull().default(false),
    address: text('address'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** Subjects the site aims to enrol (issue 25 item 5, site report); null = no target. */
    enrolmentTarget: integer('enrolment_target'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    uniqueIndex('site_study_name_key').on(t.studyId, sql`lower(${t.name})`),
    uniqueIndex('site_study_number_key').on(t.studyId, t.siteNumber),
    uniqueIndex('site_id_key').on(t.id),
  ],
);

/** Site bookings (spec 000 §2 site-booking): a titled time slot with a colour, default amber. */
export const siteBookings = pgTable(
  'site_booking',
  {
    studyId: text('study_id').notNull(),
    id: text('id').notNull(),
    siteId: text('site_id').notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    colour: text('colour').notNull(),
    note: text('note'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.id] }),
    index('site_booking_site_idx').on(t.studyId, t.siteId, t.startsAt),
  ],
);
