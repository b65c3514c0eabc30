import { Card, Group, Stack } from '@mantine/core';
import type { FileRecord, Folder } from '@shrinkly/contract';
import { FileActionsMenu, type FileMenuHandlers } from './file-actions-menu';
import { FileCategoryIcon, FileExpiry, FileOutcome, FileShares, FileSummary, fileItemAttributes } from './file-details';

export interface FileItemProps extends FileMenuHandlers {
  file: FileRecord;
  /** Search results at the root come from every folder: each says which. */
  showFolder: boolean;
  moveTarget: Folder | null;
  canMoveToRoot: boolean;
}

/** A file in the grid view. */
export function FileCard({ file, showFolder, ...menu }: FileItemProps) {
  return (
    <Card component="article" withBorder radius="md" padding="md" h="100%" {...fileItemAttributes(file)}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <FileCategoryIcon file={file} size="card" />
          <FileActionsMenu file={file} {...menu} />
        </Group>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <FileSummary file={file} showFolder={showFolder} />
          <FileShares file={file} />
        </Stack>
        <Group gap="xs" justify="space-between">
          <FileOutcome file={file} />
          <FileExpiry file={file} />
        </Group>
      </Stack>
    </Card>
  );
}
