import type { Folder } from '@shrinkly/contract';

/** The value of the "top level of My Files" choice (folder ids are UUIDs, so it cannot clash; the setting is null). */
export const TOP_LEVEL_FOLDER = 'top-level';

/** Each folder labelled with its path ("Work / Scans"), sorted by that path, after the top level. */
export function syncFolderOptions(folders: readonly Folder[]): { value: string; label: string }[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (folder: Folder): string => {
    const names = [folder.name];
    const seen = new Set([folder.id]);
    for (let parent = folder.parentId ? byId.get(folder.parentId) : undefined; parent && !seen.has(parent.id); ) {
      seen.add(parent.id);
      names.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return names.join(' / ');
  };
  const options = folders.map((folder) => ({ value: folder.id, label: pathOf(folder) }));
  options.sort((a, b) => a.label.localeCompare(b.label));
  return [{ value: TOP_LEVEL_FOLDER, label: 'Top level of My Files' }, ...options];
}
