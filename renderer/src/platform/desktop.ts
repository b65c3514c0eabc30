import {
  DESKTOP_BRIDGE_GLOBAL,
  type DesktopBridge,
  type DesktopChannel,
  type DesktopEvent,
  type DesktopEventPayload,
  type DesktopRequest,
  type DesktopResponse,
  desktopChannels,
  desktopErrorSchema,
  desktopEvents,
} from '@shrinkly/contract';

/**
 * The one door to the desktop app's bridge (the preload's `window.shrinklyDesktop`). Without it the renderer is the
 * website: `platform/index.ts` asks once, at startup, to choose the platform.
 */
export function desktopBridge(): DesktopBridge | undefined {
  if (typeof window === 'undefined') return undefined;
  const bridge = (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL];
  return typeof bridge === 'object' && bridge !== null ? (bridge as DesktopBridge) : undefined;
}

// Electron wraps a handler's exception as "Error invoking remote method 'channel': Error: the message".
const ELECTRON_INVOKE_PREFIX = /^Error invoking remote method '[^']*':\s*(?:\w*Error:\s*)?/;
const UNKNOWN_FAILURE = 'Something went wrong in the desktop app. Try again.';
const NO_ANSWER = 'The desktop app did not answer. Restart it and try again.';

/**
 * The one error a desktop call fails with, whatever refused it: the main process (its `{ error, status }` answer),
 * the preload (a thrown error) or this window (no bridge, an unreadable answer). Screens show `message` as it is:
 * it is written for the user.
 */
export class DesktopError extends Error {
  constructor(
    message: string,
    /** The refusal's status (400 bad request, 403 not chosen by the user, 404 unknown job…); 0 when there was no answer. */
    readonly status: number,
  ) {
    super(message || UNKNOWN_FAILURE);
    this.name = 'DesktopError';
  }

  /** What the bridge threw, as a DesktopError: Electron's wrapper removed, its status kept when it carries one. */
  static fromThrown(error: unknown): DesktopError {
    if (error instanceof DesktopError) return error;
    const message = error instanceof Error ? error.message.replace(ELECTRON_INVOKE_PREFIX, '') : '';
    const status = (error as { status?: unknown } | null)?.status;
    return new DesktopError(message || NO_ANSWER, typeof status === 'number' ? status : 0);
  }
}

function requireBridge(): DesktopBridge {
  const bridge = desktopBridge();
  if (!bridge) throw new DesktopError('This works only in the Shrinkly desktop app', 0);
  return bridge;
}

/**
 * Asks the main process on `channel`; the answer is checked against the channel's response schema. Fails only with
 * a DesktopError.
 */
export async function desktopInvoke<C extends DesktopChannel>(
  channel: C,
  request: DesktopRequest<C>,
): Promise<DesktopResponse<C>> {
  const bridge = requireBridge();
  let answer: unknown;
  try {
    answer = await bridge.invoke(channel, request);
  } catch (error) {
    throw DesktopError.fromThrown(error);
  }
  const refusal = desktopErrorSchema.safeParse(answer);
  if (refusal.success) throw new DesktopError(refusal.data.error, refusal.data.status);
  const parsed = desktopChannels[channel].response.safeParse(answer);
  if (!parsed.success) {
    throw new DesktopError('The desktop app gave an answer this window cannot read. Update the app and try again.', 0);
  }
  return parsed.data as DesktopResponse<C>;
}

/**
 * Calls `listener` with each `event` the main process sends, checked against its schema (a malformed payload is
 * dropped). Returns the unsubscribe; outside the desktop app nothing is ever sent.
 */
export function onDesktopEvent<E extends DesktopEvent>(
  event: E,
  listener: (payload: DesktopEventPayload<E>) => void,
): () => void {
  const bridge = desktopBridge();
  if (!bridge) return () => {};
  return bridge.on(event, (payload) => {
    const parsed = desktopEvents[event].safeParse(payload);
    if (parsed.success) listener(parsed.data as DesktopEventPayload<E>);
  });
}

/** The path of a file dropped on the page, or null for one with no place on disk (dragged from a web page). */
export function desktopPathForFile(file: File): string | null {
  return requireBridge().pathForFile(file) || null;
}
