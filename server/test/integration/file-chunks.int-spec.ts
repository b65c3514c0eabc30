import { readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type AssembleFileChunksRequest,
  CHUNK_SIZE_BYTES,
  ErrorMessages,
  type FileRecord,
  type FileUploadResponse,
  FREE_COMPRESSION_LIMIT_BYTES,
} from '@shrinkly/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePhotoJpeg, makePhotoPng } from '../fixtures.js';
import { chunkedUpload, fileForm, newUser, sendChunk, TEST_CARD, useTempDir, useTestApp } from '../harness.js';

/** Unpaid landing-page uploads from one address stop here in this suite: above the free limit, below two of it. */
const UNPAID_CAP_BYTES = FREE_COMPRESSION_LIMIT_BYTES * 1.5;

describe('chunked uploads into My Files', () => {
  // No waiting for the result: every assembly answers 202 with the job, deterministically.
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '0', UNPAID_UPLOADS_PER_ADDRESS_BYTES: String(UNPAID_CAP_BYTES) } });
  const dir = useTempDir('shrinkly-file-chunks-');
  /** A 2.9 MB camera-like photo: three chunks. */
  const photo = path.join(dir, 'sync photo.jpg');
  /** A file of exactly the free limit, sparse on disk. */
  const atFreeLimit = path.join(dir, 'big.png');

  beforeAll(async () => {
    await makePhotoJpeg(photo, 4000, 3000);
    await writeFile(atFreeLimit, '');
    await truncate(atFreeLimit, FREE_COMPRESSION_LIMIT_BYTES);
  });

  const signUp = async (plan: 'free' | 'trial') => {
    const { token } = await t.api.register(newUser());
    if (plan === 'trial') await t.as(token).setupTrial({ creditCard: TEST_CARD });
    return { token, api: t.as(token) };
  };
  /** Sends the chunks of `file` in the given order (every chunk, last first, by default). */
  const sendChunks = async (token: string, file: string, uploadId: string, order?: number[]) => {
    const upload = await chunkedUpload(file, uploadId);
    for (const index of order ?? [...Array(upload.totalChunks).keys()].reverse()) {
      const res = await sendChunk(t, file, { ...upload, index }, token);
      expect(res.status).toBe(200);
    }
    return upload;
  };
  const assemble = (token: string | undefined, body: AssembleFileChunksRequest) =>
    t.fetch('/api/files/assemble-chunks', {
      method: 'POST',
      json: body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const answerOf = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message];
  const assembledFilesLeft = () => readdir(path.join(t.config.tmpDir, 'uploads')).catch(() => [] as string[]);

  it('stores a file sent in three chunks into the chosen folder, where it becomes ready', async () => {
    const user = await signUp('trial');
    const folder = await user.api.createFolder({ name: 'Desktop sync' });
    const upload = await sendChunks(user.token, photo, 'desktop-sync-photo');
    expect(upload.totalChunks).toBe(3);

    const res = await assemble(user.token, { ...upload, compressionLevel: 'balanced', folderId: folder.id });
    expect(res.status).toBe(202);
    const body = (await res.json()) as FileUploadResponse;
    expect(body).toMatchObject({ originalSize: upload.fileSize, compressedSize: null, file: null });
    const [listed] = await user.api.listFiles({ folderId: folder.id });
    expect(listed).toMatchObject({
      id: body.fileId,
      name: 'sync photo.jpg',
      folder: { id: folder.id, name: 'Desktop sync' },
      level: 'balanced',
    });

    let file: FileRecord | undefined = listed;
    const deadline = Date.now() + 120_000;
    while (file?.status === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      [file] = await user.api.listFiles({});
    }
    expect(file).toMatchObject({
      id: body.fileId,
      status: 'ready',
      folder: { id: folder.id },
      originalSize: upload.fileSize,
      expiresAt: null,
    });
    expect(file?.compressedSize).toBeLessThan(upload.fileSize);
    expect((await user.api.stats()).storageUsed).toBe(file?.compressedSize);
    expect(await assembledFilesLeft()).toEqual([]);
  }, 150_000);

  it('names the missing chunks with 409 and stores nothing', async () => {
    const user = await signUp('trial');
    const upload = await sendChunks(user.token, photo, 'desktop-sync-gap', [0, 2]);
    expect(await answerOf(await assemble(user.token, upload))).toEqual([
      409,
      'Missing chunks: 1. Upload them, then assemble again.',
    ]);
    expect(await user.api.listFiles({})).toEqual([]);
  });

  it('refuses a free account\u2019s file at the free limit as the direct upload does, keeping nothing', async () => {
    const user = await signUp('free');
    const direct = await t.fetch('/api/files/upload', {
      method: 'POST',
      body: await fileForm(atFreeLimit, 'big.png'),
      headers: { authorization: `Bearer ${user.token}` },
    });
    const directAnswer = await answerOf(direct);
    expect(directAnswer).toEqual([402, ErrorMessages.premiumRequired]);

    const upload = await sendChunks(user.token, atFreeLimit, 'desktop-sync-free-big');
    expect(await answerOf(await assemble(user.token, upload))).toEqual(directAnswer);
    expect(await user.api.listFiles({})).toEqual([]);
    expect(await assembledFilesLeft()).toEqual([]);
    // The chunks were used up by the refused assembly.
    expect(await answerOf(await assemble(user.token, upload))).toEqual([400, 'No chunks were uploaded for this uploadId']);
  }, 120_000);

  it('answers 401 without a token', async () => {
    const res = await assemble(undefined, {
      uploadId: 'desktop-sync-anonymous',
      totalChunks: 1,
      fileName: 'a.png',
      fileSize: 10,
    });
    expect(res.status).toBe(401);
  });

  it('answers 404 for another account\u2019s folder and stores nothing', async () => {
    const owner = await signUp('trial');
    const theirs = await owner.api.createFolder({ name: 'Private' });
    const user = await signUp('trial');
    const small = path.join(dir, 'small.png');
    await makePhotoPng(small, 200, 150);
    const upload = await sendChunks(user.token, small, 'desktop-sync-foreign-folder');
    expect(await answerOf(await assemble(user.token, { ...upload, folderId: theirs.id }))).toEqual([
      404,
      ErrorMessages.folderNotFound,
    ]);
    expect(await user.api.listFiles({})).toEqual([]);
    expect(await owner.api.listFiles({ folderId: theirs.id })).toEqual([]);
  });

  it('takes a trial account\u2019s chunks of a file past the unpaid-uploads cap, which stops a visitor\u2019s', async () => {
    const huge = path.join(dir, 'huge.mov');
    await writeFile(huge, '');
    await truncate(huge, FREE_COMPRESSION_LIMIT_BYTES * 2);
    const first = {
      index: 0,
      totalChunks: 2 * (FREE_COMPRESSION_LIMIT_BYTES / CHUNK_SIZE_BYTES),
      fileName: 'huge.mov',
      fileSize: FREE_COMPRESSION_LIMIT_BYTES * 2,
    };
    const visitor = await sendChunk(t, huge, { ...first, uploadId: 'landing-huge' });
    expect(await answerOf(visitor)).toEqual([413, ErrorMessages.unpaidUploadsFull]);
    const user = await signUp('trial');
    expect((await sendChunk(t, huge, { ...first, uploadId: 'desktop-sync-huge' }, user.token)).status).toBe(200);
  });
});
