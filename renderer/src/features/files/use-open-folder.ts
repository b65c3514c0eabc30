import type { Folder } from '@shrinkly/contract';
import { useAtom } from 'jotai';
import { useFolders } from './api';
import { openFolderIdAtom } from './atoms';

/** The folder open in My Files, resolved against the user's folders (an unknown id is the root). */
export function useOpenFolder() {
  const [openId, setOpenId] = useAtom(openFolderIdAtom);
  const folders = useFolders();
  const folder = openId ? (folders.data?.find((candidate) => candidate.id === openId) ?? null) : null;
  return {
    folder,
    open: (target: Folder) => setOpenId(target.id),
    backToRoot: () => setOpenId(null),
  };
}
