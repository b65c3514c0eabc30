import { type DesktopChannel, type DesktopRefusal, type DesktopResponse, desktopChannels } from '@shrinkly/contract';
import { z } from 'zod';

/**
 * A refusal inside the main process. It leaves the main process only as its DesktopRefusal shape (`refusalOf`): a
 * class does not survive Electron's IPC, and the renderer turns the shape into its own DesktopError.
 */
export class DesktopRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DesktopRequestError';
  }
}

/** The refusal `err` is, as the bridge sends it; undefined for any other failure (a fault, not a refusal). */
export function refusalOf(err: unknown): DesktopRefusal | undefined {
  return err instanceof DesktopRequestError ? { error: err.message, status: err.status } : undefined;
}

/** What each channel does with its request, already validated and parsed by the channel's schema. */
export type ChannelHandlers = {
  [C in DesktopChannel]: (
    request: z.output<(typeof desktopChannels)[C]['request']>,
  ) => Promise<DesktopResponse<C>> | DesktopResponse<C>;
};

export type DesktopRequestHandler = (channel: string, request: unknown) => Promise<unknown>;

function isChannel(channel: string): channel is DesktopChannel {
  return Object.hasOwn(desktopChannels, channel);
}

/**
 * The bridge's one entry point: an unknown channel is a 404, a request its schema refuses is a 400 with zod's
 * message (and never reaches a handler), and every answer is parsed by the channel's response schema.
 */
export function createIpcRouter(handlers: ChannelHandlers): DesktopRequestHandler {
  return async (channel, request) => {
    if (!isChannel(channel)) throw new DesktopRequestError(`Unknown channel: ${channel}`, 404);
    const shapes = desktopChannels[channel];
    const parsed = shapes.request.safeParse(request);
    if (!parsed.success) throw new DesktopRequestError(z.prettifyError(parsed.error), 400);
    const handler = handlers[channel] as (request: unknown) => Promise<unknown> | unknown;
    return shapes.response.parse(await handler(parsed.data));
  };
}
