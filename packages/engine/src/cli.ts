import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  API_KEY_PREFIX,
  COMPRESSION_LEVELS,
  type CompressionLevel,
  MAX_TARGET_BYTES,
  MIN_TARGET_BYTES,
  maxDimensionSchema,
  maxImagePpiSchema,
  parseSize,
  qualityLabel,
} from '@shrinkly/contract';
import { configPath, readCliConfig, writeCliConfig } from './cli/cli-config.js';
import { compressRemotely, type RemoteService, remoteClient } from './cli/remote-compress.js';
import { compress } from './compress.js';
import { conversionTargets, sharedLibreOffice } from './convert/index.js';
import { convert } from './convert.js';
import { detect } from './detect.js';
import { isEngineError } from './errors.js';
import { estimate } from './estimate.js';
import type { CompressOptions } from './types.js';

const USAGE = `Usage:
  shrinkly compress [--level light|balanced|maximum] [--target SIZE [--allow-lower-quality]] [--max-side PX]
                    [--max-ppi PPI] [--keep-camera-data] [--out DIR] [--server URL [--api-key KEY] | --remote] FILE...
  shrinkly login --server URL [--api-key KEY]
  shrinkly estimate FILE...
  shrinkly convert --to FORMAT [--out DIR] FILE...
  shrinkly formats FILE...

compress writes FILE's result beside it as NAME.min.EXT (or into DIR) and prints one JSON line per file. With
--target (10MB, 500KB or bytes) it gives the best quality under that size, down to the level's floor (photos, audio
and video at a setting between two levels); --allow-lower-quality lets them go below the level's floor to fit when
nothing within it does; with --max-side, pictures and videos are made to fit that longest side in pixels (never
enlarged); with --max-ppi, a PDF's pictures drawn above that many pixels per inch are resampled to it;
--keep-camera-data keeps a picture's EXIF camera data and copyright, without its location (by default every result
drops them).
With --server (or --remote, for the service saved by login) the files are compressed by the service instead of on
this machine, with an API key (--api-key, else SHRINKLY_API_KEY, else the one saved by login): big files go in
chunks, and the results are written and printed as in the local mode.
login checks an API key against the service and saves both in ~/.config/shrinkly/config.json (readable by you only);
the key is read from --api-key, SHRINKLY_API_KEY or the terminal (without showing it): prefer the last two, as
other users of this machine can see a command's options.
estimate prints the expected size at each level, one JSON line per file.
convert writes FILE converted to FORMAT beside it as NAME.FORMAT (or into DIR; NAME.zip for a multi-page PDF
made into pictures) and prints one JSON line per file. formats lists the targets each FILE can be converted to.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** A file-system refusal in plain words; the path it names (an input or an output) follows when the system gives it. */
const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EISDIR: 'a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

function describe(err: unknown): string {
  if (isEngineError(err)) return `${err.kind}: ${err.message}`;
  const { code, path: where } = (err ?? {}) as NodeJS.ErrnoException;
  const plain = code === undefined ? undefined : FILE_ERRORS[code];
  if (plain) return where ? `${plain}: ${where}` : plain;
  return err instanceof Error ? err.message : String(err);
}

/** Output path: DIR/NAME.min.EXT, or beside the input. */
function outputPath(input: string, format: string, outDir: string | undefined): string {
  const base = path.basename(input, path.extname(input));
  return path.join(outDir ?? path.dirname(input), `${base}.min.${format}`);
}

type CompressRequest = Pick<CompressOptions, 'targetBytes' | 'belowFloor' | 'maxDimension' | 'maxImagePpi' | 'metadata'>;
type Line = Record<string, unknown>;

/**
 * Runs `work` on each file in turn and prints its JSON line on stdout (with its milliseconds when `timed`), or its
 * failure on stderr; the exit code is 0 when every file succeeded.
 */
async function eachFile(files: string[], work: (input: string) => Promise<Line>, timed = true): Promise<number> {
  let failures = 0;
  for (const input of files) {
    const started = Date.now();
    try {
      const line = await work(input);
      process.stdout.write(`${JSON.stringify(timed ? { ...line, ms: Date.now() - started } : line)}\n`);
    } catch (err) {
      failures += 1;
      process.stderr.write(`${input}: ${describe(err)}\n`);
    }
  }
  return failures === 0 ? 0 : 1;
}

/** Progress on stderr, every 10 % of each stage, so stdout stays one JSON line per file. */
function progressOf(input: string): (percent: number, stage?: string) => void {
  const shown = new Map<string, number>();
  return (percent, stage) => {
    if (percent - (shown.get(stage ?? '') ?? -10) < 10) return;
    shown.set(stage ?? '', percent);
    process.stderr.write(`${path.basename(input)}: ${stage ? `${stage} ` : ''}${percent}%\n`);
  };
}

/**
 * Compresses each file on this machine, or by the service when one is given: the same files and lines either way.
 */
async function runCompress(
  files: string[],
  level: CompressionLevel,
  request: CompressRequest,
  outDir: string | undefined,
  service: RemoteService | undefined,
): Promise<number> {
  if (outDir) await mkdir(outDir, { recursive: true });
  return eachFile(files, (input) => {
    const progress = progressOf(input);
    if (service) {
      return compressRemotely(
        service,
        input,
        { level, ...request },
        (format) => outputPath(input, format, outDir),
        (stage, p) => progress(p, stage),
      );
    }
    return compressHere(input, { level, ...request, nameHint: input, onProgress: progress }, outDir);
  });
}

/** One file compressed on this machine: the result copied to its output path, and the file's line. */
async function compressHere(input: string, options: CompressOptions, outDir: string | undefined): Promise<Line> {
  const result = await compress(input, options);
  const output = outputPath(input, result.format, outDir);
  await copyFile(result.output, output);
  if (!result.unchanged) await rm(path.dirname(result.output), { recursive: true, force: true });
  return {
    input,
    output,
    format: result.format,
    originalSize: result.originalSize,
    compressedSize: result.compressedSize,
    unchanged: result.unchanged,
    recipe: result.recipe,
    score: result.score,
    quality: result.score === null ? null : qualityLabel(result.score),
    target: result.target,
    metrics: result.metrics,
    notes: result.notes,
  };
}

/** The service and key for --server / --remote: the options, then SHRINKLY_API_KEY, then what login saved. */
async function remoteService(server: string | undefined, apiKey: string | undefined): Promise<RemoteService> {
  const given = apiKey ?? process.env.SHRINKLY_API_KEY;
  // The saved login is read only when it is needed, so a damaged one never stands in the way of explicit options.
  const saved = server !== undefined && given !== undefined ? null : await readCliConfig().catch(() => null);
  const url = server !== undefined ? serviceUrl(server) : saved?.server;
  if (!url) fail('--remote needs a service saved by `shrinkly login`, or give --server URL');
  const key = given ?? (saved && saved.server === url ? saved.apiKey : undefined);
  if (!key) fail(`No API key for ${url}: give --api-key, set SHRINKLY_API_KEY, or run \`shrinkly login --server ${url}\``);
  return { server: url, apiKey: key };
}

