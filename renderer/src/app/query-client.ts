import { QueryClient } from '@tanstack/react-query';

/** docs/product/SPEC.md §9 "Data queries": no refetch on focus, no polling, fresh forever, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
