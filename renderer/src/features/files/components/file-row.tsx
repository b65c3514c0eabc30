import { Group, Paper, Stack } from '@mantine/core';
import { FileActionsMenu } from './file-actions-menu';
import type { FileItemProps } from './file-card';
import { FileCategoryIcon, FileExpiry, FileOutcome, FileShares, FileSummary, fileItemAttributes } from './file-details';

/** A file in the list view: one line on wide screens, wrapping under the name on narrow ones. */
export function FileRow({ file, showFolder, ...menu }: FileItemProps) {
  return (
    <Paper component="article" withBorder radius="md" px="md" py="sm" {...fileItemAttributes(file)}>
      <Group wrap="nowrap" gap="sm" align="center">
        <FileCategoryIcon file={file} size="row" />
        <Group gap="xs" style={{ flex: 1, minWidth: 0 }} justify="space-between">
          <Stack gap={2} style={{ flex: '1 1 180px', minWidth: 0 }}>
            <FileSummary file={file} showFolder={showFolder} />
            <FileShares file={file} />
          </Stack>
          <Group gap="xs" wrap="wrap">
            <FileExpiry file={file} />
            <FileOutcome file={file} />
          </Group>
        </Group>
        <FileActionsMenu file={file} {...menu} />
      </Group>
    </Paper>
  );
}
