import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * How the engine confines the external tools it runs on hostile files.
 *
 * - `bwrap` (bubblewrap, Debian's `bubblewrap` package): every tool runs in its own network namespace with no
 *   interface but a down loopback, so a file cannot make a tool reach any address (our own API included); in its own
 *   PID namespace, so killing the tool kills everything it started; and it dies with its parent (the server or the
 *   office bridge), even on `kill -9`. A *private* sandbox (every tool an engine call runs: see job-runner.ts) also
 *   sees only the system's program files and the paths it is given (its input read-only, its work folder): no data
 *   folder, no other job's files, no checkout, no home, no /etc beyond what the tools read (fonts, their policies).
 * - `pdeathsig` (bubblewrap missing or unusable, e.g. no user namespaces): tools still die with their parent
 *   (`setpriv --pdeathsig`), but they have the network and the file system of the server. The server warns at start.
 * - `none`: neither tool found; tools run as plain children.
 */
export type SandboxMode = 'bwrap' | 'pdeathsig' | 'none';

export interface SandboxOptions {
  /**
   * Private: only the system's program files, fonts, a fresh /tmp and `writable` are visible.
   * Otherwise the whole file system is visible as usual (only the network and the process tree are confined).
   */
  private?: boolean;
  /** Folders the tool may read and write (private sandboxes only; they must exist). */
  writable?: readonly string[];
  /** Single files or folders the tool may only read (private sandboxes only). */
  readable?: readonly string[];
  /** HOME inside a private sandbox (default: the first writable folder). */
  home?: string;
  /** The folder the tool starts in (default: `home`); it must be visible in the sandbox. */
  cwd?: string;
}

/**
 * What a private sandbox shows of /etc and /var: the dynamic linker cache, fonts, and the tools' own settings
 * (ImageMagick's and ghostscript's policies and font maps, LibreOffice's). Nothing with accounts, keys or hosts.
 */
const PRIVATE_ETC = [
  '/etc/ld.so.cache',
  '/etc/fonts',
  '/etc/libreoffice',
  '/etc/alternatives',
  '/etc/localtime',
  '/var/cache/fontconfig',
  '/etc/ImageMagick-6',
  '/etc/ImageMagick-7',
  '/etc/ghostscript',
  '/var/lib/ghostscript',
];

let detected: SandboxMode | undefined;
let forced: SandboxMode | undefined;

/** The confinement this machine supports, probed once (a few milliseconds). */
export function sandboxMode(): SandboxMode {
  if (forced) return forced;
  if (detected) return detected;
  const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
  if (works('bwrap', [...sharedFlags(), '--dev-bind', '/', '/', '--proc', '/proc', 'true'])) detected = 'bwrap';
  else if (works('setpriv', ['--pdeathsig', 'KILL', 'true'])) detected = 'pdeathsig';
  else detected = 'none';
  return detected;
}

/** @internal Runs tools with a weaker mode than the machine supports (tests of each defence on its own); undefined restores it. */
export function forceSandboxMode(mode: SandboxMode | undefined): void {
  forced = mode;
}

function sharedFlags(): string[] {
  return ['--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent'];
}

/**
 * The command line that runs `command args` confined as this machine allows. `command` should be an absolute path
 * (a private sandbox has no PATH lookups of its own beyond /usr).
 */
export function sandboxed(
  command: string,
  args: readonly string[],
  options: SandboxOptions = {},
): { command: string; args: string[] } {
  const mode = sandboxMode();
  if (mode === 'none') return { command, args: [...args] };
  if (mode === 'pdeathsig') return { command: 'setpriv', args: ['--pdeathsig', 'KILL', '--', command, ...args] };
  const view = options.private ? privateView(command, options) : ['--dev-bind', '/', '/', '--proc', '/proc'];
  return { command: 'bwrap', args: [...sharedFlags(), ...view, '--', command, ...args] };
}

/** Whether `inner` is `outer` or lies inside it. */
function within(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function privateView(command: string, options: SandboxOptions): string[] {
  const flags = [
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    ...(existsSync('/usr/lib64') ? ['--symlink', 'usr/lib64', '/lib64'] : []),
    ...(existsSync('/usr/lib32') ? ['--symlink', 'usr/lib32', '/lib32'] : []),
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
  ];
  for (const p of PRIVATE_ETC) flags.push('--ro-bind-try', p, p);
  // A tool installed outside /usr (FFMPEG_PATH, a bundled binary) is shown on its own, read-only.
  if (path.isAbsolute(command) && !within(command, '/usr')) flags.push('--ro-bind', command, command);
  for (const p of options.readable ?? []) flags.push('--ro-bind', p, p);
  for (const p of options.writable ?? []) flags.push('--bind', p, p);
  const home = options.home ?? options.writable?.[0];
  if (home) flags.push('--setenv', 'HOME', home, '--setenv', 'TMPDIR', home);
  const cwd = options.cwd ?? home;
  if (cwd) flags.push('--chdir', cwd);
  // The sandbox's own root (where bwrap made the folders leading to the binds) takes no writes either.
  flags.push('--remount-ro', '/');
  return flags;
}
