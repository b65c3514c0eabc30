import { endpoints } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { multipartForm } from './multipart-form';

describe('multipartForm', () => {
  it('puts the text fields first and the bytes last, under the route file field', () => {
    const file = new File(['bytes'], 'photo.png');
    const form = multipartForm(endpoints.uploadFile, { compressionLevel: 'maximum', folderId: null, batchId: undefined }, file);
    expect([...form.keys()]).toEqual(['compressionLevel', 'file']);
    expect(form.get('compressionLevel')).toBe('maximum');
    expect((form.get('file') as File).name).toBe('photo.png');
  });

  it('names a slice after its file and sends numbers as text', () => {
    const form = multipartForm(endpoints.uploadChunk, { chunkIndex: 2, fileSize: 10 }, new Blob(['abc']), 'film.mp4');
    expect([...form.keys()]).toEqual(['chunkIndex', 'fileSize', 'chunk']);
    expect(form.get('chunkIndex')).toBe('2');
    expect((form.get('chunk') as File).name).toBe('film.mp4');
  });

  it('refuses a route that takes no multipart body', () => {
    expect(() => multipartForm(endpoints.login, {}, new Blob([]))).toThrow(/takes no multipart body/);
  });
});
