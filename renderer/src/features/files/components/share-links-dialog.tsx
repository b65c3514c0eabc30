import { Divider, Stack, Text, Title } from '@mantine/core';
import type { FileRecord } from '@shrinkly/contract';
import { AppDialog } from '../../../components/app-dialog';
import { useLastDefined } from '../../../components/use-last-defined';
import { ShareLinkForm } from './share-link-form';
import { ShareLinkList } from './share-link-list';

interface ShareLinksDialogProps {
  /** The file whose links are shown; null closes the dialog. */
  file: FileRecord | null;
  mayChooseExpiry: boolean;
  onClose: () => void;
}

/** Share links with choices: a new link's expiry, password and download limit, and the file's links to revoke. */
export function ShareLinksDialog({ file, mayChooseExpiry, onClose }: ShareLinksDialogProps) {
  const shown = useLastDefined(file);
  return (
    <AppDialog opened={file !== null} onClose={onClose} title="Share Links" size="lg">
      {shown && (
        <Stack gap="md" key={shown.id}>
          <Text size="sm" c="dark.6">
            Anyone with a link to <b>{shown.name}</b> can download it until the link expires, is revoked or reaches its download
            limit.
          </Text>
          <ShareLinkForm file={shown} mayChooseExpiry={mayChooseExpiry} />
          <Divider />
          <Title order={3} fz="sm">
            Links to this file
          </Title>
          <ShareLinkList file={shown} />
        </Stack>
      )}
    </AppDialog>
  );
}
