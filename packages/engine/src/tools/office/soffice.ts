import { access, copyFile, link, mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunProcess } from '../../process/run-process.js';
import { writeLockedDownProfile } from './lockdown.js';

/** A copy of `file` under a chosen name (a hard link when possible: no bytes copied). */
export async function placeAs(file: string, target: string): Promise<string> {
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await link(file, target);
  } catch {
    await copyFile(file, target);
  }
  return target;
}

/** What a one-off office run needs from its caller: the (confining) process runner and the cancel signal. */
export interface OfficeRunContext {
  runProcess: RunProcess;
  signal: AbortSignal;
}

/** One soffice command line: what to convert, to what, and where. */
export interface OfficeRun {
  /** The folder the office may see and write: inputs, `outDir` and its fresh profile lie inside it. */
  folder: string;
  inputs: readonly string[];
  /** `--convert-to`'s argument: an extension, optionally with `:filter` and `:options`. */
  target: string;
  outDir: string;
  /** `--infilter`'s argument: the import filter, optionally with `:options`. */
  inputFilter?: string;
  timeoutMs: number;
}

/**
 * Converts each input with one soffice process started for this run, with a fresh locked-down profile of its own (a
 * second office sharing a profile would hand the job to the first one). The office runs in the private sandbox of the
 * caller's runner and sees only `run.folder` besides the system's files. Returns the output path per input, or
 * undefined when LibreOffice could not load that input (it still exits 0 then). Inputs need distinct base names.
 */
export async function runOfficeOnce(ctx: OfficeRunContext, run: OfficeRun): Promise<Array<string | undefined>> {
  for (const file of [...run.inputs, run.outDir]) {
    if (path.relative(run.folder, file).startsWith('..')) throw new Error(`${file} is outside the office's folder`);
  }
  const profile = await mkdtemp(path.join(run.folder, 'lo-profile-'));
  await writeLockedDownProfile(profile);
  await mkdir(run.outDir, { recursive: true });
  const args = [
    '--headless',
    '--norestore',
    '--nolockcheck',
    '--nodefault',
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    ...(run.inputFilter ? [`--infilter=${run.inputFilter}`] : []),
    '--convert-to',
    run.target,
    '--outdir',
    run.outDir,
    ...run.inputs,
  ];
  await ctx.runProcess('soffice', args, {
    signal: ctx.signal,
    timeoutMs: run.timeoutMs,
    cwd: run.folder,
    sandbox: { private: true, writable: [run.folder] },
  });
  const ext = run.target.split(':')[0] ?? run.target;
  return Promise.all(
    run.inputs.map(async (input) => {
      const out = path.join(run.outDir, `${path.basename(input, path.extname(input))}.${ext}`);
      return access(out).then(
        () => out,
        () => undefined,
      );
    }),
  );
}
