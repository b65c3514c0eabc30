import path from 'node:path';
import { DesktopRequestError } from '../ipc-router.js';

/**
 * What the user handed to the app themselves, remembered by the main process while it runs: files and folders
 * chosen in the open dialog, dropped on the window or opened with the app, and the folder last chosen in the folder
 * dialog. The renderer is web content, so a path it names counts only when the user chose it here: a script in the
 * page cannot make the app compress (and, with "keep original" off, replace) a file the user never gave it, nor
 * write results into a folder the user never picked.
 */
export class UserChoices {
  private readonly files = new Set<string>();
  private folder: string | null = null;

  /** Files or folders the user gave the app to compress (only absolute paths count). */
  chose(paths: Iterable<string>): void {
    for (const file of paths) {
      if (path.isAbsolute(file) && !file.includes('\0')) this.files.add(file);
    }
  }

  /** The folder the user just picked in the folder dialog: the only way a new output folder comes in. */
  pickedFolder(folder: string | null): void {
    if (folder) this.folder = folder;
  }

  /** Refuses (403) a request naming any path the user did not choose, exactly as the dialog, drop or system gave it. */
  requireChosen(paths: readonly string[]): void {
    const unchosen = paths.filter((file) => !this.files.has(file));
    if (unchosen.length === 0) return;
    const more = unchosen.length > 1 ? ` and ${unchosen.length - 1} more` : '';
    throw new DesktopRequestError(
      `Only files you choose can be compressed: drop them on the window or use Choose files (not chosen: ${unchosen[0]}${more})`,
      403,
    );
  }

  /** Refuses (403) an output folder that is neither the one just picked in the folder dialog nor the one already set. */
  requireOutputFolder(folder: string | null | undefined, current: string | null): void {
    if (folder === undefined || folder === null || folder === current || folder === this.folder) return;
    throw new DesktopRequestError('The output folder can only be set with Choose folder', 403);
  }
}
