import type { CreateApiKeyRequest } from '@shrinkly/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const apiKeysQueryKey = ['api-keys'] as const;

/** The account's keys (never their secrets), with this month's use. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: () => api.listApiKeys(), enabled });
}

/** Makes a key; the answer holds its secret, the one time it is ever shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) => api.createApiKey(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.revokeApiKey({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
