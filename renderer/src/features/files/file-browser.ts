import type { FileCategory, FileRecord, Folder } from '@shrinkly/contract';

/** The My Files tabs: 'all' and the four categories people pick from ('other' files show under All Files only). */
export const FILE_TABS = [
  { value: 'all', label: 'All Files' },
  { value: 'document', label: 'Documents' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
] as const satisfies readonly { value: FileCategory | 'all'; label: string }[];

export type FileTab = (typeof FILE_TABS)[number]['value'];

export function isFileTab(value: string | null): value is FileTab {
  return FILE_TABS.some((tab) => tab.value === value);
}

export interface FileView {
  /** The open folder, or null at the root. */
  folder: Folder | null;
  search: string;
  tab: FileTab;
}

/**
 * The files My Files shows. At the root: the files outside folders, or, while searching, matches from every folder.
 * Inside a folder: that folder's files. Then the tab's category and the case-insensitive name search apply.
 */
export function visibleFiles(files: readonly FileRecord[], view: FileView): FileRecord[] {
  const query = view.search.trim().toLowerCase();
  return files.filter((file) => {
    if (view.folder) {
      if (file.folder?.id !== view.folder.id) return false;
    } else if (!query && file.folder !== null) {
      return false;
    }
    if (view.tab !== 'all' && file.category !== view.tab) return false;
    return !query || file.name.toLowerCase().includes(query);
  });
}

/** Folder cards show at the root, on All Files, when not searching (the search looks at file names). */
export function showsFolders(view: FileView): boolean {
  return view.folder === null && view.tab === 'all' && view.search.trim() === '';
}

/** Oldest first: the first folder is the target of "Move to {first folder}". */
export function foldersByAge(folders: readonly Folder[]): Folder[] {
  return [...folders].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** Images, PDF, video and audio open in a browser tab; anything else is downloaded. */
export function opensInBrowser(file: FileRecord): boolean {
  if (file.category === 'image' || file.category === 'video' || file.category === 'audio') return true;
  return file.format.toLowerCase() === 'pdf' || file.mimeType === 'application/pdf';
}
