import sharp from 'sharp';

/**
 * libvips settings for a process that compresses many different files, set once at start:
 * - no operation cache: it keeps recent decoded images to serve repeated operations on the same input, which a
 *   server never asks for (every upload is a new file), so it only held memory after each job;
 * - one libvips worker thread per image: jobs already run side by side (one per core, JOB_CONCURRENCY), and each
 *   also spreading over every core only made them compete and multiplied the per-thread memory pools.
 */
export function configureImageMemory(options: { threadsPerImage?: number } = {}): void {
  sharp.cache(false);
  sharp.concurrency(options.threadsPerImage ?? 1);
}
