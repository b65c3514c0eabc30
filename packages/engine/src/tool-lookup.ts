import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import externalTools from './external-tools.json' with { type: 'json' };

/** A command-line program the engine runs, the Debian package that provides it, and what needs it. */
export interface ExternalTool {
  command: string;
  aptPackage: string;
  feature: string;
}

/** Every external program the engine may run (the same list the setup script installs). */
export const EXTERNAL_TOOLS: readonly ExternalTool[] = externalTools;

/** Full path of `command` on PATH, or null when it is not installed. */
export async function findOnPath(command: string, envPath = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * Tools that may come from elsewhere than PATH: an environment variable naming the binary, and for ffmpeg the
 * binary of the ffmpeg-static npm package (the desktop app ships it; a server installs Debian's ffmpeg).
 */
const TOOL_SOURCES: Record<string, { env: string; npmPackage?: string }> = {
  ffmpeg: { env: 'FFMPEG_PATH', npmPackage: 'ffmpeg-static' },
  ffprobe: { env: 'FFPROBE_PATH' },
};

/** Where to look for tools; every field defaults to this process's own. */
export interface ToolLookup {
  env?: NodeJS.ProcessEnv;
  /** The PATH searched last (default: env.PATH). */
  envPath?: string;
  /** What `require(name)` answers for an npm package that exports its binary's path; null when it is not installed. */
  loadPackage?: (name: string) => unknown;
}

const requireHere = createRequire(import.meta.url);

function loadInstalledPackage(name: string): unknown {
  try {
    return requireHere(name);
  } catch {
    return null;
  }
}

/**
 * A packaged Electron app keeps native binaries outside its asar archive (electron-builder's asarUnpack), while
 * the package still reports the path inside it.
 */
export function unpackedPath(file: string): string {
  return file.replace(`${path.sep}app.asar${path.sep}`, `${path.sep}app.asar.unpacked${path.sep}`);
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * Full path of an external tool, or null when it is missing: its environment variable (FFMPEG_PATH,
 * FFPROBE_PATH) when set, then ffmpeg-static's binary when that package and its binary are present, then PATH.
 */
export async function findTool(command: string, lookup: ToolLookup = {}): Promise<string | null> {
  const env = lookup.env ?? process.env;
  const source = TOOL_SOURCES[command];
  const named = source && env[source.env];
  if (named) return (await isExecutable(named)) ? named : null;
  if (source?.npmPackage) {
    const exported = (lookup.loadPackage ?? loadInstalledPackage)(source.npmPackage);
    if (typeof exported === 'string' && (await isExecutable(unpackedPath(exported)))) return unpackedPath(exported);
  }
  return findOnPath(command, lookup.envPath ?? env.PATH ?? '');
}

/** Which external tools are present, by command name. */
export async function probeTools(lookup: ToolLookup = {}): Promise<Record<string, boolean>> {
  const found = await Promise.all(EXTERNAL_TOOLS.map((t) => findTool(t.command, lookup)));
  return Object.fromEntries(EXTERNAL_TOOLS.map((t, i) => [t.command, found[i] !== null]));
}
