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
 * website: callers check `desktopBridge()` before showing anything desktop-only.
 */
export function desktopBridge(): DesktopBridge | undefined {
  if (typeof window === 'undefined') return undefined;
  const bridge = (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL];
  return typeof bridge === 'object' && bridge !== null ? (bridge as DesktopBridge) : undefined;
}

/** The desktop app refused a request or answered something unreadable; `message` is written for the user. */
export class DesktopError extends Error {
  constructor(
    message: string,
    /** The refusal's status (400 bad request, 401 sign-in needed, 404 unknown job…); 0 when there was no answer. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'DesktopError';
  }
}

// Electron wraps a handler's exception as "Error invoking remote method 'channel': Error: the message".
const ELECTRON_INVOKE_PREFIX = /^Error invoking remote method '[^']*':\s*(?:\w*Error:\s*)?/;

function requireBridge(): DesktopBridge {
  const bridge = desktopBridge();
  if (!bridge) throw new DesktopError('This works only in the Shrinkly desktop app', 0);
  return bridge;
}

/** Asks the main process on `channel`; the answer is checked against the channel's response schema. */
export async function desktopInvoke<C extends DesktopChannel>(
  channel: C,
  request: DesktopRequest<C>,
): Promise<DesktopResponse<C>> {
  const bridge = requireBridge();
  let answer: unknown;
  try {
    answer = await bridge.invoke(channel, request);
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(ELECTRON_INVOKE_PREFIX, '') : '';
    throw new DesktopError(message || 'The desktop app did not answer. Restart it and try again.', 0);
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

/** A user-facing message for anything a desktop call threw. */
export function desktopErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong in the desktop app. Try again.';
}
