import { z } from 'zod';
import { userSchema } from './auth.js';
import { comparisonSchema, compressionLevelSchema } from './compression.js';
import { folderListSchema } from './files.js';
import { METADATA_CHOICES, metadataChoiceSchema } from './metadata-choice.js';
import { maxDimensionSchema, maxImagePpiSchema } from './picture-size.js';
import { qualityLabelSchema, qualityScoreSchema } from './quality.js';
import { belowFloorSchema, targetBytesSchema } from './target-size.js';

/**
 * The desktop app's bridge: the one door between the renderer (untrusted web content) and the Electron main
 * process. Each channel declares its request and response shapes; the main process validates every request with
 * them before acting, and the renderer reads answers with them. Events flow the other way, from main to renderer.
 */

/** The hosted site the desktop app signs in to and syncs with unless the user sets another server. */
export const DEFAULT_SERVER_URL = 'https://shrinkly.app';

/** How many files one "compress these" call may queue (a folder's worth; more is refused, not truncated). */
export const DESKTOP_MAX_FILES_PER_CALL = 500;

/** An absolute path on the user's machine, as the native dialog or the drop gives it. */
const localPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0'), 'Not a valid path');
const localJobIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'Not a valid job id');

const serverUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter the server address, starting with https:// or http://' })
  .transform((url) => url.replace(/\/+$/, ''));

/** The app's settings (kept by the main process; schema version 2, see the desktop's settings migration). */
export const desktopSettingsSchema = z.object({
  defaultLevel: compressionLevelSchema.default('balanced'),
  /** Where results go; null: beside the original. */
  outputFolder: localPathSchema.nullable().default(null),
  /** true: results are written as NAME.min.EXT and the original stays; false: the result replaces the original. */
  keepOriginal: z.boolean().default(true),
  syncEnabled: z.boolean().default(false),
  /** The My Files folder synced results go to; null: the top level. */
  syncFolderId: z.uuid().nullable().default(null),
  serverUrl: serverUrlSchema.default(DEFAULT_SERVER_URL),
  launchAtLogin: z.boolean().default(false),
  /** What pictures keep of their metadata unless a compression says otherwise. */
  photoData: z.enum(METADATA_CHOICES).default('strip'),
});
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;
export const desktopSettingsPatchSchema = z
  .object({
    defaultLevel: compressionLevelSchema,
    outputFolder: localPathSchema.nullable(),
    keepOriginal: z.boolean(),
    syncEnabled: z.boolean(),
    syncFolderId: z.uuid().nullable(),
    serverUrl: serverUrlSchema,
    launchAtLogin: z.boolean(),
    photoData: z.enum(METADATA_CHOICES),
  })
  .partial()
  .strict();
export type DesktopSettingsPatch = z.input<typeof desktopSettingsPatchSchema>;

export const LOCAL_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const localJobStatusSchema = z.enum(LOCAL_JOB_STATUSES);

/**
 * Where a result stands with My Files: `off` (not sent), `queued`, `uploading`, `synced`, `failed` (retried with
 * backoff), `needs-sign-in` (the server refused the token) or `needs-plan` (sync is for trial and premium).
 */
export const SYNC_STATES = ['off', 'queued', 'uploading', 'synced', 'failed', 'needs-sign-in', 'needs-plan'] as const;
export const syncStateSchema = z.enum(SYNC_STATES);
export type SyncState = z.infer<typeof syncStateSchema>;

/** One file compressed on this machine. */
export const localJobSchema = z.object({
  id: localJobIdSchema,
  name: z.string(),
  sourcePath: z.string(),
  level: compressionLevelSchema,
  status: localJobStatusSchema,
  progress: z.number().min(0).max(100),
  originalSize: z.number().int().nonnegative(),
  compressedSize: z.number().int().nonnegative().nullable(),
  /** The result's quality score and its label (QUALITY_BANDS), once done. */
  qualityScore: qualityScoreSchema,
  qualityLabel: qualityLabelSchema,
  outputPath: z.string().nullable(),
  /** true when no setting made the file smaller: the original was kept and no copy was written. */
  unchanged: z.boolean(),
  /** What was done (the engine's recipe), or why it failed, in words for the user. */
  message: z.string().nullable(),
  sync: syncStateSchema,
});
export type LocalJob = z.infer<typeof localJobSchema>;

