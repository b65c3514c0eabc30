import type { SandboxMode } from '@shrinkly/engine';
import type { Logger } from 'pino';
import { type AppConfig, ConfigError } from './app.config.js';

const WHY =
  'bubblewrap is not usable on this machine, so the tools that open uploaded files (ghostscript, ffmpeg, 7-Zip, ' +
  'LibreOffice) would run with the network and the files of this server, DATA_DIR included';
const FIX = 'install the bubblewrap package and allow unprivileged user namespaces';

/**
 * Every tool the engine runs on an upload is confined by bubblewrap (engine/src/process/sandbox.ts). Without it a
 * tool that a hostile file takes over reads what the server reads. A production server does not start that way
 * unless ALLOW_UNCONFINED_TOOLS=true accepts the risk; elsewhere (a laptop, the desktop app's engine) it warns.
 */
export function checkToolConfinement(config: AppConfig, mode: SandboxMode, logger: Logger): void {
  if (mode === 'bwrap') return;
  if (config.env === 'production' && !config.allowUnconfinedTools) {
    throw new ConfigError(
      `Invalid configuration:\n  ${WHY} (sandbox: ${mode}); ${FIX}, or set ALLOW_UNCONFINED_TOOLS=true to accept the risk`,
    );
  }
  logger.warn({ sandbox: mode }, `${WHY} (${FIX})`);
}
