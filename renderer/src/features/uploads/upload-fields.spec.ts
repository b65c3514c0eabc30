import { endpoints } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../transfer/multipart-form';
import { uploadFields } from './api';

describe('My Files upload fields', () => {
  it('send the level with the size to fit under, the longest side and the PDF pictures resolution, when chosen', () => {
    const form = multipartForm(
      endpoints.uploadFile,
      uploadFields({
        level: 'maximum',
        folderId: null,
        batchId: 'b1',
        choices: { targetBytes: 61_440, belowFloor: true, maxDimension: 1920, maxImagePpi: 150, metadata: 'camera' },
      }),
      new Blob(['x']),
    );
    expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'file'))).toEqual({
      compressionLevel: 'maximum',
      batchId: 'b1',
      targetBytes: '61440',
      belowFloor: 'true',
      maxDimension: '1920',
      maxImagePpi: '150',
      metadata: 'camera',
    });
    const plain = multipartForm(endpoints.uploadFile, uploadFields({ level: 'light', folderId: 'f1' }), new Blob(['x']));
    expect([...plain.keys()]).toEqual(['compressionLevel', 'folderId', 'file']);
  });
});
