import { describe, expect, it } from 'vitest';
import {
  canDeleteSite,
  DEFAULT_BOOKING_COLOUR,
  isSiteOpenForSignup,
  SiteBookingSchema,
  SiteSchema,
} from './model';

const id = (n: number) => n.toString(16).padStart(24, '0');
const t = '2024-01-01T00:00:00Z';
const signup = {
  enabled: true,
  pathwayId: id(9),
  patientFields: ['firstName'],
  patientOptionalFields: ['email'],
};
const rawSite = {
  id: id(1),
  studyId: id(2),
  name: 'Rigshospitalet',
  code: '01',
  active: true,
  activationLocked: false,
  subjectIdType: 'siteIdSiteNum',
  maxSubjects: null,
  publicSignup: signup,
  address: null,
  country: 'DK',
  contactEmail: null,
  contactPhone: null,
  timeZone: 'Europe/Copenhagen',
  isRemoved: false,
  createdBy: id(3),
  createdTime: t,
  updatedTime: t,
};

describe('Spec 000 §2 / 002 §3 sites', () => {
  it('accepts a site and refuses unknown subject fields or id types', () => {
    expect(SiteSchema.safeParse(rawSite).success).toBe(true);
    expect(SiteSchema.safeParse({ ...rawSite, subjectIdType: 'random' }).success).toBe(false);
    expect(
      SiteSchema.safeParse({ ...rawSite, publicSignup: { ...signup, patientFields: ['shoeSize'] } }).success,
    ).toBe(false);
    expect(SiteSchema.safeParse({ ...rawSite, code: 'a b' }).success).toBe(false);
  });

  it('is open for public sign-up only when active, public and with a process', () => {
    const site = SiteSchema.parse(rawSite);
    const signup = site.publicSignup;
    expect(isSiteOpenForSignup(site)).toBe(true);
    expect(isSiteOpenForSignup({ ...site, active: false })).toBe(false);
    expect(isSiteOpenForSignup({ ...site, isRemoved: true })).toBe(false);
    expect(isSiteOpenForSignup({ ...site, publicSignup: { ...signup, enabled: false } })).toBe(false);
    expect(isSiteOpenForSignup({ ...site, publicSignup: { ...signup, pathwayId: null } })).toBe(false);
  });

  it('an active site cannot be deleted (ACTIVE_SITE)', () => {
    expect(canDeleteSite({ active: true })).toBe(false);
    expect(canDeleteSite({ active: false })).toBe(true);
  });
});

describe('Spec 000 §3 site booking', () => {
  const booking = {
    id: id(1),
    studyId: id(2),
    siteId: id(3),
    title: 'Visit 2',
    description: null,
    startTime: '2024-01-01T09:00:00Z',
    endTime: '2024-01-01T10:00:00Z',
    subjectId: null,
    enrollmentId: null,
    createdBy: id(4),
    createdTime: t,
  };
  it('defaults the colour to amber', () => {
    expect(DEFAULT_BOOKING_COLOUR).toBe('amber');
    expect(SiteBookingSchema.parse(booking).colour).toBe('amber');
  });
  it('refuses a booking that ends before or when it starts', () => {
    expect(SiteBookingSchema.safeParse({ ...booking, endTime: booking.startTime }).success).toBe(false);
  });
});
