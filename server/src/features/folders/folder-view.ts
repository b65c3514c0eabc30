import type { Folder } from '@shrinkly/contract';
import type { FolderRow } from '../../db/schema/index.js';

/** The API's folder from its row and the number of files in it. */
export function toFolderView(row: FolderRow & { fileCount: number }): Folder {
  return { id: row.id, name: row.name, parentId: row.parentId, fileCount: row.fileCount, createdAt: row.createdAt.toISOString() };
}
