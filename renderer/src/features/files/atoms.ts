import { atom } from 'jotai';

export type FileViewMode = 'grid' | 'list';

/** My Files shows cards or rows; kept while the user moves around the app. */
export const fileViewModeAtom = atom<FileViewMode>('grid');

/**
 * The open folder of My Files (null: the root). Uploads go into it. An id that is no longer among the user's
 * folders (deleted elsewhere, another account) is read as the root.
 */
export const openFolderIdAtom = atom<string | null>(null);
