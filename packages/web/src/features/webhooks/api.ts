import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateWebhook, type WebhookInput, webhookEndpoints } from '@trialbase/domain';
import { call } from '../../app/http';

export const webhookKeys = {
  list: (studyId: string) => ['webhooks', studyId] as const,
  deliveries: (studyId: string, webhookId: string, offset: number) =>
    ['webhooks', studyId, webhookId, 'deliveries', offset] as const,
};

/** Spec 000 §9: the webhook list is cached for 5 minutes; any change below refreshes it. */
const WEBHOOK_LIST_STALE_MS = 5 * 60_000;

/** GET /studies/{studyId}/webhooks (issue 28 item 1): the endpoints and what the caller may do. */
export function useWebhooks(studyId: string) {
  return useQuery({
    queryKey: webhookKeys.list(studyId),
    queryFn: ({ signal }) => call(webhookEndpoints.list, { params: { studyId }, signal }),
    staleTime: WEBHOOK_LIST_STALE_MS,
    meta: { localErrors: true },
    retry: false,
  });
}

/** The delivery log of one endpoint, refreshed every 5 s while it is open. */
export function useWebhookDeliveries(studyId: string, webhookId: string, offset: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(studyId, webhookId, offset),
    queryFn: ({ signal }) =>
      call(webhookEndpoints.deliveries, {
        params: { studyId, webhookId },
        query: { limit: 25, offset },
        signal,
      }),
    refetchInterval: 5000,
  });
}

function useInvalidate(studyId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: webhookKeys.list(studyId) });
}

export function useCreateWebhook(studyId: string) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: (body: WebhookInput) => call(webhookEndpoints.create, { params: { studyId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook(studyId: string, webhookId: string) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: (body: UpdateWebhook) =>
      call(webhookEndpoints.update, { params: { studyId, webhookId }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook(studyId: string) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: (webhookId: string) => call(webhookEndpoints.remove, { params: { studyId, webhookId } }),
    onSuccess: invalidate,
  });
}

export function useRotateWebhookSecret(studyId: string) {
  const invalidate = useInvalidate(studyId);
  return useMutation({
    mutationFn: (webhookId: string) =>
      call(webhookEndpoints.rotateSecret, { params: { studyId, webhookId } }),
    onSuccess: invalidate,
  });
}

export function useRedeliverWebhookMessage(studyId: string, webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      call(webhookEndpoints.redeliver, { params: { studyId, webhookId, messageId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks', studyId, webhookId] }),
  });
}
