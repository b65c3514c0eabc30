import { EXTERNAL_TOOLS, probeTools } from '@shrinkly/engine';
import { ConfigError, loadConfig } from './config/app.config.js';
import { createApp } from './create-app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, logger } = await createApp(config, { worker: config.runWorker });
  const tools = await probeTools();
  const missing = EXTERNAL_TOOLS.filter((t) => !tools[t.command]);
  if (missing.length > 0) {
    logger.warn(
      { missing: missing.map((t) => t.command) },
      `unavailable until installed: ${[...new Set(missing.map((t) => t.feature))].join('; ')}`,
    );
  }
  await app.listen(config.port, config.host);
  logger.info(
    {
      url: config.appUrl,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      queue: config.redis ? 'redis' : 'in-process',
      worker: config.runWorker,
      mail: config.mail.driver,
    },
    `Shrinkly is running at ${config.appUrl}`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
