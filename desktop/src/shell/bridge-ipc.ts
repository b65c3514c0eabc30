import type { DesktopRefusal } from '@shrinkly/contract';

/**
 * The IPC between the main process and the preload. A sandboxed preload can require only 'electron', so it repeats
 * these values, typed as these constants: a difference fails the build.
 */
export const INVOKE_CHANNEL = 'shrinkly:invoke';
export const EVENT_CHANNEL = 'shrinkly:event';
/**
 * The preload's report of files the user dropped on the window (paths from webUtils.getPathForFile): sent only by
 * the preload's own drop listener, which the page cannot reach, so the main process lets the bridge take those files.
 */
export const DROP_CHANNEL = 'shrinkly:dropped';
/** How the window learns the app's version (webPreferences.additionalArguments). */
export const VERSION_ARGUMENT = '--shrinkly-version=';

/** What an invoke answers: the channel's answer, or the refusal the preload hands on to the renderer as it is. */
export type InvokeEnvelope = { value: unknown } | { error: DesktopRefusal };
