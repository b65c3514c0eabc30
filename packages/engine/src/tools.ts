import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
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

/** Which external tools are present, by command name. */
export async function probeTools(envPath?: string): Promise<Record<string, boolean>> {
  const found = await Promise.all(EXTERNAL_TOOLS.map((t) => findOnPath(t.command, envPath)));
  return Object.fromEntries(EXTERNAL_TOOLS.map((t, i) => [t.command, found[i] !== null]));
}
