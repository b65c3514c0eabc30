import { loadConfig } from '../config/app.config.js';
import { openDatabase } from './client.js';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
