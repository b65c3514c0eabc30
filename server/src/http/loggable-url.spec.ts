import { describe, expect, it } from 'vitest';
import { loggableUrl } from './loggable-url.js';

describe('loggableUrl', () => {
  it('drops query strings and share tokens, which open files, and keeps the rest', () => {
    expect(loggableUrl('/api/files/abc/download?expires=1&sig=secret')).toBe('/api/files/abc/download');
    expect(loggableUrl('/api/share/AbCdEfGhIjKlMnOpQrStUv')).toBe('/api/share/[token]');
    expect(loggableUrl('/api/converter/downloads/id?expires=2&sig=x')).toBe('/api/converter/downloads/id');
    expect(loggableUrl('/api/files')).toBe('/api/files');
  });
});
