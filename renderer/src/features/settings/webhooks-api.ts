import { ApiError, type CreateWebhookRequest } from '@shrinkly/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const webhooksQueryKey = ['webhooks'] as const;
const deliveriesQueryKey = ['webhooks', 'deliveries'] as const;

/** The account's endpoints and its callback secret (trial and premium only: `enabled` false otherwise). */
export function useWebhooks(enabled: boolean) {
  return useQuery({ queryKey: webhooksQueryKey, queryFn: () => api.listWebhooks(), enabled });
}

/** The account's recent deliveries, newest first. */
export function useWebhookDeliveries(enabled: boolean) {
  return useQuery({ queryKey: deliveriesQueryKey, queryFn: () => api.listWebhookDeliveries(), enabled });
}

function useWebhookMutation<Vars, Result>(call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useCreateWebhook() {
  return useWebhookMutation((request: CreateWebhookRequest) => api.createWebhook(request));
}

export function useDeleteWebhook() {
  return useWebhookMutation((id: string) => api.deleteWebhook({ id }));
}

export function useResendDelivery() {
  return useWebhookMutation((id: string) => api.resendWebhookDelivery({ id }));
}

/** The server's own words for a refused request. */
export function webhookErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : 'Something went wrong';
}
