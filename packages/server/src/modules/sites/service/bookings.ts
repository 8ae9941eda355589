import {
  type BookingInput,
  type BookingList,
  type BookingView,
  findBookingOverlaps,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { bookingSnapshot, presentBooking } from '../presenters';
import {
  type BookingRow,
  deleteBooking as deleteBookingRow,
  findBooking,
  insertBooking,
  listBookings,
  updateBooking as updateBookingRow,
} from '../repo';
import { assertSitesEditable, requireSite } from './sites';

/** Presents one booking with the other bookings of its site it overlaps (spec 000 §2 site-booking). */
async function presentWithOverlaps(db: Executor, row: BookingRow): Promise<BookingView> {
  const around = await listBookings(db, row.studyId, row.siteId, { from: row.startsAt, to: row.endsAt });
  const overlaps = around.filter((other) => other.id !== row.id).map((other) => other.id);
  return presentBooking(row, overlaps);
}

/** Spec 000 §2 site-booking: a site's bookings in a window, each flagged with what it overlaps. */
export async function listSiteBookings(
  db: Executor,
  input: { studyId: string; siteId: string; from?: string; to?: string },
): Promise<BookingList> {
  await requireSite(db, input.studyId, input.siteId);
  const rows = await listBookings(db, input.studyId, input.siteId, {
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
  });
  const views = rows.map((row) => presentBooking(row, []));
  const overlaps = findBookingOverlaps(views);
  return { bookings: views.map((view) => ({ ...view, overlapsWith: overlaps.get(view.id) ?? [] })) };
}

/** Spec 000 §2 site-booking: book a slot at a site; the colour defaults to amber (000 §3). */
export async function createBooking(
  ctx: UseCaseContext,
  input: { studyId: string; siteId: string; booking: BookingInput },
): Promise<BookingView> {
  const { study } = await requireSite(ctx.tx, input.studyId, input.siteId);
  assertSitesEditable(study);
  const row = await insertBooking(ctx.tx, {
    studyId: input.studyId,
    id: newId(ctx.now),
    siteId: input.siteId,
    title: input.booking.title,
    startsAt: new Date(input.booking.startsAt),
    endsAt: new Date(input.booking.endsAt),
    colour: input.booking.colour,
    note: input.booking.note ? input.booking.note : null,
    createdBy: ctx.actor.id ?? ctx.actor.type,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'SITE_BOOKING_CREATED',
    entityType: 'SITE_BOOKING',
    entityId: row.id,
    studyId: input.studyId,
    after: bookingSnapshot(row),
  });
  return presentWithOverlaps(ctx.tx, row);
}

async function requireBooking(db: Executor, input: { studyId: string; siteId: string; bookingId: string }) {
  const { study } = await requireSite(db, input.studyId, input.siteId);
  const booking = await findBooking(db, input.studyId, input.siteId, input.bookingId);
  if (!booking) throw notFound('The booking');
  return { study, booking };
}

/** Spec 000 §2 site-booking: change a booking's title, time, colour or note. */
export async function updateBooking(
  ctx: UseCaseContext,
  input: { studyId: string; siteId: string; bookingId: string; booking: BookingInput },
): Promise<BookingView> {
  const { study, booking } = await requireBooking(ctx.tx, input);
  assertSitesEditable(study);
  const row = await updateBookingRow(ctx.tx, input.studyId, input.bookingId, {
    title: input.booking.title,
    startsAt: new Date(input.booking.startsAt),
    endsAt: new Date(input.booking.endsAt),
    colour: input.booking.colour,
    note: input.booking.note ? input.booking.note : null,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'SITE_BOOKING_UPDATED',
    entityType: 'SITE_BOOKING',
    entityId: row.id,
    studyId: input.studyId,
    before: bookingSnapshot(booking),
    after: bookingSnapshot(row),
  });
  return presentWithOverlaps(ctx.tx, row);
}

/** Spec 000 §2 site-booking: cancel a booking. */
export async function deleteBooking(
  ctx: UseCaseContext,
  input: { studyId: string; siteId: string; bookingId: string },
): Promise<void> {
  const { study, booking } = await requireBooking(ctx.tx, input);
  assertSitesEditable(study);
  await deleteBookingRow(ctx.tx, input.studyId, input.bookingId);
  await ctx.audit({
    action: 'SITE_BOOKING_DELETED',
    entityType: 'SITE_BOOKING',
    entityId: booking.id,
    studyId: input.studyId,
    before: bookingSnapshot(booking),
    after: { deleted: true },
  });
}
