import { ActionIcon, Box, Group, Menu, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { Folder } from '@shrinkly/contract';
import { DotsIcon } from '../../../components/icons/control-icons';
import { FolderIcon } from '../../../components/icons/file-icons';
import type { FileViewMode } from '../atoms';

interface FolderItemProps {
  folder: Folder;
  layout: FileViewMode;
  onOpen: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
}

function fileCount(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/**
 * A folder card (or row). The whole card is a button that opens the folder (click, Enter or Space); the menu
 * button sits on top of it, in the corner, so the two never nest.
 */
export function FolderItem({ folder, layout, onOpen, onDelete }: FolderItemProps) {
  const grid = layout === 'grid';
  const name = (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={700} size="sm" truncate="end" title={folder.name}>
        {folder.name}
      </Text>
      <Text size="xs" c="dark.5">
        {fileCount(folder.fileCount)}
      </Text>
    </Stack>
  );
  const icon = (
    <ThemeIcon size={grid ? 44 : 36} radius="md" variant="light" color="yellow" c="yellow.9">
      <FolderIcon size={grid ? 24 : 20} />
    </ThemeIcon>
  );

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      pos="relative"
      h="100%"
      aria-label={`Folder ${folder.name}`}
      data-testid="folder-item"
    >
      <UnstyledButton
        onClick={() => onOpen(folder)}
        aria-label={`Open folder ${folder.name}`}
        display="block"
        w="100%"
        h="100%"
        // Room on the right for the menu button laid over the card.
        px="md"
        py={grid ? 'md' : 'sm'}
        pr={56}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        {grid ? (
          <Stack gap="sm">
            {icon}
            {name}
          </Stack>
        ) : (
          <Group wrap="nowrap" gap="sm">
            {icon}
            {name}
          </Group>
        )}
      </UnstyledButton>
      <Box pos="absolute" top={grid ? 12 : '50%'} right={12} style={grid ? undefined : { transform: 'translateY(-50%)' }}>
        <Menu position="bottom-end" width={180} shadow="md" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for folder ${folder.name}`}>
              <DotsIcon size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red" onClick={() => onDelete(folder)}>
              Delete folder
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Box>
    </Paper>
  );
}
