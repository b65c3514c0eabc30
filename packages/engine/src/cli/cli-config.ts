import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** What `shrinkly login` keeps: the service and the API key to call it with. */
export interface CliConfig {
  server: string;
  apiKey: string;
}

/** `$XDG_CONFIG_HOME/shrinkly/config.json`, or `~/.config/shrinkly/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'shrinkly', 'config.json');
}

export async function readCliConfig(file = configPath()): Promise<CliConfig | null> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return null;
  const parsed = JSON.parse(text) as Partial<CliConfig>;
  return typeof parsed.server === 'string' && typeof parsed.apiKey === 'string'
    ? { server: parsed.server, apiKey: parsed.apiKey }
    : null;
}

/** Written whole under another name, readable by the user alone, then put in place. */
export async function writeCliConfig(config: CliConfig, file = configPath()): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(partial, 0o600);
  await rename(partial, file);
}
