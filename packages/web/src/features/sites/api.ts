import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BookingInput,
  BookingListSchema,
  BookingViewSchema,
  type SiteInputDraft,
  SiteListSchema,
  SiteOverviewSchema,
  SiteViewSchema,
} from '@trialbase/domain';
import { z } from 'zod';
import { apiRequest, withQuery } from '../../app/http';
import { gatedQueryOptions, type QueryGate } from '../../app/query-gate';

export const siteKeys = {
  all: (studyId: string) => ['sites', studyId] as const,
  list: (studyId: string) => ['sites', studyId, 'list'] as const,
  overview: (studyId: string, siteId: string) => ['sites', studyId, 'site', siteId] as const,
  bookings: (studyId: string, siteId: string, from: string, to: string) =>
    ['sites', studyId, 'site', siteId, 'bookings', { from, to }] as const,
  studyName: (studyId: string) => ['sites', studyId, 'study-name'] as const,
};

const sitesUrl = (studyId: string) => `/api/studies/${studyId}/sites`;
const siteUrl = (studyId: string, siteId: string) => `${sitesUrl(studyId)}/${siteId}`;
// Only the name is read here; the studies area owns the full study schema.
const StudyNameSchema = z.object({ studyName: z.string().optional(), name: z.string().optional() });

/** The study's name for the breadcrumbs; null while unknown or when it cannot be read. */
export function useStudyName(studyId: string): string | null {
  const query = useQuery({
    queryKey: siteKeys.studyName(studyId),
    queryFn: ({ signal }) => apiRequest(`/api/study/${studyId}`, { schema: StudyNameSchema, signal }),
    meta: { localErrors: true },
    retry: false,
    staleTime: 60_000,
  });
  return query.data?.studyName ?? query.data?.name ?? null;
}

/**
 * Spec 000 §2 sites-overview: the sites the user may see. Other screens that only need the
 * sites for a choice pass a gate (SITE_OVERVIEW, secondary).
 */
export function useSites(studyId: string, gate?: QueryGate) {
  return useQuery({
    queryKey: siteKeys.list(studyId),
    queryFn: ({ signal }) => apiRequest(sitesUrl(studyId), { schema: SiteListSchema, signal }),
    ...gatedQueryOptions(gate),
  });
}

/** Spec 000 §2 site-overview: a site with its subjects and staff. */
export function useSiteOverview(studyId: string, siteId: string) {
  return useQuery({
    queryKey: siteKeys.overview(studyId, siteId),
    queryFn: ({ signal }) => apiRequest(siteUrl(studyId, siteId), { schema: SiteOverviewSchema, signal }),
  });
}

/** Creates a site, or edits it when `siteId` is given. */
export function useSaveSite(studyId: string, siteId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteInputDraft) =>
      apiRequest(siteId ? siteUrl(studyId, siteId) : sitesUrl(studyId), {
        method: siteId ? 'PUT' : 'POST',
        body,
        schema: SiteViewSchema,
      }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all(studyId) }),
  });
}

export function useDeleteSite(studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteId: string) => apiRequest(siteUrl(studyId, siteId), { method: 'DELETE' }),
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
      apiRequest(withQuery(`${siteUrl(studyId, siteId)}/bookings`, { from, to }), {
        schema: BookingListSchema,
        signal,
      }),
    enabled,
  });
}

type BookingBody = Omit<BookingInput, 'colour'> & { colour?: BookingInput['colour'] };

/** Creates a booking, or changes it when `bookingId` is given. */
export function useSaveBooking(studyId: string, siteId: string, bookingId?: string) {
  const queryClient = useQueryClient();
  const base = `${siteUrl(studyId, siteId)}/bookings`;
  return useMutation({
    mutationFn: (body: BookingBody) =>
      apiRequest(bookingId ? `${base}/${bookingId}` : base, {
        method: bookingId ? 'PUT' : 'POST',
        body,
        schema: BookingViewSchema,
      }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.overview(studyId, siteId) }),
  });
}

export function useDeleteBooking(studyId: string, siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiRequest(`${siteUrl(studyId, siteId)}/bookings/${bookingId}`, { method: 'DELETE' }),
    meta: { localErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.overview(studyId, siteId) }),
  });
}
