import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const built = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/shell/preload.cjs');

describe('the built preload', () => {
  it('is CommonJS that requires nothing but electron, as a sandboxed preload must', async () => {
    const code = await readFile(built, 'utf8');
    const required = [...code.matchAll(/require\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toMatch(/\bimport\(/);
  });
});
