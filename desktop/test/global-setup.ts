import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The compression worker is loaded from desktop/dist and imports the engine's dist: both are built first. */
export default function setup(): void {
  execFileSync('npx', ['tsc', '-b', 'desktop'], { cwd: root, stdio: 'inherit' });
}