/** The sync queue as the renderer shows it. */
export const syncStatusSchema = z.object({
  enabled: z.boolean(),
  online: z.boolean(),
  pending: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  synced: z.number().int().nonnegative(),
  /** When the next retry runs (ISO), if one is waiting. */
  nextRetryAt: z.string().nullable(),
  /** The last problem, in words, e.g. "Sign in again to keep syncing". */
  problem: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** Who is signed in, on which server, and whether their plan may sync. */
export const desktopAccountSchema = z.object({
  serverUrl: z.string(),
  user: userSchema.nullable(),
  /** false on free accounts: sync needs a trial or premium (see /subscribe). */
  maySync: z.boolean(),
  /** false when the operating system offers no secure storage: the sign-in then lasts until the app quits. */
  tokenPersisted: z.boolean(),
});
export type DesktopAccount = z.infer<typeof desktopAccountSchema>;

const none = z.undefined();
const ok = z.object({ ok: z.literal(true) });

/** Every channel of the bridge: its request (validated in the main process) and its answer. */
export const desktopChannels = {
  'settings:get': { request: none, response: desktopSettingsSchema },
  'settings:update': { request: desktopSettingsPatchSchema, response: desktopSettingsSchema },
  'dialog:choose-files': { request: none, response: z.object({ paths: z.array(z.string()) }) },
  'dialog:choose-folder': { request: none, response: z.object({ path: z.string().nullable() }) },
  'compress:start': {
    request: z
      .object({
        paths: z.array(localPathSchema).min(1).max(DESKTOP_MAX_FILES_PER_CALL),
        level: compressionLevelSchema.optional(),
        /** The options beside the level, as the API takes them. */
        targetBytes: targetBytesSchema,
        belowFloor: belowFloorSchema,
        maxDimension: maxDimensionSchema,
        maxImagePpi: maxImagePpiSchema,
        metadata: metadataChoiceSchema,
      })
      .strict(),
    response: z.object({ jobs: z.array(localJobSchema) }),
  },
  'compress:cancel': { request: z.object({ id: localJobIdSchema }).strict(), response: ok },
  'compress:list': { request: none, response: z.object({ jobs: z.array(localJobSchema) }) },
  'compress:clear-finished': { request: none, response: z.object({ jobs: z.array(localJobSchema) }) },
  /** Before and after of a finished job: the engine's renditions of a picture, PDF or video (404 when it has none). */
  'compress:comparison': { request: z.object({ id: localJobIdSchema }).strict(), response: comparisonSchema },
  /** Shows a result in the system's file manager; only outputs of this app's jobs, never an arbitrary path. */
  'compress:show-in-folder': { request: z.object({ id: localJobIdSchema }).strict(), response: ok },
  'account:get': { request: none, response: desktopAccountSchema },
  'account:sign-in': {
    request: z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }).strict(),
    response: desktopAccountSchema,
  },
  'account:sign-out': { request: none, response: desktopAccountSchema },
  'sync:status': { request: none, response: syncStatusSchema },
  'sync:send': {
    request: z.object({ ids: z.array(localJobIdSchema).min(1).max(DESKTOP_MAX_FILES_PER_CALL) }).strict(),
    response: syncStatusSchema,
  },
  'sync:retry': { request: none, response: syncStatusSchema },
  /** The signed-in user's My Files folders on the configured server (GET /api/folders), to pick where results go. */
  'sync:folders': { request: none, response: z.object({ folders: folderListSchema }) },
  /** Opens a page of the configured server (e.g. /subscribe) in the system browser. */
  'shell:open-server-page': {
    request: z.object({ path: z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'Not a page of the site') }).strict(),
    response: ok,
  },
} as const;
export type DesktopChannel = keyof typeof desktopChannels;
export type DesktopRequest<C extends DesktopChannel> = z.input<(typeof desktopChannels)[C]['request']>;
export type DesktopResponse<C extends DesktopChannel> = z.infer<(typeof desktopChannels)[C]['response']>;

/** What the main process tells the renderer without being asked. */
export const desktopEvents = {
  'jobs:changed': z.object({ jobs: z.array(localJobSchema) }),
  'sync:changed': syncStatusSchema,
  'account:changed': desktopAccountSchema,
  /** Files dropped on the window outside the renderer's drop area, or opened with the app. */
  'files:opened': z.object({ paths: z.array(z.string()) }),
} as const;
export type DesktopEvent = keyof typeof desktopEvents;
export type DesktopEventPayload<E extends DesktopEvent> = z.infer<(typeof desktopEvents)[E]>;

/**
 * A refusal the main process sends back instead of an answer (bad request, unknown channel, failed action): the
 * user's message and a status (400 bad request, 403 not chosen by the user, 404 unknown job…). It crosses the bridge
 * as this plain shape, never as an error class (a class does not survive Electron's IPC), and the renderer reads it.
 */
export const desktopErrorSchema = z.object({ error: z.string(), status: z.number().int() });
export type DesktopRefusal = z.infer<typeof desktopErrorSchema>;

/**
 * What the preload exposes as `window.shrinklyDesktop` (contextBridge). The renderer reaches it through one module
 * and runs as the website when it is absent.
 */
export interface DesktopBridge {
  readonly platform: string;
  readonly appVersion: string;
  /** The channel's answer, or the main process's refusal as a DesktopRefusal (answered, not thrown). */
  invoke<C extends DesktopChannel>(channel: C, request: DesktopRequest<C>): Promise<DesktopResponse<C> | DesktopRefusal>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends DesktopEvent>(event: E, listener: (payload: DesktopEventPayload<E>) => void): () => void;
  /** The path of a file dropped on the page (Electron's webUtils.getPathForFile); '' when it has none. */
  pathForFile(file: File): string;
}

/** The global name the preload uses. */
export const DESKTOP_BRIDGE_GLOBAL = 'shrinklyDesktop';
