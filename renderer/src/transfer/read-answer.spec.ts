import { ApiError, endpoints } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { readAnswer } from './read-answer';
import { UnexpectedAnswerError } from './transfer-errors';

const chunkAnswer = { uploadId: 'abcdef12', chunkIndex: 0, received: 1, totalChunks: 2 };

describe('readAnswer', () => {
  it('reads a success body with the route response schema', async () => {
    const res = Response.json({ ...chunkAnswer, extra: 'dropped' });
    await expect(readAnswer(endpoints.uploadChunk, res)).resolves.toEqual(chunkAnswer);
  });

  it('turns an error status into the ApiError the contract client throws, with the server words', async () => {
    const refused = readAnswer(endpoints.uploadChunk, Response.json({ message: 'storage unavailable' }, { status: 503 }));
    await expect(refused).rejects.toEqual(new ApiError(503, 'storage unavailable'));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    const plain = new Response('Payload too large', { status: 413 });
    await expect(readAnswer(endpoints.compress, plain)).rejects.toMatchObject({
      status: 413,
      serverMessage: 'Payload too large',
    });
    const empty = new Response(null, { status: 502, statusText: 'Bad Gateway' });
    await expect(readAnswer(endpoints.compress, empty)).rejects.toMatchObject({ message: '502: Bad Gateway' });
  });

  it('refuses a success body that is not JSON or not what the route answers', async () => {
    await expect(readAnswer(endpoints.uploadChunk, new Response('<html>'))).rejects.toBeInstanceOf(UnexpectedAnswerError);
    await expect(readAnswer(endpoints.uploadChunk, Response.json({ uploadId: 1 }))).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});
