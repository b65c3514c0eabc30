import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CompressionResponse } from '@shrinkly/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePhotoJpeg, makeWithFfmpeg } from '../fixtures.js';
import { fileForm, newUser, TEST_CARD, useTempDir, useTestApp } from '../harness.js';

const cli = path.resolve(import.meta.dirname, '../../../packages/engine/bin/shrinkly.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command line as a user runs it, in its own process, with its own config folder. */
function shrinkly(args: string[], env: Record<string, string>, stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

const linesOf = (run: Run) =>
  run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the command line against the service', () => {
  // The key may make 4 requests a minute, all this file's runs together make: the command line spends one per file
  // (the answer holds the result; the signed download takes no key, chunks are not counted) and one per login.
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '60000', API_KEY_REQUESTS_PER_MINUTE: '4' } });
  const dir = useTempDir('shrinkly-cli-remote-');
  let photo: string;
  let sound: string;
  let key: string;
  let token: string;
  let env: Record<string, string>;

  /** The same file at the same level through the site (the landing route, signed in), as bytes. */
  async function throughTheSite(file: string, level: string): Promise<Buffer> {
    const res = await t.fetch('/api/compress', {
      method: 'POST',
      body: await fileForm(file, path.basename(file), { compressionLevel: level }),
      headers: { authorization: `Bearer ${token}` },
    });
    const answer = (await res.json()) as CompressionResponse;
    expect(answer.downloadUrl).toBeTruthy();
    return Buffer.from(await (await fetch(new URL(answer.downloadUrl as string, t.baseUrl))).arrayBuffer());
  }

  beforeAll(async () => {
    photo = path.join(dir, 'harbour.jpg');
    await makePhotoJpeg(photo, 1200, 900);
    // A minute of sound as WAV: past the command line's one-request size, so it goes in chunks.
    sound = path.join(dir, 'tone.wav');
    await makeWithFfmpeg(sound, 'sine=frequency=440:duration=52', ['-ac', '2']);
    const user = newUser();
    token = (await t.api.register(user)).token;
    await t.as(token).setupTrial({ creditCard: TEST_CARD });
    key = (await t.as(token).createApiKey({ name: 'cli', scopes: ['compress'] })).secret;
    env = { XDG_CONFIG_HOME: path.join(dir, 'config') };
  });

  it('compresses a photo and a file sent in chunks on the service, byte for byte as the site does', async () => {
    expect((await stat(sound)).size).toBeGreaterThan(8 * 1024 * 1024);
    const out = path.join(dir, 'out');
    const run = await shrinkly(
      ['compress', '--server', t.baseUrl, '--api-key', key, '--level', 'light', '--out', out, photo, sound],
      env,
    );
    expect(run.stderr).not.toMatch(/error|refused/i);
    expect(run.code).toBe(0);
    const [photoLine, soundLine] = linesOf(run);
    expect(photoLine).toMatchObject({
      input: photo,
      output: path.join(out, 'harbour.min.jpg'),
      format: 'jpg',
      server: t.baseUrl,
    });
    expect(soundLine).toMatchObject({ input: sound, output: path.join(out, 'tone.min.flac'), format: 'flac' });
    expect(run.stderr).toContain('tone.wav: upload');
    for (const [line, file] of [
      [photoLine, photo],
      [soundLine, sound],
    ] as const) {
      const written = await readFile(line?.output as string);
      expect(written.length).toBe(line?.compressedSize);
      expect(written.equals(await throughTheSite(file, 'light'))).toBe(true);
    }
  });

  it('saves a key with login (readable by the user only) and uses it with --remote', async () => {
    const login = await shrinkly(['login', '--server', `${t.baseUrl}/`], env, `${key}\n`);
    expect(login.code).toBe(0);
    const saved = path.join(env.XDG_CONFIG_HOME as string, 'shrinkly', 'config.json');
    expect((await stat(saved)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(saved, 'utf8'))).toEqual({ server: t.baseUrl, apiKey: key });

    const out = path.join(dir, 'remote');
    const run = await shrinkly(['compress', '--remote', '--out', out, photo], env);
    expect(run.code).toBe(0);
    expect(linesOf(run)[0]).toMatchObject({ format: 'jpg', server: t.baseUrl });

    // A wrong key is refused at login and saves nothing over the good one.
    const refused = await shrinkly(['login', '--server', t.baseUrl, '--api-key', 'shr_not-a-key-at-all'], env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('401');
    expect(JSON.parse(await readFile(saved, 'utf8')).apiKey).toBe(key);
  });

  it('says what is wrong when the key is missing or refused, and writes nothing', async () => {
    const out = path.join(dir, 'refused');
    const noKey = await shrinkly(['compress', '--server', t.baseUrl, '--out', out, photo], {
      XDG_CONFIG_HOME: path.join(dir, 'empty'),
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('No API key');
    const revokedLike = await shrinkly(
      ['compress', '--server', t.baseUrl, '--api-key', `shr_${'x'.repeat(32)}`, '--out', out, photo],
      env,
    );
    expect(revokedLike.code).toBe(1);
    expect(revokedLike.stderr).toContain('401: Invalid or revoked API key');
    await expect(stat(out)).resolves.toBeDefined();
    expect(await readFile(path.join(out, 'harbour.min.jpg')).catch(() => null)).toBeNull();
  });
});