async function runLogin(server: string | undefined, apiKey: string | undefined): Promise<number> {
  if (!server || !/^https?:\/\//.test(server)) fail('login needs --server URL, such as https://shrinkly.example');
  const url = serviceUrl(server);
  const key = apiKey ?? process.env.SHRINKLY_API_KEY ?? (await askSecret('API key: '));
  if (!key.startsWith(API_KEY_PREFIX)) fail(`An API key starts with ${API_KEY_PREFIX}: make one in Account Settings → API keys`);
  const user = await remoteClient({ server: url, apiKey: key }).me();
  await writeCliConfig({ server: url, apiKey: key });
  process.stdout.write(`${JSON.stringify({ server: url, email: user.email, saved: configPath() })}\n`);
  return 0;
}

/** A service's address as it is saved and compared: without trailing slashes. */
function serviceUrl(server: string): string {
  return server.replace(/\/+$/, '');
}

/** One line typed at the terminal without showing it (or piped in). */
async function askSecret(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  const { stdin } = process;
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin, terminal: false });
    try {
      for await (const line of lines) return line.trim();
    } finally {
      lines.close();
    }
    fail('No API key given.');
  }
  stdin.setRawMode(true);
  let typed = '';
  try {
    for await (const chunk of stdin) {
      for (const char of String(chunk)) {
        if (char === '\u0003') fail('');
        if (char === '\r' || char === '\n') return typed.trim();
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    }
  } finally {
    stdin.setRawMode(false);
    process.stderr.write('\n');
  }
  fail('No API key given.');
}

