import { Alert, Center, Loader } from '@mantine/core';
import { ApiError, type ErrorCode } from '@shrinkly/contract';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ResultPageFrame } from '../../compression/components/result-page-frame';
import { useSharedFileInfo, useUnlockSharedFile } from '../api';
import { SharePasswordForm } from '../components/share-password-form';
import { SharedFileCard } from '../components/shared-file-card';

/** The titles of a link that no longer opens its file, by the server's code. */
const ENDED_TITLES: Partial<Record<ErrorCode, string>> = {
  shareLinkExpired: 'This link has expired',
  shareLinkRevoked: 'This link was revoked',
  shareLinkExhausted: 'Download limit reached',
  shareLinkInvalid: 'Link not found',
};

/** `/s/{token}`: a share link's page for its recipient, with no account needed. */
export function SharedFilePage() {
  usePageTitle('Shared File');
  const { token = '' } = useParams();
  const info = useSharedFileInfo(token);
  const unlock = useUnlockSharedFile(token);

  if (info.isPending) {
    return (
      <Center py={64}>
        <Loader role="status" aria-label="Loading the shared file" />
      </Center>
    );
  }
  if (info.isError) {
    const ended = info.error instanceof ApiError && info.error.code ? ENDED_TITLES[info.error.code] : undefined;
    if (ended && info.error instanceof ApiError) {
      return (
        <ResultPageFrame title={ended}>
          <Alert color="gray" variant="light" role="alert">
            {info.error.serverMessage}. Ask the person who shared it for a new link.
          </Alert>
        </ResultPageFrame>
      );
    }
    return (
      <ResultPageFrame title="Shared File">
        <LoadFailedAlert title="This link could not be opened" detail={info.error.message} onRetry={() => void info.refetch()} />
      </ResultPageFrame>
    );
  }

  const unlocked = unlock.data;
  const file = unlocked?.file ?? info.data.file;
  if (!file) {
    return (
      <ResultPageFrame title="Shared File" subtitle="Enter the password to see and download this file.">
        <SharePasswordForm busy={unlock.isPending} error={unlock.error} onSubmit={(password) => unlock.mutate(password)} />
      </ResultPageFrame>
    );
  }
  return (
    <ResultPageFrame title="Shared File" subtitle="Someone shared this file with you, compressed by Shrinkly.">
      <SharedFileCard file={file} downloadUrl={unlocked?.downloadUrl ?? `/api/share/${encodeURIComponent(token)}`} />
    </ResultPageFrame>
  );
}
