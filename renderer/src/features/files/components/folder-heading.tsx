import { Button, Group, Title } from '@mantine/core';
import type { Folder } from '@shrinkly/contract';
import { ArrowLeftIcon } from '../../../components/icons/control-icons';
import { FolderIcon } from '../../../components/icons/file-icons';

interface FolderHeadingProps {
  folder: Folder;
  onBack: () => void;
}

/** Inside a folder: Back to All Files and the folder's name. */
export function FolderHeading({ folder, onBack }: FolderHeadingProps) {
  return (
    <Group gap="sm" justify="space-between" wrap="wrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <FolderIcon size={22} />
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {folder.name}
        </Title>
      </Group>
      <Button variant="subtle" size="sm" leftSection={<ArrowLeftIcon size={16} />} onClick={onBack}>
        Back to All Files
      </Button>
    </Group>
  );
}