async function runEstimate(files: string[]): Promise<number> {
  return eachFile(
    files,
    async (input) => {
      const result = await estimate(input, { nameHint: input });
      return { input, originalSize: result.originalSize, ...result.sizes, method: result.method };
    },
    false,
  );
}

async function runConvert(files: string[], target: string, outDir: string | undefined): Promise<number> {
  if (outDir) await mkdir(outDir, { recursive: true });
  try {
    return await eachFile(files, async (input) => {
      const result = await convert(input, { target, nameHint: input });
      const output = path.join(outDir ?? path.dirname(input), `${path.basename(input, path.extname(input))}.${result.format}`);
      if (path.resolve(output) === path.resolve(input)) throw new Error('the output would replace the input: use --out');
      await copyFile(result.output, output);
      await rm(path.dirname(result.output), { recursive: true, force: true });
      return { input, output, format: result.format, originalSize: result.originalSize, convertedSize: result.convertedSize };
    });
  } finally {
    await sharedLibreOffice().close();
  }
}

async function runFormats(files: string[]): Promise<number> {
  return eachFile(
    files,
    async (input) => {
      const type = await detect(input, input);
      return { input, type: type.ext, formats: conversionTargets(type.ext) };
    },
    false,
  );
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      level: { type: 'string', short: 'l' },
      out: { type: 'string', short: 'o' },
      to: { type: 'string', short: 't' },
      target: { type: 'string' },
      'max-side': { type: 'string' },
      'max-ppi': { type: 'string' },
      'keep-camera-data': { type: 'boolean' },
      'allow-lower-quality': { type: 'boolean' },
      server: { type: 'string' },
      'api-key': { type: 'string' },
      remote: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...files] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (command === 'login') return runLogin(values.server, values['api-key']);
  if (files.length === 0) fail(`No files given.\n\n${USAGE}`);
  if (command === 'compress') {
    const level = (values.level ?? 'balanced') as CompressionLevel;
    if (!COMPRESSION_LEVELS.includes(level)) fail(`--level must be one of ${COMPRESSION_LEVELS.join(', ')}`);
    const targetBytes = values.target === undefined ? undefined : parseSize(values.target);
    if (
      values.target !== undefined &&
      (targetBytes === undefined || targetBytes < MIN_TARGET_BYTES || targetBytes > MAX_TARGET_BYTES)
    )
      fail('--target must be a size between 10KB and 5GB, such as 10MB, 500KB or a number of bytes');
    const belowFloor = values['allow-lower-quality'] ?? false;
    if (belowFloor && targetBytes === undefined) fail('--allow-lower-quality needs --target');
    const maxSide = values['max-side'];
    const maxDimension = maxSide === undefined ? undefined : maxDimensionSchema.safeParse(maxSide);
    if (maxDimension?.success === false) fail('--max-side must be a whole number of pixels between 16 and 16384');
    const maxPpi = values['max-ppi'];
    const maxImagePpi = maxPpi === undefined ? undefined : maxImagePpiSchema.safeParse(maxPpi);
    if (maxImagePpi?.success === false) fail('--max-ppi must be a whole number of pixels per inch between 36 and 1200');
    const metadata = values['keep-camera-data'] ? 'camera' : 'strip';
    const request = {
      targetBytes,
      belowFloor,
      maxDimension: maxDimension?.data,
      maxImagePpi: maxImagePpi?.data,
      metadata,
    } as const;
    const remote = values.server !== undefined || values.remote;
    const service = remote ? await remoteService(values.server, values['api-key']) : undefined;
    return runCompress(files, level, request, values.out, service);
  }
  if (command === 'estimate') return runEstimate(files);
  if (command === 'formats') return runFormats(files);
  if (command === 'convert') {
    if (!values.to || !/^[a-z0-9]{2,5}$/i.test(values.to)) fail(`convert needs --to FORMAT, such as pdf or png.\n\n${USAGE}`);
    return runConvert(files, values.to.toLowerCase(), values.out);
  }
  fail(`Unknown command "${command}".\n\n${USAGE}`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => fail(describe(err)),
);
