import { EXTERNAL_TOOLS, probeTools, sandboxMode } from '@shrinkly/engine';
import { ConfigError, loadConfig } from './config/app.config.js';
import { createApp } from './create-app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, logger } = await createApp(config, { worker: config.worker });
  const tools = await probeTools();
  const missing = EXTERNAL_TOOLS.filter((t) => !tools[t.command]);
  if (missing.length > 0) {
    logger.warn({ missing: missing.map((t) => t.command) }, `unavailable until installed: ${[...new Set(missing.map((t) => t.feature))].join('; ')}`);
  }
  if (sandboxMode() !== 'bwrap') {
    logger.warn(
      { sandbox: sandboxMode() },
      'bubblewrap is not usable here: the tools that open uploaded files run with the network and files of this server (install the bubblewrap package; user namespaces must be allowed)',
    );
  }
  await app.listen(config.port, config.host);
  logger.info({ url: config.appUrl, database: config.databaseUrl ? 'postgres' : 'pglite', mail: config.mail.driver, worker: config.worker }, `Shrinkly is running at ${config.appUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
