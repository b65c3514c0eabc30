import { Stack, Text, ThemeIcon } from '@mantine/core';
import { SearchIcon } from '../../../components/icons/control-icons';
import { FolderIcon } from '../../../components/icons/file-icons';

export type EmptyReason = 'no-match' | 'empty-folder' | 'no-files';

const MESSAGES: Record<EmptyReason, { title: string; hint: string }> = {
  'no-match': { title: 'No files found matching your search', hint: 'Try another name or clear the search.' },
  'empty-folder': { title: 'This folder is empty', hint: 'Upload files here, or move files in from My Files.' },
  'no-files': { title: 'No files uploaded yet', hint: 'Use Upload Files to compress and store your first file.' },
};

/** What My Files says when there is nothing to show. */
export function FilesEmptyState({ reason }: { reason: EmptyReason }) {
  const { title, hint } = MESSAGES[reason];
  return (
    <Stack align="center" gap="xs" py="xl" ta="center" data-testid="files-empty">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {reason === 'no-match' ? <SearchIcon size={26} /> : <FolderIcon size={26} />}
      </ThemeIcon>
      <Text fw={700}>{title}</Text>
      <Text size="sm" c="dark.5">
        {hint}
      </Text>
    </Stack>
  );
}
