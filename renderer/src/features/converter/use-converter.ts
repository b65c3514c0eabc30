import { ApiError, CONVERTER_LIMIT_BYTES } from '@shrinkly/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { failureMessage } from '../../transfer/transfer-errors';
import { useTransferList } from '../../transfer/use-transfer-list';
import { convertFile, fetchConverterFormats } from './api';
import { conversionErrorDialog } from './conversion-errors';
import {
  CONVERSION_PROGRESS,
  CREEP_INTERVAL_MS,
  creepBarProgress,
  jobBarProgress,
  uploadBarProgress,
} from './conversion-progress';
import {
  type ConverterDialog,
  conversionCompleteDialog,
  FILE_TOO_LARGE_DIALOG,
  NO_FORMAT_DIALOG,
  UNSUPPORTED_TYPE_DIALOG,
} from './converter-dialogs';
import { type ConverterItem, isConverting, isFormatLocked, newConverterItem } from './converter-item';
import { converterToasts } from './converter-toasts';

/**
 * The converter page's list and its one message dialog. Each file converts on its own when asked, several at once if
 * asked; there is no queue. Leaving the page stops every upload and poll.
 */
export function useConverter() {
  const { items, itemsRef, update, patch, add, remove, begin } = useTransferList<ConverterItem>(isConverting);
  const [dialog, setDialog] = useState<ConverterDialog | null>(null);
  const queryClient = useQueryClient();

  const isListed = useCallback((id: string) => itemsRef.current.some((item) => item.id === id), [itemsRef]);

  /** No formats for the type: the file leaves the list (SPEC 'Unsupported File Type'); a failed lookup keeps it. */
  const loadFormats = useCallback(
    async (item: ConverterItem) => {
      try {
        const formats = await fetchConverterFormats(queryClient, item.mimeType);
        if (!isListed(item.id)) return;
        if (formats.length === 0) {
          update((current) => current.filter((other) => other.id !== item.id));
          setDialog(UNSUPPORTED_TYPE_DIALOG);
          return;
        }
        patch(item.id, { availableFormats: formats });
      } catch {
        if (!isListed(item.id)) return;
        converterToasts.formatsFailed();
        patch(item.id, { availableFormats: [] });
      }
    },
    [isListed, patch, queryClient, update],
  );

  /** Files over the limit are refused with one dialog; the others are listed and their formats asked for. */
  const addFiles = useCallback(
    (files: File[]) => {
      const fitting = files.filter((file) => file.size <= CONVERTER_LIMIT_BYTES);
      if (fitting.length < files.length) setDialog(FILE_TOO_LARGE_DIALOG);
      const added = fitting.map(newConverterItem);
      add(added);
      for (const item of added) void loadFormats(item);
    },
    [add, loadFormats],
  );

  const chooseFormat = useCallback(
    (id: string, format: string | null) => patch(id, (item) => (isFormatLocked(item) ? {} : { targetFormat: format })),
    [patch],
  );

  const convert = useCallback(
    async (id: string) => {
      const item = itemsRef.current.find((candidate) => candidate.id === id);
      if (!item || isFormatLocked(item)) return;
      const format = item.targetFormat;
      if (!format) {
        setDialog(NO_FORMAT_DIALOG);
        return;
      }
      const { signal, end } = begin();
      // The bar only moves forward, whichever source moves it.
      const raise = (progress: number) => {
        if (!signal.aborted) patch(id, (current) => ({ progress: Math.max(current.progress, progress) }));
      };
      let creep: ReturnType<typeof setInterval> | undefined;
      const stopCreep = () => clearInterval(creep);

      patch(id, { status: 'converting', progress: 0, error: null, result: null });
      try {
        const result = await convertFile(item.file, format, {
          signal,
          onUploadProgress: (fraction) => raise(uploadBarProgress(fraction)),
          onUploaded: () => {
            raise(CONVERSION_PROGRESS.uploaded);
            // The server reports nothing until it answers: simulated progress up to 95 meanwhile.
            creep ??= setInterval(
              () => patch(id, (current) => ({ progress: creepBarProgress(current.progress) })),
              CREEP_INTERVAL_MS,
            );
          },
          onJobProgress: (percent) => {
            // Real progress from the job replaces the simulation.
            if (percent > 0) stopCreep();
            raise(jobBarProgress(percent));
          },
        });
        stopCreep();
        patch(id, { status: 'converted', progress: CONVERSION_PROGRESS.done, result });
        setDialog(conversionCompleteDialog(item.file.name, format));
      } catch (error) {
        stopCreep();
        if (signal.aborted) return;
        const message = failureMessage(error);
        patch(id, { status: 'error', progress: 0, error: message ?? 'Conversion failed' });
        const code = error instanceof ApiError ? error.code : undefined;
        setDialog(conversionErrorDialog(message, item.file.name, format, code));
      } finally {
        end();
      }
    },
    [begin, itemsRef, patch],
  );

  const closeDialog = useCallback(() => setDialog(null), []);

  return { items, dialog, addFiles, chooseFormat, convert, remove, closeDialog };
}

export type Converter = ReturnType<typeof useConverter>;
