import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { FileRecord, ShareLink, ShareLinkState } from '@shrinkly/contract';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { formatDateTime } from '../../../format/format-date';
import { platform } from '../../../platform';
import { useRevokeShareLink, useShareLinks } from '../api';
import { filesToasts } from '../files-toasts';

const STATE_BADGES: Record<ShareLinkState, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
  exhausted: { label: 'Limit reached', color: 'orange' },
};

/** "3 of 5 downloads", or "1 download" without a limit. */
export function downloadsLabel(link: Pick<ShareLink, 'downloads' | 'maxDownloads'>): string {
  if (link.maxDownloads !== null) return `${link.downloads} of ${link.maxDownloads} downloads`;
  return `${link.downloads} ${link.downloads === 1 ? 'download' : 'downloads'}`;
}

function whenLabel(link: ShareLink): string {
  if (link.revokedAt) return `Revoked ${formatDateTime(new Date(link.revokedAt))}`;
  const expiresAt = formatDateTime(new Date(link.expiresAt));
  return link.state === 'expired' ? `Expired ${expiresAt}` : `Expires ${expiresAt}`;
}

/** The file's links, newest first: each one's state, downloads and expiry, with Copy and Revoke. */
export function ShareLinkList({ file }: { file: FileRecord }) {
  const links = useShareLinks(file);
  if (links.isPending) return <Loader role="status" aria-label="Loading share links" size="sm" />;
  if (links.isError) return <LoadFailedAlert title="The links could not be loaded" onRetry={() => void links.refetch()} />;
  if (links.data.length === 0) {
    return (
      <Text size="sm" c="dark.5">
        No links yet. Create one above, or use Share in the file's menu for a 24-hour link.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Share links">
      {links.data.map((link) => (
        <ShareLinkItem key={link.id} link={link} />
      ))}
    </Stack>
  );
}

function ShareLinkItem({ link }: { link: ShareLink }) {
  const revoke = useRevokeShareLink();
  const badge = STATE_BADGES[link.state];
  const created = formatDateTime(new Date(link.createdAt));
  const copy = () =>
    platform.copyText(platform.absoluteUrl(link.url)).then(filesToasts.shareLinkCopied, () => filesToasts.linkReady(link.url));
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`Link created ${created}`} data-testid="share-link">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge color={badge.color} variant="light" size="sm" tt="none">
              {badge.label}
            </Badge>
            {link.hasPassword && (
              <Badge color="blue" variant="light" size="sm" tt="none">
                Password
              </Badge>
            )}
            <Text size="sm" fw={600}>
              {downloadsLabel(link)}
            </Text>
          </Group>
          <Text size="xs" c="dark.5">
            {whenLabel(link)} · created {created}
          </Text>
        </Stack>
        <Group gap="xs">
          {link.state === 'active' && (
            <Button size="compact-sm" variant="default" onClick={() => void copy()} aria-label={`Copy link created ${created}`}>
              Copy
            </Button>
          )}
          {link.revokedAt === null && (
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              loading={revoke.isPending}
              aria-label={`Revoke link created ${created}`}
              onClick={() => revoke.mutate(link, { onSuccess: filesToasts.shareLinkRevoked, onError: filesToasts.revokeFailed })}
            >
              Revoke
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
