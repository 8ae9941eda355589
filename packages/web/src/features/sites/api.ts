import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BookingInput, type SiteInputDraft, siteEndpoints, studyEndpoints } from '@trialbase/domain';
import { call } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';

export const siteKeys = {
  all: (studyId: string) => ['sites', studyId] as const,
  list: (studyId: string) => ['sites', studyId, 'list'] as const,
  overview: (studyId: string, siteId: string) => ['sites', studyId, 'site', siteId] as const,
  bookings: (studyId: string, siteId: string, from: string, to: string) =>
    ['sites', studyId, 'site', siteId, 'bookings', { from, to }] as const,
  studyName: (studyId: string) => ['sites', studyId, 'study-name'] as const,
};

/** The study's name for the breadcrumbs; null while unknown or when it cannot be read. */
export function useStudyName(studyId: string): string | null {
  const query = useQuery({
    queryKey: siteKeys.studyName(studyId),
    queryFn: ({ signal }) => call(studyEndpoints.get, { params: { id: studyId }, signal }),
    meta: { localErrors: true },
    retry: false,
    staleTime: 60_000,
  });
  return query.data?.studyName ?? null;
}

/**
 * Spec 000 §2 sites-overview: the sites the user may see. Other screens that only need the
 * sites for a choice pass a gate (SITE_OVERVIEW, secondary).
 */
export function useSites(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: siteKeys.list(studyId),
    queryFn: ({ signal }) => call(siteEndpoints.list, { params: { studyId }, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** Spec 000 §2 site-overview: a site with its subjects and staff. */
export function useSiteOverview(studyId: string, siteId: string) {
  return useQuery({
    queryKey: siteKeys.overview(studyId, siteId),
    queryFn: ({ signal }) => call(siteEndpoints.overview, { params: { studyId, siteId }, signal }),
  });
}

/** Creates a site, or edits it when `siteId` is given. */
export function useSaveSite(studyId: string, siteId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteInputDraft) =>
      siteId
        ? call(siteEndpoints.update, { params: { studyId, siteId }, body })
        : call(siteEndpoints.create, { params: { studyId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all(studyId) }),
  });
}

export function useDeleteSite(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteId: string) => call(siteEndpoints.delete, { params: { studyId, siteId } }),
    meta: { localErrors: true },
    onSuccess: (_data, siteId) => {
      queryClient.removeQueries({ queryKey: siteKeys.overview(studyId, siteId) });
      return queryClient.invalidateQueries({ queryKey: siteKeys.list(studyId) });
    },
  });
}

/** Spec 000 §2 site-booking: bookings of a site touching [from, to). */
export function useBookings(studyId: string, siteId: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: siteKeys.bookings(studyId, siteId, from, to),
    queryFn: ({ signal }) =>
      call(siteEndpoints.bookings, { params: { studyId, siteId }, query: { from, to }, signal }),
    enabled,
  });
}

type BookingBody = Omit<BookingInput, 'colour'> & { colour?: BookingInput['colour'] };

/** Creates a booking, or changes it when `bookingId` is given. */
export function useSaveBooking(studyId: string, siteId: string, bookingId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingBody) =>
      bookingId
        ? call(siteEndpoints.updateBooking, { params: { studyId, siteId, bookingId }, body })
        : call(siteEndpoints.createBooking, { params: { studyId, siteId }, body }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.overview(studyId, siteId) }),
  });
}

export function useDeleteBooking(studyId: string, siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      call(siteEndpoints.deleteBooking, { params: { studyId, siteId, bookingId } }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.overview(studyId, siteId) }),
  });
}
