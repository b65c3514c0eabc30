import { ActionIcon, Menu } from '@mantine/core';
import { type FileRecord, type Folder, hasRenditions } from '@shrinkly/contract';
import { DotsIcon } from '../../../components/icons/control-icons';

/** What the menu can do with a file; the page decides which moves apply where. */
export interface FileMenuHandlers {
  onPreview: (file: FileRecord) => void;
  /** Before and after, for a compressed picture, PDF or video. */
  onCompare: (file: FileRecord) => void;
  /** Share: a 24-hour link copied at once. */
  onShare: (file: FileRecord) => void;
  /** Manage links: share links with choices, and the file's links to revoke. */
  onShareLinks: (file: FileRecord) => void;
  onRename: (file: FileRecord) => void;
  onDelete: (file: FileRecord) => void;
  /** Moves the file into `folder`, or to the root with null. */
  onMove: (file: FileRecord, folder: Folder | null) => void;
}

interface FileActionsMenuProps extends FileMenuHandlers {
  file: FileRecord;
  /** At the root: the first folder (oldest), target of "Move to {name}"; null when there is none. */
  moveTarget: Folder | null;
  /** Inside a folder: offers Move to Root. */
  canMoveToRoot: boolean;
}

/** The "Actions for {name}" menu of a file card or row. A file still being compressed can only be deleted. */
export function FileActionsMenu({ file, moveTarget, canMoveToRoot, ...handlers }: FileActionsMenuProps) {
  const ready = file.status === 'ready';
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${file.name}`}>
          <DotsIcon size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!ready && <Menu.Label>Available once compressed</Menu.Label>}
        <Menu.Item disabled={!ready} onClick={() => handlers.onPreview(file)}>
          Preview and Download
        </Menu.Item>
        {ready && file.isCompressed && hasRenditions(file.format) && (
          <Menu.Item onClick={() => handlers.onCompare(file)}>Compare</Menu.Item>
        )}
        <Menu.Item disabled={!ready} onClick={() => handlers.onShare(file)}>
          Share
        </Menu.Item>
        <Menu.Item disabled={!ready} onClick={() => handlers.onShareLinks(file)}>
          Manage links...
        </Menu.Item>
        <Menu.Item disabled={!ready} onClick={() => handlers.onRename(file)}>
          Rename
        </Menu.Item>
        {ready && moveTarget && (
          <Menu.Item onClick={() => handlers.onMove(file, moveTarget)}>Move to {moveTarget.name}</Menu.Item>
        )}
        {ready && canMoveToRoot && <Menu.Item onClick={() => handlers.onMove(file, null)}>Move to Root</Menu.Item>}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => handlers.onDelete(file)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
