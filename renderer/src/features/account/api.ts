import {
  ApiError,
  type AuthResponse,
  type ForgotPasswordRequest,
  type LoginRequest,
  type PreferencesRequest,
  type RegisterRequest,
  type User,
} from '@shrinkly/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { authTokenAtom } from './atoms';

export const currentUserQueryKey = ['auth', 'me'] as const;

export interface CurrentUserState {
  /** The signed-in user, or null when signed out (or while loading). */
  user: User | null;
  /** True while a stored token is being turned into a user. */
  isLoading: boolean;
}

/** The signed-in user. `me` runs only when a token is stored; a 401 means the token is dead, so it is removed. */
export function useCurrentUser(): CurrentUserState {
  const [token, setToken] = useAtom(authTokenAtom);
  const query = useQuery({
    queryKey: currentUserQueryKey,
    enabled: token !== null,
    queryFn: async () => {
      try {
        return await api.me();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) setToken(null);
        throw error;
      }
    },
  });
  if (token === null) return { user: null, isLoading: false };
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** Stores the token of a fresh sign-in or sign-up and seeds the cache with its user, so no spinner flashes. */
function useStartSession() {
  const setToken = useSetAtom(authTokenAtom);
  const queryClient = useQueryClient();
  return useCallback(
    ({ token, user }: AuthResponse) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      setToken(token);
    },
    [queryClient, setToken],
  );
}

/** Saves the user's choices between uploads; the cached user becomes the answer. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesRequest) => api.updatePreferences(body),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}

export function useSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: LoginRequest) => api.login(body),
    onSuccess: startSession,
  });
}

export function useSignUp() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.register(body),
    onSuccess: startSession,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordRequest) => api.forgotPassword(body) });
}

export function useResetPasswordWithToken() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.resetPassword(body),
  });
}

/**
 * From account settings, signed in: the current password and the new one. A password change ends every session,
 * this one too, so the user is signed in again with the new password and keeps working.
 */
export function useChangePassword(email: string) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      await api.resetPassword(body);
      return api.login({ email, password: body.newPassword });
    },
    onSuccess: startSession,
  });
}

/**
 * Forgets the token and every cached answer; the token goes first, so nothing refetches `me` meanwhile. Mutations
 * stay, so one that ends the session (account deletion) still reaches its caller's callbacks.
 */
function useEndSession() {
  const setToken = useSetAtom(authTokenAtom);
  const queryClient = useQueryClient();
  return useCallback(() => {
    setToken(null);
    queryClient.removeQueries();
  }, [queryClient, setToken]);
}

/** Logout: end the session and go home. */
export function useLogout() {
  const endSession = useEndSession();
  const navigate = useNavigate();
  return useCallback(() => {
    endSession();
    void navigate('/');
  }, [endSession, navigate]);
}

/**
 * Deletes the signed-in account and everything it owns, ends the session, then calls `onDeleted` (here, not in
 * mutate's callbacks: ending the session may unmount the signed-in page that asked).
 */
export function useDeleteAccount(onDeleted: () => void) {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: () => api.deleteAccount(),
    onSuccess: () => {
      endSession();
      onDeleted();
    },
  });
}
