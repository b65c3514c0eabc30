import {
  type Comparison,
  type DownloadLink,
  ErrorMessages,
  FILE_LINK_TTL_MS,
  type FileRecord,
  STORAGE_LIMIT_BYTES,
  type Stats,
} from '@shrinkly/contract';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import type { DownloadTicketService, SignedLink } from '../../common/download-ticket.service.js';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { FileRow, UserRow } from '../../db/schema/index.js';
import { readComparison } from '../../jobs/engine-step.js';
import type { FolderRepository } from '../folders/folder.repository.js';
import type { FileRepository, FileWithFolder } from './file.repository.js';
import { deleteFileBlobs } from './file-blobs.js';
import { toFileRecord, toStats } from './file-views.js';

/**
 * My Files after upload: listing, renaming, moving, deleting and downloading (sharing: features/sharing). Every operation is
 * scoped to the caller: another user's id is "not found" and changes nothing. A file still processing is listed
 * and may be deleted; everything else waits for it to be ready (409).
 */
export class FileLibraryService {
  constructor(
    private readonly files: FileRepository,
    private readonly folders: FolderRepository,
    private readonly storage: StoragePort,
    private readonly tickets: DownloadTicketService,
    private readonly clock: Clock,
  ) {}

  async list(user: UserRow, folderId?: string): Promise<FileRecord[]> {
    if (folderId !== undefined) await this.requireFolder(user, folderId);
    return (await this.files.listOwned(user.id, this.clock.now(), folderId)).map(toFileRecord);
  }

  async rename(user: UserRow, id: string, name: string): Promise<FileRecord> {
    return toFileRecord(await this.update(user, id, { name }));
  }

  /** Into one of the caller's folders, or to the root when `folderId` is absent. */
  async move(user: UserRow, id: string, folderId: string | null | undefined): Promise<FileRecord> {
    if (folderId) await this.requireFolder(user, folderId);
    return toFileRecord(await this.update(user, id, { folderId: folderId ?? null }));
  }

  /**
   * Deletes the file and its bytes; its storage is freed at once. A file still processing goes too: its job
   * finds the file gone when it ends and drops its result (LibraryResultFinisher.complete), so no blob is left.
   */
  async delete(user: UserRow, id: string): Promise<void> {
    const row = isUuid(id) ? await this.files.deleteOwned(id, user.id) : undefined;
    if (!row) throw new NotFoundError(ErrorMessages.fileNotFound);
    await deleteFileBlobs(this.storage, row);
  }

  /** The before/after renditions made when the file was compressed; 404 when it has none. */
  async comparison(user: UserRow, id: string): Promise<Comparison> {
    const file = await this.owned(user, id);
    if (!file.compareBlob) throw new NotFoundError(ErrorMessages.noComparison);
    return readComparison(this.storage, file.compareBlob);
  }

  /** A signed link the browser can open in a new tab (inline) or download, without the bearer header. */
  async downloadLink(user: UserRow, id: string, disposition: 'attachment' | 'inline'): Promise<DownloadLink> {
    const file = await this.owned(user, id);
    const expiresAt = new Date(this.clock.now().getTime() + FILE_LINK_TTL_MS);
    return { url: this.tickets.fileUrl(file.id, expiresAt, disposition), expiresAt: expiresAt.toISOString() };
  }

  async owned(user: UserRow, id: string): Promise<FileWithFolder> {
    const file = isUuid(id) ? await this.files.findReadyOwned(id, user.id, this.clock.now()) : undefined;
    if (!file) throw await this.notReady(user, id);
    return file;
  }

  /** The file behind a signed link; forged or expired links are "not found". */
  async signed(id: string, link: SignedLink): Promise<FileRow> {
    const file = isUuid(id) && this.tickets.verifyFile(id, link) ? await this.files.findById(id) : undefined;
    if (file?.status !== 'ready') throw new NotFoundError('This download link has expired or is not valid');
    return file;
  }

  async stats(user: UserRow): Promise<Stats> {
    return toStats(await this.files.totals(user.id), STORAGE_LIMIT_BYTES);
  }

  /** Changes one of the caller's ready files: 409 while it is processing, 404 when it is not theirs. */
  async update(user: UserRow, id: string, values: Parameters<FileRepository['updateReady']>[2]): Promise<FileWithFolder> {
    const row = isUuid(id) ? await this.files.updateReady(id, user.id, values, this.clock.now()) : undefined;
    if (!row) throw await this.notReady(user, id);
    return row;
  }

  /** Why a file of the caller cannot be used: still processing (409), or not theirs or not there (404). */
  private async notReady(user: UserRow, id: string): Promise<Error> {
    if (isUuid(id) && (await this.files.isProcessingOwned(id, user.id))) return new ConflictError(ErrorMessages.fileProcessing);
    return new NotFoundError(ErrorMessages.fileNotFound);
  }

  private async requireFolder(user: UserRow, folderId: string): Promise<void> {
    if (!(await this.folders.findOwned(folderId, user.id))) throw new NotFoundError(ErrorMessages.folderNotFound);
  }
}
