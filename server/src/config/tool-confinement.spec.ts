import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app.config.js';
import { checkToolConfinement } from './tool-confinement.js';

describe('checkToolConfinement', () => {
  const config = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env });
  const silent = pino({ level: 'silent' });

  it('stops a production start whose tools would run unconfined, unless the risk is accepted', () => {
    expect(() => checkToolConfinement(config({}), 'pdeathsig', silent)).toThrow(ConfigError);
    expect(() => checkToolConfinement(config({}), 'none', silent)).toThrow(
      /bubblewrap.*sandbox: none.*ALLOW_UNCONFINED_TOOLS=true/s,
    );
    expect(() => checkToolConfinement(config({ ALLOW_UNCONFINED_TOOLS: 'true' }), 'pdeathsig', silent)).not.toThrow();
    expect(() => checkToolConfinement(config({ NODE_ENV: 'development' }), 'pdeathsig', silent)).not.toThrow();
    expect(() => checkToolConfinement(config({}), 'bwrap', silent)).not.toThrow();
  });

  it('warns outside production', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    checkToolConfinement(config({ NODE_ENV: 'development' }), 'pdeathsig', logger);
    expect(lines.join('')).toMatch(/bubblewrap is not usable/);
  });
});
