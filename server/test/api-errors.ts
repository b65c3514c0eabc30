import { ApiError } from '@shrinkly/contract';
import { expect } from 'vitest';

/** The ApiError a client call was refused with; the test fails if the call succeeded or failed another way. */
export async function errorOf(call: Promise<unknown>, expected = 'an HTTP error'): Promise<ApiError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected ${expected}`).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** The HTTP status a client call was refused with. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  return (await errorOf(call)).status;
}
