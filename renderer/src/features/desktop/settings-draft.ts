import { type DesktopSettings, type DesktopSettingsPatch, desktopSettingsPatchSchema } from '@shrinkly/contract';

/** The settings form as typed: the server address is free text until it is checked. */
export type SettingsDraft = DesktopSettings;
export type SettingsErrors = Partial<Record<keyof DesktopSettings, string>>;

/** What each group of fields of the settings form is given: the draft, its errors, and the setter of one setting. */
export interface SettingsFieldsProps {
  draft: SettingsDraft;
  errors: SettingsErrors;
  set: <K extends keyof DesktopSettings>(key: K, value: DesktopSettings[K]) => void;
}

/** Only the fields that differ from the saved settings. */
export function changedSettings(saved: DesktopSettings, draft: SettingsDraft): DesktopSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof DesktopSettings)[]) {
    if (draft[key] !== saved[key]) patch[key] = draft[key];
  }
  return patch as DesktopSettingsPatch;
}

/**
 * Checks the changes with the contract's own rules (the messages are the schema's), plus what the form itself
 * asks: a chosen output folder must have been picked.
 */
export function checkSettings(
  patch: DesktopSettingsPatch,
  choice: { outputToFolder: boolean; outputFolder: string | null },
): { patch: DesktopSettingsPatch; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  if (choice.outputToFolder && !choice.outputFolder)
    errors.outputFolder = 'Choose a folder, or save results beside the originals';
  const parsed = desktopSettingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof DesktopSettings | undefined;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  return { patch: parsed.success ? parsed.data : patch, errors };
}
