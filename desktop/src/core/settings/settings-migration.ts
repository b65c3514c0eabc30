import { COMPRESSION_LEVELS } from '@shrinkly/contract';
import { z } from 'zod';

/** The settings version this app writes; older documents are migrated on first read. */
export const SETTINGS_VERSION = 2;

/**
 * Version 1 (the first desktop builds): a level under its old name, the output folder as `outputDir` ('' for
 * beside the original) and `replaceOriginal` instead of `keepOriginal`. Nothing about sync or the server yet.
 */
export const settingsV1Schema = z.object({
  level: z.enum(COMPRESSION_LEVELS).optional(),
  outputDir: z.string().optional(),
  replaceOriginal: z.boolean().optional(),
  launchAtLogin: z.boolean().optional(),
});
export type SettingsV1 = z.infer<typeof settingsV1Schema>;

/** A version-1 document in the current shape (fields it lacks take their defaults later). */
export function migrateV1(v1: SettingsV1): Record<string, unknown> {
  return {
    ...(v1.level && { defaultLevel: v1.level }),
    ...(v1.outputDir !== undefined && { outputFolder: v1.outputDir === '' ? null : v1.outputDir }),
    ...(v1.replaceOriginal !== undefined && { keepOriginal: !v1.replaceOriginal }),
    ...(v1.launchAtLogin !== undefined && { launchAtLogin: v1.launchAtLogin }),
  };
}

/** A stored document of any known version as the current shape (not yet validated). */
export function migrateSettings(stored: unknown, version: unknown): Record<string, unknown> {
  const document = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  if (version === SETTINGS_VERSION) return document;
  const v1 = settingsV1Schema.safeParse(document);
  return v1.success ? migrateV1(v1.data) : {};
}
