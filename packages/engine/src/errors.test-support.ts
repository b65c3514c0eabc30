/** @internal Test helpers for calls that must fail. */
import { expect } from 'vitest';
import { EngineError, isEngineError } from './errors.js';

/** What `call` rejected with; undefined when it resolved. */
export const rejectionOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => undefined,
    (e: unknown) => e,
  );

/** What `call` rejected with, which must be an EngineError. */
export async function engineFailure(call: Promise<unknown>): Promise<EngineError> {
  const err = await rejectionOf(call);
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
}

/** `call` rejects with an EngineError of this kind. */
export async function expectKind(call: Promise<unknown>, kind: string): Promise<void> {
  const err = await rejectionOf(call);
  expect(isEngineError(err), `expected EngineError ${kind}, got ${String(err)}`).toBe(true);
  expect((err as { kind: string }).kind).toBe(kind);
}
