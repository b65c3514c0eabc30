/**
 * The IPC between the main process and the preload. A sandboxed preload can require only 'electron', so it repeats
 * these values, typed as these constants: a difference fails the build.
 */
export const INVOKE_CHANNEL = 'shrinkly:invoke';
export const EVENT_CHANNEL = 'shrinkly:event';
/** How the window learns the app's version (webPreferences.additionalArguments). */
export const VERSION_ARGUMENT = '--shrinkly-version=';

/** What an invoke answers: the channel's answer, or the refusal (desktopErrorSchema) the preload rethrows. */
export type InvokeEnvelope = { value: unknown } | { error: { error: string; status: number } };
