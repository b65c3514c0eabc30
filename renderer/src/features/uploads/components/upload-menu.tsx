import { Badge, Button, Menu } from '@mantine/core';
import { ChevronDownIcon, UploadIcon } from '../../../components/icons/control-icons';

interface UploadMenuProps {
  /** Free accounts see Batch Compression marked PREMIUM (it opens the locked view). */
  batchLocked: boolean;
  onSingleUpload: () => void;
  onBatch: () => void;
}

/** "Upload Files": Single File Upload and Batch Compression. */
export function UploadMenu({ batchLocked, onSingleUpload, onBatch }: UploadMenuProps) {
  return (
    <Menu position="bottom-end" width={250} shadow="md" withinPortal>
      <Menu.Target>
        <Button leftSection={<UploadIcon />} rightSection={<ChevronDownIcon size={16} />}>
          Upload Files
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onSingleUpload}>Single File Upload</Menu.Item>
        <Menu.Item
          onClick={onBatch}
          rightSection={
            batchLocked ? (
              <Badge size="xs" color="yellow" c="dark.8" variant="filled">
                PREMIUM
              </Badge>
            ) : null
          }
        >
          Batch Compression
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
