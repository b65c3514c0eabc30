import {
  ADMIN_USERS_MAX_PAGE_SIZE,
  type AdminLoginRequest,
  type AdminUserList,
  ApiError,
  type ApiKey,
  type Revenue,
} from '@shrinkly/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { tokenAtom } from '../../api/token-atom';
import { ADMIN_TOKEN_KEY } from '../../api/token-storage';

/** docs/product/SPEC.md §4 "Admin session": a stored admin token means signed in. Kept apart from the user's token. */
export const adminTokenAtom = tokenAtom(ADMIN_TOKEN_KEY);

/** Every admin answer in the cache lives under this key, so a logout drops them all. */
const adminKey = ['admin'] as const;
export const adminUsersKey = (q: string, page: number) => [...adminKey, 'users', q, page] as const;
const adminRevenueKey = [...adminKey, 'revenue'] as const;

export function useAdminToken() {
  return useAtom(adminTokenAtom);
}

export function useAdminLogin() {
  const setToken = useSetAtom(adminTokenAtom);
  return useMutation({
    mutationFn: (body: AdminLoginRequest) => api.adminLogin(body),
    onSuccess: ({ token }) => setToken(token),
  });
}

export function useAdminRequestReset() {
  return useMutation({ mutationFn: (email: string) => api.adminRequestReset({ email }) });
}

/** Logout, and a refused token: the token goes, and with it every admin answer kept in the cache. */
export function useEndAdminSession() {
  const setToken = useSetAtom(adminTokenAtom);
  const queryClient = useQueryClient();
  return useCallback(() => {
    setToken(null);
    queryClient.removeQueries({ queryKey: adminKey });
  }, [setToken, queryClient]);
}

/** A refused token: the server says the token is not (or no longer) an administrator's. */
const refusedToken = (error: unknown) => error instanceof ApiError && error.status === 401;
/**
 * docs/product/SPEC.md §4: the users call checks the stored token, and its failure removes the token (REQUIREMENTS ADM-23):
 * any error the server answers, but a refused search (400). A request that got no answer at all (offline) keeps the
 * session.
 */
const failedTokenCheck = (error: unknown) => error instanceof ApiError && error.status !== 400;

function useAdminCall<T>(call: () => Promise<T>, endsSession: (error: unknown) => boolean = refusedToken): () => Promise<T> {
  const endSession = useEndAdminSession();
  return async () => {
    try {
      return await call();
    } catch (error) {
      if (endsSession(error)) endSession();
      throw error;
    }
  };
}

export function useAdminUsers(q: string, page: number) {
  const queryFn = useAdminCall<AdminUserList>(() => api.adminUsers({ q: q || undefined, page }), failedTokenCheck);
  return useQuery({ queryKey: adminUsersKey(q, page), queryFn, placeholderData: keepPreviousData });
}

export function useAdminRevenue() {
  const queryFn = useAdminCall<Revenue>(() => api.adminRevenue());
  return useQuery({ queryKey: adminRevenueKey, queryFn });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: (id: string) => api.adminResetUserPassword({ id }) });
}

export function useTerminateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.adminTerminateUser({ id }),
    // docs/product/SPEC.md §4: terminating an account refreshes the user list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKey, 'users'] }),
  });
}

const userApiKeysKey = (id: string) => [...adminKey, 'users', id, 'api-keys'] as const;

/** A user's API keys, revoked ones included. */
export function useAdminUserApiKeys(id: string | null) {
  const queryFn = useAdminCall<ApiKey[]>(() => api.adminUserApiKeys({ id: id ?? '' }));
  return useQuery({ queryKey: userApiKeysKey(id ?? ''), queryFn, enabled: id !== null });
}

export function useAdminRevokeApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.adminRevokeApiKey({ id: userId, keyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userApiKeysKey(userId) }),
  });
}

/** Every export is recorded in the audit trail; a failure to record does not stop the file. */
export function recordExport(list: 'users' | 'revenue'): void {
  api.adminRecordExport({ list }).catch(() => undefined);
}

/** Every page of the list for the CSV, with the current search. */
export async function fetchAllAdminUsers(q: string) {
  const first = await api.adminUsers({ q: q || undefined, page: 1, pageSize: ADMIN_USERS_MAX_PAGE_SIZE });
  const users = [...first.users];
  const pages = Math.ceil(first.total / first.pageSize);
  for (let page = 2; page <= pages; page++) {
    users.push(...(await api.adminUsers({ q: q || undefined, page, pageSize: first.pageSize })).users);
  }
  return users;
}

/** The server's words for a failed call, or null when there are none (a lost connection). */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : null;
}
