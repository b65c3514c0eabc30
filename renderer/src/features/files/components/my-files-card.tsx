import { Alert, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { ApiError, type FileRecord, type Folder, TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { formatHours } from '../../../format/format-duration';
import { CompareDialog } from '../../compression/components/compare-dialog';
import { fileComparison, useDeleteFolder, useFiles, useFolders } from '../api';
import { fileViewModeAtom } from '../atoms';
import { FILE_TABS, type FileTab, foldersByAge, isFileTab, showsFolders, visibleFiles } from '../file-browser';
import { filesToasts } from '../files-toasts';
import { useFileActions } from '../use-file-actions';
import { useOpenFolder } from '../use-open-folder';
import { useProcessingFiles } from '../use-processing-files';
import { DeleteFileDialog } from './delete-file-dialog';
import { type EmptyReason, FilesEmptyState } from './files-empty-state';
import { FilesListing } from './files-listing';
import { FilesLoading } from './files-loading';
import { FilesToolbar } from './files-toolbar';
import { FolderHeading } from './folder-heading';
import { RenameFileDialog } from './rename-file-dialog';
import { ShareLinksDialog } from './share-links-dialog';

interface MyFilesCardProps {
  /** Free accounts' files are removed after a day: the card says so. */
  freePlan: boolean;
  /** Premium accounts choose how long a share link lasts. */
  premium: boolean;
}

/** My Files: search, grid/list, category tabs, folders at the root, a folder's files inside it, and each file's menu. */
export function MyFilesCard({ freePlan, premium }: MyFilesCardProps) {
  const files = useFiles();
  const listedFiles = useProcessingFiles(files.data);
  const folders = useFolders();
  const { folder: openFolder, open, backToRoot } = useOpenFolder();
  const [view, setView] = useAtom(fileViewModeAtom);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<FileTab>('all');
  const [renaming, setRenaming] = useState<FileRecord | null>(null);
  const [deleting, setDeleting] = useState<FileRecord | null>(null);
  const [comparing, setComparing] = useState<FileRecord | null>(null);
  const [sharing, setSharing] = useState<FileRecord | null>(null);
  const actions = useFileActions();
  const deleteFolder = useDeleteFolder();

  const fileView = { folder: openFolder, search, tab };
  const allFolders = folders.data ?? [];
  const shownFolders = showsFolders(fileView) ? foldersByAge(allFolders) : [];
  const shownFiles = visibleFiles(listedFiles ?? [], fileView);
  const searching = search.trim() !== '';

  const removeFolder = (folder: Folder) =>
    deleteFolder.mutate(folder, {
      onSuccess: () => filesToasts.folderDeleted(folder.name),
      // 409: the folder still holds files; the server says so in its own words.
      onError: (error) =>
        filesToasts.deleteFolderFailed(error instanceof ApiError && error.status === 409 ? error.serverMessage : null),
    });

  const openFolderAndReset = (folder: Folder) => {
    setSearch('');
    open(folder);
  };

  const emptyReason: EmptyReason = searching
    ? 'no-match'
    : openFolder && !(listedFiles ?? []).some((file) => file.folder?.id === openFolder.id)
      ? 'empty-folder'
      : 'no-files';

  const content = (() => {
    if (files.isPending || folders.isPending) return <FilesLoading />;
    if (files.isError || folders.isError) {
      return (
        <Alert color="red" title="Your files could not be loaded" radius="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{(files.error ?? folders.error)?.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void Promise.all([files.refetch(), folders.refetch()])}>
              Try again
            </Button>
          </Group>
        </Alert>
      );
    }
    if (shownFolders.length === 0 && shownFiles.length === 0) return <FilesEmptyState reason={emptyReason} />;
    return (
      <FilesListing
        layout={view}
        folders={shownFolders}
        files={shownFiles}
        showFileFolders={!openFolder && searching}
        moveTarget={openFolder ? null : (foldersByAge(allFolders)[0] ?? null)}
        canMoveToRoot={openFolder !== null}
        fileHandlers={{
          onPreview: (file) => void actions.preview(file),
          onCompare: setComparing,
          onShare: (file) => void actions.share(file),
          onShareLinks: setSharing,
          onMove: actions.moveTo,
          onRename: setRenaming,
          onDelete: setDeleting,
        }}
        onOpenFolder={openFolderAndReset}
        onDeleteFolder={removeFolder}
      />
    );
  })();

  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="my-files-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title id="my-files-title" order={2} fz="xl">
            My Files
          </Title>
          {freePlan && (
            <Text size="xs" c="dark.5">
              Free plan: files are removed {formatHours(TEMPORARY_FILE_TTL_MS)} after upload.
            </Text>
          )}
        </Group>
        <FilesToolbar search={search} onSearchChange={setSearch} view={view} onViewChange={setView} />
        {openFolder && <FolderHeading folder={openFolder} onBack={backToRoot} />}
        <Tabs value={tab} onChange={(value) => isFileTab(value) && setTab(value)} keepMounted={false}>
          <Tabs.List aria-label="File types">
            {FILE_TABS.map(({ value, label }) => (
              <Tabs.Tab key={value} value={value}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {FILE_TABS.map(({ value }) => (
            <Tabs.Panel key={value} value={value} pt="md">
              {value === tab ? content : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <RenameFileDialog file={renaming} onClose={() => setRenaming(null)} />
      <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} />
      <ShareLinksDialog file={sharing} mayChooseExpiry={premium} onClose={() => setSharing(null)} />
      {comparing && (
        <CompareDialog
          opened
          onClose={() => setComparing(null)}
          source={{
            kind: 'renditions',
            key: ['comparison', 'file', comparing.id],
            load: () => fileComparison(comparing),
          }}
          name={comparing.name}
          qualityScore={comparing.qualityScore}
          qualityLabel={comparing.qualityLabel}
        />
      )}
    </Card>
  );
}
