import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** What a share link's recipient may see: 404 for an unknown link, 410 for one that expired, was revoked or ran out. */
export function useSharedFileInfo(token: string) {
  return useQuery({ queryKey: ['shared-file', token], queryFn: () => api.sharedFileInfo({ token }), retry: false });
}

/** The link's password, for the file and a short-lived address that downloads it. */
export function useUnlockSharedFile(token: string) {
  return useMutation({ mutationFn: (password: string) => api.unlockSharedFile({ token, password }) });
}
