import { Group, Paper, Stack, ThemeIcon } from '@mantine/core';
import { CATEGORY_COLORS, CategoryIcon } from '../../../components/icons/file-icons';
import { FileActionsMenu } from './file-actions-menu';
import type { FileItemProps } from './file-card';
import { FileExpiry, FileOutcome, FileSummary } from './file-details';

/** A file in the list view: one line on wide screens, wrapping under the name on narrow ones. */
export function FileRow({ file, showFolder, ...menu }: FileItemProps) {
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      px="md"
      py="sm"
      aria-label={file.name}
      data-testid="file-item"
      data-status={file.status}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <ThemeIcon size={36} radius="md" variant="light" color={CATEGORY_COLORS[file.category]}>
          <CategoryIcon category={file.category} size={20} />
        </ThemeIcon>
        <Group gap="xs" style={{ flex: 1, minWidth: 0 }} justify="space-between">
          <Stack gap={2} style={{ flex: '1 1 180px', minWidth: 0 }}>
            <FileSummary file={file} showFolder={showFolder} />
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
