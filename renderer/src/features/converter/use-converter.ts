import { CONVERTER_LIMIT_BYTES } from '@shrinkly/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../compression/upload-errors';
import { useSyncedList } from '../dashboard/use-synced-list';
import { convertFile, fetchConverterFormats } from './api';
import { conversionErrorDialog } from './conversion-errors';
import { CONVERSION_PROGRESS, creepBarProgress, CREEP_INTERVAL_MS, jobBarProgress, uploadBarProgress } from './conversion-progress';
import { conversionCompleteDialog, type ConverterDialog, FILE_TOO_LARGE_DIALOG, NO_FORMAT_DIALOG, UNSUPPORTED_TYPE_DIALOG } from './converter-dialogs';
import { type ConverterItem, isFormatLocked, newConverterItem } from './converter-item';
import { converterToasts } from './converter-toasts';

type Change = Partial<ConverterItem> | ((item: ConverterItem) => Partial<ConverterItem>);

/** The converter page's list and its one message dialog. Each file converts on its own, several at once if asked. */
export function useConverter() {
  const [items, itemsRef, update] = useSyncedList<ConverterItem>();
  const [dialog, setDialog] = useState<ConverterDialog | null>(null);
  const conversions = useRef(new Map<string, AbortController>());
  const queryClient = useQueryClient();

  // Leaving the page stops every upload and poll.
  useEffect(() => {
    const running = conversions.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const patch = useCallback(
    (id: string, change: Change) =>
      update((current) =>
        current.map((item) => (item.id === id ? { ...item, ...(typeof change === 'function' ? change(item) : change) } : item)),
      ),
    [update],
  );

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
      if (added.length === 0) return;
      update((current) => [...current, ...added]);
      for (const item of added) void loadFormats(item);
    },
    [loadFormats, update],
  );

  const chooseFormat = useCallback(
    (id: string, format: string | null) => patch(id, (item) => (isFormatLocked(item) ? {} : { targetFormat: format })),
    [patch],
  );

  /** Remove is blocked while converting (SPEC section 4). */
  const remove = useCallback(
    (id: string) => update((current) => current.filter((item) => item.id !== id || item.status === 'converting')),
    [update],
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
      const controller = new AbortController();
      conversions.current.set(id, controller);
      const { signal } = controller;
      // The bar only moves forward, whichever source moves it.
      const raise = (progress: number) => {
        if (!signal.aborted) patch(id, (current) => ({ progress: Math.max(current.progress, progress) }));
      };
      let creep: number | undefined;
      const stopCreep = () => window.clearInterval(creep);

      patch(id, { status: 'converting', progress: 0, error: null, result: null });
      try {
        const result = await convertFile(item.file, format, {
          signal,
          onUploadProgress: (fraction) => raise(uploadBarProgress(fraction)),
          onUploaded: () => {
            raise(CONVERSION_PROGRESS.uploaded);
            // The server reports nothing until it answers: simulated progress up to 95 meanwhile.
            creep ??= window.setInterval(
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
        setDialog(conversionErrorDialog(message, item.file.name, format));
      } finally {
        conversions.current.delete(id);
      }
    },
    [itemsRef, patch],
  );

  const closeDialog = useCallback(() => setDialog(null), []);

  return { items, dialog, addFiles, chooseFormat, convert, remove, closeDialog };
}

export type Converter = ReturnType<typeof useConverter>;
