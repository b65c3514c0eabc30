import { ErrorMessages, type Folder } from '@shrinkly/contract';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { UserRow } from '../../db/schema/index.js';
import type { FolderRepository } from './folder.repository.js';
import { toFolderView } from './folder-view.js';

/** Folders of My Files: listed, created and (when empty) deleted by their owner only. */
export class FolderService {
  constructor(private readonly folders: FolderRepository) {}

  async list(user: UserRow, parentId?: string): Promise<Folder[]> {
    return (await this.folders.listOwned(user.id, parentId)).map(toFolderView);
  }

  /** A new folder at the root or in the caller's `parentId`; sibling names are unique, ignoring case. */
  async create(user: UserRow, input: { name: string; parentId?: string | null | undefined }): Promise<Folder> {
    const parentId = input.parentId ?? null;
    if (parentId !== null && !(await this.folders.findOwned(parentId, user.id)))
      throw new NotFoundError(ErrorMessages.folderNotFound);
    if (await this.folders.findSiblingNamed(user.id, parentId, input.name)) throw new ConflictError(ErrorMessages.folderExists);
    const row = await this.folders.create({ userId: user.id, parentId, name: input.name });
    return toFolderView({ ...row, fileCount: 0 });
  }

  /** Deletes an empty folder; a folder holding files or folders is refused, so nothing is ever lost by accident. */
  async delete(user: UserRow, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.folders.findOwned(id, user.id))) throw new NotFoundError(ErrorMessages.folderNotFound);
    if (await this.folders.hasContent(id)) throw new ConflictError(ErrorMessages.folderNotEmpty);
    await this.folders.delete(id, user.id);
  }
}
