import { Text } from '@mantine/core';
import { downloadLinkLifetime, formatExpiryTime } from '../download-lifetime';

interface DownloadNoteProps {
  /** False when the server no longer offers the link. */
  available: boolean;
  expiresAt: string | null;
  paid: boolean;
}

/** The result's note on how long its download link works, from the link's real expiry. */
export function DownloadNote({ available, expiresAt, paid }: DownloadNoteProps) {
  const lifetime = available ? downloadLinkLifetime(expiresAt, paid) : null;
  if (!lifetime) {
    return (
      <Text size="sm" c="red.8" ta="center">
        This download link has expired.
      </Text>
    );
  }
  return (
    <Text size="sm" c="dark.5" ta="center" data-testid="download-note">
      The download link expires in {lifetime}
      {expiresAt ? ` (${formatExpiryTime(expiresAt)})` : ''}. Download your file before then.
    </Text>
  );
}
