import { SimpleGrid, Stack } from '@mantine/core';
import type { FileRecord, Folder } from '@shrinkly/contract';
import type { ReactNode } from 'react';
import type { FileViewMode } from '../atoms';
import type { FileMenuHandlers } from './file-actions-menu';
import { FileCard } from './file-card';
import { FileRow } from './file-row';
import { FolderItem } from './folder-item';

interface FilesListingProps {
  layout: FileViewMode;
  folders: readonly Folder[];
  files: readonly FileRecord[];
  /** Search results from every folder say which folder each file is in. */
  showFileFolders: boolean;
  moveTarget: Folder | null;
  canMoveToRoot: boolean;
  fileHandlers: FileMenuHandlers;
  onOpenFolder: (folder: Folder) => void;
  onDeleteFolder: (folder: Folder) => void;
}

const LIST_RESET = { listStyle: 'none', margin: 0, padding: 0 } as const;
const GRID_COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 };

/** Folders first, then files, as cards in a grid or as rows in a list. */
export function FilesListing(props: FilesListingProps) {
  const { layout, folders, files, showFileFolders, moveTarget, canMoveToRoot, fileHandlers } = props;
  const items: { key: string; node: ReactNode }[] = [
    ...folders.map((folder) => ({
      key: `folder-${folder.id}`,
      node: <FolderItem folder={folder} layout={layout} onOpen={props.onOpenFolder} onDelete={props.onDeleteFolder} />,
    })),
    ...files.map((file) => {
      const itemProps = { file, showFolder: showFileFolders, moveTarget, canMoveToRoot, ...fileHandlers };
      return { key: `file-${file.id}`, node: layout === 'grid' ? <FileCard {...itemProps} /> : <FileRow {...itemProps} /> };
    }),
  ];
  const children = items.map(({ key, node }) => <li key={key}>{node}</li>);

  return layout === 'grid' ? (
    <SimpleGrid component="ul" cols={GRID_COLUMNS} spacing="md" style={LIST_RESET} aria-label="Files and folders">
      {children}
    </SimpleGrid>
  ) : (
    <Stack component="ul" gap="xs" style={LIST_RESET} aria-label="Files and folders">
      {children}
    </Stack>
  );
}
